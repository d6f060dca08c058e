import Foundation

precedencegroup BindingPrecedence {
  associativity: right
  higherThan: AssignmentPrecedence
  lowerThan: TernaryPrecedence
}

infix operator <~ : BindingPrecedence

/// Binds `signal` to `property`: every value of the signal becomes the property's value, until
/// the signal completes or the property goes away (RAC's `RAC(target, keyPath) = signal`).
/// Only signals that cannot fail can be bound.
///
/// ```swift
/// let title = MutableProperty("")
/// title <~ model.titles
/// ```
@discardableResult
public func <~ <Value>(property: MutableProperty<Value>, signal: Signal<Value, Never>)
  -> any Disposable
{
  signal.take(during: property.lifetime).subscribe(
    next: { [weak property] in property?.value = $0 }, isolation: nil)
}

/// Binds `signal` to `target` (see `Signal.bind(to:at:)`).
///
/// ```swift
/// label.rac[\.text] <~ model.titles
/// ```
@discardableResult
public func <~ <Object: AnyObject, Value>(
  target: BindingTarget<Object, Value>, signal: Signal<Value, Never>
) -> any Disposable {
  signal.bind(to: target)
}

/// A key path of an object that a signal can be bound to: `object.rac[\.keyPath]`.
public struct BindingTarget<Object: AnyObject, Value>: @unchecked Sendable {
  // Holds the object weakly: a binding never keeps its target alive.
  weak var object: Object?
  let keyPath: ReferenceWritableKeyPath<Object, Value>
  let isolation: (any Actor)?
}

/// Gives an object the `rac` namespace for bindings: declare conformance on your types
/// (`extension MyView: BindingTargetProvider {}`).
public protocol BindingTargetProvider: AnyObject {}

/// The `rac` namespace of a ``BindingTargetProvider``.
public struct Reactive<Object: AnyObject> {
  let object: Object
  let isolation: (any Actor)?

  /// The binding target for `keyPath`.
  public subscript<Value>(_ keyPath: ReferenceWritableKeyPath<Object, Value>) -> BindingTarget<
    Object, Value
  > {
    BindingTarget(object: object, keyPath: keyPath, isolation: isolation)
  }
}

extension BindingTargetProvider {
  /// Binding targets of this object: `object.rac[\.keyPath] <~ signal`. Bound from an actor, the
  /// assignments run on that actor.
  public func rac(isolation: isolated (any Actor)? = #isolation) -> Reactive<Self> {
    Reactive(object: self, isolation: isolation)
  }

  /// Binding targets of this object, assigned on the thread that sends.
  public var rac: Reactive<Self> { Reactive(object: self, isolation: nil) }
}

/// Objects with a ``Lifetime``: bindings into them end when it ends, even if the bound signal
/// never sends again.
public protocol LifetimeProvider: AnyObject {
  /// Ends when the object goes away.
  var lifetime: Lifetime { get }
}

extension Signal where Failure == Never {
  /// Assigns every value to `object[keyPath: keyPath]` (RAC's `RAC(object, keyPath)` and
  /// `-setKeyPath:onObject:`). The object is held weakly: the binding ends when it goes away —
  /// at once for a ``LifetimeProvider``, else at the next value — or when the signal completes.
  /// Bound from an actor, assignments run on that actor.
  ///
  /// Binding the same key path of the same object twice while the first binding is live is
  /// reported (RAC asserted, A10-22) and the new binding replaces the old one.
  ///
  /// ```swift
  /// model.titles.bind(to: label, at: \.text)
  /// ```
  @discardableResult
  public func bind<Object: AnyObject>(
    to object: Object, at keyPath: ReferenceWritableKeyPath<Object, Value>,
    isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable {
    bind(to: BindingTarget(object: object, keyPath: keyPath, isolation: isolation))
  }

  /// Like `bind(to:at:)`, for an optional source and a non-optional property:
  /// `nil` is assigned as `nilValue` (RAC's `RAC(object, keyPath, nilValue)`).
  ///
  /// ```swift
  /// model.nickname.bind(to: label, at: \.text, nilValue: "anonymous")
  /// ```
  @discardableResult
  public func bind<Object: AnyObject, Wrapped>(
    to object: Object, at keyPath: ReferenceWritableKeyPath<Object, Wrapped>,
    nilValue: Wrapped, isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable where Value == Wrapped?, Wrapped: Sendable {
    map { $0 ?? nilValue }.bind(
      to: BindingTarget(object: object, keyPath: keyPath, isolation: isolation))
  }

  /// Binds to `target`.
  public func bind<Object: AnyObject>(to target: BindingTarget<Object, Value>) -> any Disposable {
    guard let object = target.object else { return AnyDisposable() }
    var source = self
    if let provider = object as? any LifetimeProvider {
      source = take(during: provider.lifetime)
    }
    let holder = BindingHolder(object: object)
    let keyPath = target.keyPath
    let subscription = SerialDisposable()
    let registration = BindingRegistry.shared.register(
      object: object, keyPath: keyPath, binding: subscription)
    subscription.disposable = source.subscribe(
      next: { value in
        guard let object = holder.object else {
          subscription.dispose()
          return
        }
        object[keyPath: keyPath] = value
      },
      deliveringOn: target.isolation)
    return AnyDisposable {
      subscription.dispose()
      registration.dispose()
    }
  }
}

/// The object of a binding, held weakly.
final class BindingHolder<Object: AnyObject>: @unchecked Sendable {
  // Lock discipline: `object` is a weak reference, read atomically by the runtime.
  weak var object: Object?
  init(object: Object) { self.object = object }
}

/// Tells when a key path of an object gets a second live binding (A10-22).
///
/// ```swift
/// BindingRegistry.shared.report = { message in Issue.record(Comment(rawValue: message)) }
/// ```
public final class BindingRegistry: @unchecked Sendable {
  /// The registry every binding registers with.
  public static let shared = BindingRegistry()

  // Lock discipline: `live` and `reporter` are read and written with `lock` held.
  private let lock = NSLock()
  private var live: [Key: WeakDisposable] = [:]
  private var reporter: @Sendable (String) -> Void = { message in
    SignalLog.output("warning: \(message)")
  }

  // Immutable: an object identity and a key path.
  private struct Key: Hashable, @unchecked Sendable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
  }

  private struct WeakDisposable {
    weak var value: (any Disposable)?
  }

  /// Receives the message about a duplicate binding; by default it goes to ``SignalLog/output``
  /// as a warning.
  public var report: @Sendable (String) -> Void {
    get { lock.withLock { reporter } }
    set { lock.withLock { reporter = newValue } }
  }

  func register(object: AnyObject, keyPath: AnyKeyPath, binding: any Disposable) -> any Disposable {
    let key = Key(object: ObjectIdentifier(object), keyPath: keyPath)
    let (previous, reporter) = lock.withLock {
      () -> ((any Disposable)?, @Sendable (String) -> Void) in
      let previous = live[key]?.value
      live[key] = WeakDisposable(value: binding)
      return (previous, self.reporter)
    }
    if let previous, !previous.isDisposed {
      reporter(
        "\(type(of: object)) \(keyPath) is already bound; the new binding replaces the old one "
          + "(two bindings of one key path fight — RAC asserted here, A10-22)")
      previous.dispose()
    }
    return AnyDisposable { [weak self, weak binding] in
      self?.lock.withLock {
        if let current = self?.live[key]?.value, current !== binding { return }
        self?.live[key] = nil
      }
    }
  }
}
