import Observation

extension Observable where Self: AnyObject {
  /// The properties of this `@Observable` model as RACSwift sees them — the one-line idioms of
  /// ``Observed``, for a class SwiftUI observes:
  /// `observed[\.status] <~ signal` binds (RAC's `RAC(self, status) = signal`), and
  /// `observed[\.username].signal` observes (RAC's `RACObserve(self, username)`).
  ///
  /// ```swift
  /// @Observable @MainActor
  /// final class LoginModel {
  ///   var username = ""
  ///   private(set) var canSubmit = false
  ///
  ///   init() {
  ///     observed[\.canSubmit] <~ observed[\.username].signal.map { !$0.isEmpty }
  ///   }
  /// }
  /// ```
  ///
  /// Every set a binding makes goes through the property's own setter, so Observation — and a
  /// SwiftUI view reading the property — sees each one as one change, on the actor the binding
  /// was made on. A property that other types can only read (`private(set)`) gives them
  /// ``ObservedKeyPath``, which observes but cannot be bound.
  public var observed: ObservedProperties<Self> { ObservedProperties(model: self) }
}

/// The `observed` namespace of an `@Observable` model: `model.observed[\.keyPath]`.
///
/// A key path the caller can write gives a ``BindingTarget`` (bind with `<~`, observe with
/// `signal`); a key path it can only read gives an ``ObservedKeyPath`` (observe only). Both are
/// made with the actor of the code that writes the subscript (`#isolation`): in a `@MainActor`
/// view model, bindings assign and observations read on the main actor.
public struct ObservedProperties<Model: AnyObject & Observable> {
  let model: Model

  /// `keyPath` as a binding target: `observed[\.status] <~ statuses` assigns every value on the
  /// actor this is written on (on the sending thread when written outside any actor), and ends
  /// when the model is deinitialized or the signal completes.
  ///
  /// ```swift
  /// model.observed[\.status] <~ statuses
  /// ```
  public subscript<Value>(
    _ keyPath: ReferenceWritableKeyPath<Model, Value>,
    isolation isolation: (any Actor)? = #isolation
  ) -> BindingTarget<Model, Value> {
    BindingTarget(object: model, keyPath: keyPath, isolation: isolation)
  }

  /// `keyPath` for observing only — what other types get for a `private(set)` property.
  ///
  /// ```swift
  /// let canSubmit = model.observed[\.canSubmit].signal
  /// ```
  public subscript<Value>(
    _ keyPath: KeyPath<Model, Value>, isolation isolation: (any Actor)? = #isolation
  ) -> ObservedKeyPath<Model, Value> {
    ObservedKeyPath(model: model, keyPath: keyPath, isolation: isolation)
  }
}

/// A property of an `@Observable` model that can be observed but not bound:
/// `model.observed[\.canSubmit]` where `canSubmit` is `private(set)`.
public struct ObservedKeyPath<Model: AnyObject & Observable, Value>: @unchecked Sendable {
  // Sendable: the model is held weakly and only read through `signal`, on the actor captured
  // here; a key path is immutable.
  weak var model: Model?
  let keyPath: KeyPath<Model, Value>
  let isolation: (any Actor)?

  /// The property's value now, then after its changes, on the actor this was made on; completes
  /// when the model is deinitialized. See ``BindingTarget/signal`` for exactly when values come.
  ///
  /// ```swift
  /// model.observed[\.canSubmit].signal.subscribe(next: { submitButton.isEnabled = $0 })
  /// ```
  public var signal: Signal<Value, Never> {
    guard let model else { return .empty }
    return keyPathObservation(of: model, at: keyPath, isolation: isolation)
  }
}

extension BindingTarget where Object: Observable {
  /// The property's value now, then its value after changes (RAC's `RACObserve`), read on the
  /// actor `observed[…]` was written on — the model's actor for a view model — or, written
  /// outside any actor, on a serial queue of its own. It holds the model weakly and completes
  /// when the model is deinitialized, without waiting for another change.
  ///
  /// Exactly:
  /// - The first value is read when you subscribe: before `subscribe` returns when you
  ///   subscribe on the model's actor (the main actor for a view model).
  /// - Observation reports the first change after each read, just before it is stored. That
  ///   queues one read on the actor, never run inline, which sends the value then and tracks
  ///   again. So several sets in one turn of the actor — the work running on it when the first
  ///   set is made — arrive as one value, the last one: intermediate values are not sent, and a
  ///   property set and set back sends the value it started with. Sets made in separate turns
  ///   (a binding's values arriving from another thread, each hopped to the actor) arrive one
  ///   by one. Observation does not report a set that leaves an `Equatable` property equal, so
  ///   none is sent for it.
  /// - Sets made on another thread than the actor's can be read before they are stored, and
  ///   the last one then arrives only with the next change: set the model's properties on its
  ///   actor, as a `@MainActor` model forces.
  /// - A property Observation does not track (`@ObservationIgnored`) sends its value, then
  ///   completes.
  ///
  /// For every set, each sent before the set returns, declare the property with ``Observed`` in
  /// a class that is not `@Observable`.
  ///
  /// ```swift
  /// model.observed[\.query].signal.subscribe(next: { print($0) })
  /// ```
  public var signal: Signal<Value, Never> {
    guard let object else { return .empty }
    return keyPathObservation(of: object, at: keyPath, isolation: isolation)
  }
}

/// Keeps a property and a property of an `@Observable` model equal (RAC's
/// `RACChannelTo(self, name) = RACChannelTo(model, name)`), as `<~>` between two properties
/// does: `left` takes the model's value, then a change to either side is copied to the other.
/// A value equal to the other side's is not copied, so there is no echo loop.
///
/// ```swift
/// @Observable @MainActor
/// final class Step { var name: String? = "from the model" }
///
/// @MainActor
/// final class StepEditor {
///   @Observed var title: String?
///   init(step: Step) {
///     $title <~> step.observed[\.name]  // title == "from the model"
///   }
/// }
/// ```
///
/// The model side keeps the rules of ``BindingTarget/signal`` and of `observed[…] <~`, on the
/// actor `observed[…]` is written on (the model's, in a view model):
/// - `left` takes the model's value before `<~>` returns when it is written on that actor,
///   else as soon as the actor reads it.
/// - A change of `left` sets the model's property on that actor, unless it already holds an
///   equal value: each set is one Observation change.
/// - Changes of the model reach `left` as its ``BindingTarget/signal`` sends them: several sets
///   in one turn of the actor arrive as the last one.
///
/// The link lives until it is disposed, or until `left` or the model goes away; discarding its
/// result never ends it.
@discardableResult
public func <~> <Model: AnyObject & Observable, Value: Equatable>(
  left: MutableProperty<Value>, right: BindingTarget<Model, Value>
) -> any Disposable {
  // A weak reference of its own rather than `[weak left]` (see ``WeakReference``).
  let weakLeft = WeakReference(left)
  // First the model's value into `left` (at once on the model's actor), then `left`'s changes
  // from that value on into the model: the first value is not sent back.
  let modelToLeft = right.signal.take(during: left.lifetime).subscribe(
    next: { value in
      if let left = weakLeft.object, left.value != value { left.value = value }
    }, isolation: nil)
  let leftToModel = left.changes.bind(to: right, unlessEqual: { $0 == $1 })
  return CompoundDisposable([modelToLeft, leftToModel])
}
