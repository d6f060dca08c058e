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
@inlinable
@discardableResult
public func <~ <Value>(property: MutableProperty<Value>, signal: Signal<Value, Never>)
  -> any Disposable
{
  // A weak reference of its own rather than `[weak property]`, whose box is checked for
  // exclusive access on every value (see ``WeakReference``).
  let target = WeakReference(property)
  return signal.take(during: property.lifetime).subscribe(
    next: { target.object?.value = $0 }, isolation: nil)
}

/// Binds a signal of non-optional values to an optional property: every value becomes the
/// property's value, as RAC's `RAC()` bound any object into any property.
///
/// ```swift
/// let thumbnail = MutableProperty<Data?>(nil)
/// thumbnail <~ downloads  // a Signal<Data, Never>
/// ```
@inlinable
@discardableResult
public func <~ <Value>(property: MutableProperty<Value?>, signal: Signal<Value, Never>)
  -> any Disposable
{
  let target = WeakReference(property)
  return signal.take(during: property.lifetime).subscribe(
    next: { target.object?.value = $0 }, isolation: nil)
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

/// Binds a signal of non-optional values to an optional key path (`label.rac[\.text]`, a
/// `String?`, from a `Signal<String, Never>`).
///
/// ```swift
/// label.rac[\.text] <~ model.title
/// ```
@discardableResult
public func <~ <Object: AnyObject, Value>(
  target: BindingTarget<Object, Value?>, signal: Signal<Value, Never>
) -> any Disposable {
  signal.map({ Optional($0) }, isolation: nil).bind(to: target)
}

/// A key path of an object that a signal can be bound to: `object.rac[\.keyPath]`.
public struct BindingTarget<Object: AnyObject, Value>: @unchecked Sendable {
  // Lock discipline: immutable after init (the runtime reads and clears a weak reference
  // atomically); the object is only touched by the binding, on `isolation` when it has one.
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
  /// at once for a ``LifetimeProvider``, or for an `@Observable` object bound from an actor,
  /// else at the next value — or when the signal completes. Bound from an actor, assignments run
  /// on that actor.
  ///
  /// Binding the same key path of the same object twice while the first binding is live is
  /// reported (RAC asserted) and the new binding replaces the old one.
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
    bind(to: target, unlessEqual: nil)
  }

  /// Binds to `target`, leaving the key path alone when `isEqual` says the value it holds equals
  /// the one arriving (read and compared where the assignment runs, on the target's actor): the
  /// model side of a two-way link (`<~>`), which must not set back what it was just sent.
  func bind<Object: AnyObject>(
    to target: BindingTarget<Object, Value>, unlessEqual isEqual: ((Value, Value) -> Bool)?
  ) -> any Disposable {
    guard let object = target.object else { return AnyDisposable() }
    var source = self
    if let provider = object as? any LifetimeProvider {
      source = take(during: provider.lifetime)
    } else if let end = observationEnd(of: object, for: target) {
      source = take(until: end)
    }
    let holder = WeakReference(object)
    let keyPath = target.keyPath
    let subscription = SerialDisposable()
    let registration = BindingRegistry.shared.register(
      object: object, keyPath: keyPath, binding: subscription)
    let enabledCheck = ControlEnabledCheck(object: object, keyPath: keyPath)
    subscription.disposable = source.subscribe(
      next: { value in
        guard let object = holder.object else {
          subscription.dispose()
          return
        }
        if let isEqual, isEqual(object[keyPath: keyPath], value) { return }
        guard let enabledCheck else {
          object[keyPath: keyPath] = value
          return
        }
        if enabledCheck.assign({ object[keyPath: keyPath] = value }, on: object) {
          subscription.dispose()
        }
      },
      deliveringOn: target.isolation)
    return AnyDisposable {
      subscription.dispose()
      registration.dispose()
    }
  }
}

/// Watches a key-path binding of a `Bool` on an ``ActionControl`` for writing the control's
/// `isEnabled` while a command is bound to the control (RAC's `RAC(button, enabled)` next to
/// `rac_command`, which ReactiveCocoa 2 rejects with an assertion).
///
/// Swift gives the two no common identity to check when they are bound: the command binding
/// writes through the ``ActionControl`` requirement, the key-path binding through the conforming
/// type's own property (often a computed one), and the two key paths never compare equal. So
/// the check happens when the key-path binding writes: if the write changes `isEnabled` while a
/// command is bound, the command owns the state — the binding is reported and ended.
struct ControlEnabledCheck {
  private let isEnabled: (AnyObject) -> Bool

  /// A check for binding `keyPath` of `object`, or `nil` when it cannot touch a control's
  /// `isEnabled` (the object is no control, or the value is not a `Bool`).
  init?<Object: AnyObject, Value>(object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>)
  {
    guard Value.self == Bool.self, let control = object as? any ActionControl,
      keyPath != actionControlEnabledKeyPath(control)  // the command binding's own path
    else { return nil }
    isEnabled = { ($0 as? any ActionControl)?.isEnabled ?? false }
  }

