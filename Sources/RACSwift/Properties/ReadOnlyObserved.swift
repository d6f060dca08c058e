/// An observed property that other types can read and observe but not set or bind: RAC's
/// `@property (readonly)` that the class itself kept up to date with `RAC(self, …)`.
///
/// Declare it `private(set)`, as a read-only property of the class; its owner binds it through
/// its storage, `_canSubmit`, which Swift makes private to the declaring type:
///
/// ```swift
/// @MainActor
/// public final class SignUpViewModel {
///   @Observed public var username = ""
///   @ReadOnlyObserved public private(set) var canSubmit = false
///
///   public init() {
///     _canSubmit <~ $username.signal.map { !$0.isEmpty }
///   }
/// }
/// ```
///
/// For every other type, `model.$canSubmit` is a ``Property``: `.value`, `.signal` (RAC's
/// `RACObserve`), `.changes`, `map` and `combine(with:)`, and nothing that writes. None of these
/// compile outside the class:
///
/// ```swift
/// model.canSubmit = true          // the setter is private
/// model.$canSubmit.value = true   // a Property's value is get-only
/// model.$canSubmit <~ signal      // '<~' is unavailable: a Property is read-only
/// model._canSubmit <~ signal      // the storage is private
/// ```
///
/// `private(set)` is what keeps the first line out: Swift gives a property wrapper no say over
/// the access of the setter it backs, nor a way to tell who calls it, so
/// `@ReadOnlyObserved var canSubmit` without `private(set)` compiles, with no diagnostic, and any
/// type that sees `canSubmit` can set it. Always write `private(set)`.
///
/// A subclass binds its base class's read-only property through the storage the base class
/// hands it — `var canSubmitStorage: ReadOnlyObserved<Bool> { _canSubmit }`, then
/// `canSubmitStorage <~ signal` — since Swift keeps `_canSubmit` private to the declaring class
/// and has no `protected` (see the unavailable `<~` on a ``Property``).
///
/// Why not `@Observed public private(set) var`: `private(set)` hides only the setter of
/// `canSubmit`, while `$canSubmit` — a ``MutableProperty``, a reference — stays as visible as
/// the property, so other types could still set `model.$canSubmit.value` and bind
/// `model.$canSubmit`.
///
/// Inside the class it is used as an ``Observed`` property is: `canSubmit = true` sets it, and
/// `_canSubmit.property` is the ``MutableProperty`` behind it (for ``MutableProperty/modify(_:)``
/// and `<~>`). It lives and dies with its owner the same way: bindings into it end when the
/// owner is deinitialized, and so does `$canSubmit.signal` — unless other code still holds
/// `$canSubmit`, which reads the property and keeps it alive as long as it does.
@propertyWrapper
public struct ReadOnlyObserved<Value>: Sendable {
  /// The property behind the wrapped value, for the owner: `_canSubmit.property`.
  ///
  /// ```swift
  /// _count.property.modify { $0 += 1 }
  /// ```
  public let property: MutableProperty<Value>

  /// The read-only face that other types see: `model.$canSubmit`.
  ///
  /// ```swift
  /// model.$canSubmit.signal.subscribe(next: { button.isEnabled = $0 })
  /// ```
  public let projectedValue: Property<Value>

  /// A read-only observed property holding `wrappedValue`: what
  /// `@ReadOnlyObserved private(set) var count = 0` calls.
  ///
  /// ```swift
  /// final class Counter {
  ///   @ReadOnlyObserved private(set) var count = 0
  /// }
  /// ```
  public init(wrappedValue: Value) {
    self.init(property: MutableProperty(wrappedValue))
  }

  /// A read-only observed property whose every set stores and sends `normalize` of the value
  /// set, as `@Observed(normalizing:)` does.
  ///
  /// ```swift
  /// final class Profile {
  ///   @ReadOnlyObserved(normalizing: { $0.lowercased() }) private(set) var handle = ""
  /// }
  /// ```
  public init(wrappedValue: Value, normalizing normalize: @escaping @Sendable (Value) -> Value) {
    self.init(property: MutableProperty(wrappedValue, normalizing: normalize))
  }

  init(property: MutableProperty<Value>) {
    self.property = property
    projectedValue = Property(property)
  }