  /// Runs `write` on `object`; returns whether it changed `isEnabled` of a control a command is
  /// bound to (reported through ``BindingRegistry/report``).
  func assign(_ write: () -> Void, on object: AnyObject) -> Bool {
    let before = isEnabled(object)
    write()
    guard isEnabled(object) != before, ControlBindings.shared.hasCommand(for: object) else {
      return false
    }
    BindingRegistry.shared.report(
      "\(type(of: object)).isEnabled is bound both to a command (control.bind(command)) and by a "
        + "key-path binding; the command owns it, so the key-path binding is ended — pass the "
        + "condition as the command's enabled: signal instead (ReactiveCocoa 2 failed an "
        + "assertion here)")
    return true
  }
}

/// Tells when a key path of an object gets a second live binding, or when a key-path binding
/// writes a control's `isEnabled` that a bound command owns.
///
/// ```swift
/// BindingRegistry.shared.report = { message in Issue.record(Comment(rawValue: message)) }
/// ```
public final class BindingRegistry: @unchecked Sendable {
  /// The registry every binding registers with.
  public static let shared = BindingRegistry()

  // Lock discipline: `live` and `reporter` are read and written with `lock` held.
  private let lock = NSLock()
  private var live: [Key: Entry] = [:]
  private var reporter: @Sendable (String) -> Void = { message in
    SignalLog.output("warning: \(message)")
  }

  // Immutable: an object identity and a key path.
  private struct Key: Hashable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
  }

  /// A live binding and the object it writes to, both held weakly: an object's identifier is
  /// reused once the object is gone, and a binding whose object died (ending only when its source
  /// sends again) must not count against a new object that got the same identifier.
  private struct Entry {
    weak var binding: (any Disposable)?
    weak var object: AnyObject?
  }

  /// Receives each message: a duplicate binding, or a key-path binding ended for writing the
  /// `isEnabled` of a control that a bound command owns. By default it goes to
  /// ``SignalLog/output`` as a warning.
  public var report: @Sendable (String) -> Void {
    get { lock.withLock { reporter } }
    set { lock.withLock { reporter = newValue } }
  }

  func register(object: AnyObject, keyPath: AnyKeyPath, binding: any Disposable) -> any Disposable {
    register(
      identifier: ObjectIdentifier(object), object: object, keyPath: keyPath, binding: binding)
  }

  /// ``register(object:keyPath:binding:)`` with the object's identifier given apart, so that a
  /// test can give a new object the identifier of one that is gone.
  func register(
    identifier: ObjectIdentifier, object: AnyObject, keyPath: AnyKeyPath, binding: any Disposable
  ) -> any Disposable {
    let key = Key(object: identifier, keyPath: keyPath)
    let (previous, previousObjectLives, reporter) = lock.withLock {
      () -> ((any Disposable)?, Bool, @Sendable (String) -> Void) in
      let entry = live[key]
      live[key] = Entry(binding: binding, object: object)
      return (entry?.binding, entry?.object != nil, self.reporter)
    }
    guard let previous, !previous.isDisposed else { return unregistering(key, binding) }
    if previousObjectLives {
      reporter(
        "\(readableKeyPath(keyPath, of: object)) is already bound; the new binding replaces "
          + "the old one (two bindings of one key path fight; ReactiveCocoa 2 failed an "
          + "assertion here)")
    }
    // A binding of an object that is gone ends here, quietly, rather than at its source's next
    // value.
    previous.dispose()
    return unregistering(key, binding)
  }

  /// Removes `binding`'s entry when disposed, unless another binding took the key since.
  private func unregistering(_ key: Key, _ binding: any Disposable) -> any Disposable {
    AnyDisposable { [weak self, weak binding] in
      self?.lock.withLock {
        if let current = self?.live[key]?.binding, current !== binding { return }
        self?.live[key] = nil
      }
    }
  }
}

/// `keyPath` of `object` as a reader knows it: `\Label.text`; `\Button.isEnabled` for the path
/// a command binding writes, and a computed property (which Swift prints by address) by its
/// type.
func readableKeyPath(_ keyPath: AnyKeyPath, of object: AnyObject) -> String {
  if let control = object as? any ActionControl, keyPath == actionControlEnabledKeyPath(control) {
    return "\\\(type(of: object)).isEnabled"
  }
  let text = "\(keyPath)"
  guard text.contains("<computed") else { return text }
  return "a computed \(type(of: keyPath).valueType) property of \(type(of: object))"
}

/// `isEnabled` of `control`'s type through the ``ActionControl`` requirement: the key path that
/// `bind(_ command:)` binds.
private func actionControlEnabledKeyPath<Control: ActionControl>(_ control: Control) -> AnyKeyPath {
  \Control.isEnabled
}