  /// The current value. Setting it — which `private(set)` leaves to the owner — sends the new
  /// value to the property's subscribers, as setting an ``Observed`` property does.
  ///
  /// ```swift
  /// count = 3  // in the owner: $count.signal subscribers receive 3
  /// ```
  @inlinable
  public var wrappedValue: Value {
    get { property.value }
    nonmutating set { property.update(throughObservedWrapper: true) { $0 = newValue } }
  }
}

extension ReadOnlyObserved where Value: Equatable {
  /// A read-only observed property that ignores a set of a value equal to the current one, as
  /// `@Observed(skipsEqualValues:)` does; `normalize`, if given, is applied to each value first.
  ///
  /// ```swift
  /// final class Session {
  ///   @ReadOnlyObserved(skipsEqualValues: true) private(set) var isActive = false
  /// }
  /// ```
  public init(
    wrappedValue: Value, skipsEqualValues: Bool,
    normalizing normalize: (@Sendable (Value) -> Value)? = nil
  ) {
    self.init(
      property: MutableProperty(
        wrappedValue, skipsEqualValues: skipsEqualValues, normalizing: normalize))
  }
}

extension ReadOnlyObserved where Value: ExpressibleByNilLiteral {
  /// A read-only observed optional holding `nil`: what
  /// `@ReadOnlyObserved private(set) var session: Session?` calls.
  ///
  /// ```swift
  /// final class Login {
  ///   @ReadOnlyObserved private(set) var token: String?
  /// }
  /// ```
  public init() {
    self.init(wrappedValue: nil)
  }
}

/// Binds `signal` to a read-only observed property, from its owner: `_canSubmit <~ signal` (see
/// ``ReadOnlyObserved``). The binding ends when the signal completes or the property's owner goes
/// away.
///
/// ```swift
/// _isLoading <~ refresh.executing
/// ```
@inlinable
@discardableResult
public func <~ <Value>(target: ReadOnlyObserved<Value>, signal: Signal<Value, Never>)
  -> any Disposable
{
  target.property <~ signal
}

/// Binds a signal of non-optional values to a read-only observed optional, from its owner.
///
/// ```swift
/// _session <~ logIn.executionSignals.flatten()  // a Signal<Session, Never>
/// ```
@inlinable
@discardableResult
public func <~ <Value>(target: ReadOnlyObserved<Value?>, signal: Signal<Value, Never>)
  -> any Disposable
{
  target.property <~ signal
}

/// Not available: a ``Property`` is read-only, so no signal can be bound to it. Written
/// `model.$canSubmit <~ signal` — the projected value of a ``ReadOnlyObserved`` property — it
/// fails to compile with a message that says so, and where its owner binds it instead.
///
/// A subclass binds a read-only property of its base class through the storage, which the base
/// class hands it (Swift keeps `_canSubmit` private to the declaring class):
///
/// ```swift
/// @MainActor
/// class DocumentViewModel {
///   @ReadOnlyObserved private(set) var title = ""
///   /// For subclasses: `titleStorage <~ signal` binds `title`.
///   var titleStorage: ReadOnlyObserved<String> { _title }
/// }
///
/// @MainActor
/// final class DraftViewModel: DocumentViewModel {
///   @Observed var name = ""
///   init(name: String) {
///     super.init()
///     self.name = name
///     titleStorage <~ $name.signal.map { "Draft: \($0)" }
///   }
/// }
/// ```
@available(
  *, unavailable,
  message: "a Property is read-only: its owner binds '_name <~ signal' (see ReadOnlyObserved)"
)
@discardableResult
public func <~ <Value, Failure: Error>(property: Property<Value>, signal: Signal<Value, Failure>)
  -> any Disposable
{
  fatalError("unavailable: a Property is read-only")
}

/// Not available: a ``Property`` of an optional is read-only too (see the `<~` above, for a
/// `Property<Value>`), whatever the signal bound to it sends.
///
/// ```swift
/// _session <~ logIn.executionSignals.flatten()  // its owner binds the storage instead
/// ```
@available(
  *, unavailable,
  message: "a Property is read-only: its owner binds '_name <~ signal' (see ReadOnlyObserved)"
)
@discardableResult
public func <~ <Value, Failure: Error>(property: Property<Value?>, signal: Signal<Value, Failure>)
  -> any Disposable
{
  fatalError("unavailable: a Property is read-only")
}
