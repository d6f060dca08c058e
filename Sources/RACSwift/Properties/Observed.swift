/// A stored property of a class that can be observed and bound, as every property of an
/// Objective-C object was in ReactiveCocoa 2: `RACObserve(self, username)` becomes
/// `$username.signal`, and `RAC(self, status) = signal` becomes `$status <~ signal`.
///
/// ```swift
/// @MainActor
/// final class LoginViewModel {
///   @Observed var username = ""
///   @Observed var password = ""
///   @Observed var canSubmit = false
///
///   init() {
///     $canSubmit <~ Signal.combineLatest($username.signal, $password.signal)
///       .map { name, password in !name.isEmpty && password.count >= 8 }
///   }
/// }
/// ```
///
/// `username` reads and writes the current value. `$username` is the ``MutableProperty`` behind
/// it:
/// - `$username.signal` sends the current value, then the value of every set — each one, equal
///   or not, never coalesced — on the thread that sets it, before the set returns (RAC's
///   `RACObserve`). A set made while another set's value is being delivered (by another
///   thread, or by a subscriber setting the property it observes) is delivered right after that
///   one, by the thread delivering it: subscribers see the sets one at a time, in the order they
///   were made. Handlers written on an actor run on it, as for any subscription.
/// - `$status <~ signal` assigns every value of `signal` on the thread that sends it (RAC's
///   `RAC()`).
/// - `$username.modify { … }` updates atomically; `username += "!"` is a read, then a set.
///
/// The property lives and dies with the object that declares it. When the object is
/// deinitialized — on whatever thread lets go of it last, the main actor or not — every binding
/// into its observed properties ends and unsubscribes from its source, even a source that never
/// sends again, and every subscription to their signals completes: no ``Lifetime`` token to
/// write by hand (RAC's `takeUntil:rac_willDeallocSignal`). Neither a binding into
/// `$username` nor a subscription to `$username.signal` keeps the object alive. What does is a
/// closure that captures `self` strongly in a chain that the object's own property feeds
/// (`$canSubmit <~ $username.signal.map { self.isValid($0) }`): the property keeps its
/// subscribers, so write `[unowned self]` there, as RAC code wrote `@weakify(self)`.
///
/// Decisions:
/// - `private(set)` does not make it read-only for other types: it hides the setter of
///   `username`, not `$username`, a reference whose `value` and `<~` stay usable. Declare a
///   property that other types may only read and observe ``ReadOnlyObserved``.
/// - It is for classes (and actors). The wrapper holds the property by reference, so in a
///   struct every copy would share one property, and it would live as long as the last copy.
/// - Every set is sent, equal values included: RAC's `RACObserve` did not skip them either.
///   Add `distinctUntilChanged()` where you want only the changes, or declare the property
///   `@Observed(skipsEqualValues: true)` so that an equal set is not even stored.
/// - A custom setter that cleaned its argument becomes `@Observed(normalizing: { … })`, not a
///   `didSet` that sets the property again: Swift runs a wrapped property's `didSet` again for
///   a set made inside it (a plain stored property's observer does not), so such an observer
///   never ends. One that sets only a different value ends after its second set; one that sets
///   every time stops the program with a message saying so.
/// - `@Observed var selection: Item?` without an initial value starts as `nil`, like a plain
///   optional `var` (``init()``). Any other type needs an initial value, written after the
///   declaration or assigned in the initializer (`self.username = name`). An initializer that
///   does not run on the class's actor (an actor's `init`, a `nonisolated init` of a
///   `@MainActor` class) cannot set `self.username`; it writes
///   `_username = Observed(wrappedValue: name)`.
/// - `Observed` is `Sendable` for any `Value`, because ``MutableProperty`` is: the property's
///   lock makes each read and set of the value safe from any thread, and a value that is not
///   `Sendable` itself (a class instance) is shared the way RAC shared objects across threads —
///   keeping that value's own state safe is up to its type. The declaring class's isolation is
///   what guards `username` and `$username`: in a `@MainActor` view model both are main-actor
///   properties; hand `$username` to code elsewhere (it is a `Sendable` reference) to read, set or
///   observe the property from any thread. A class isolated to no actor that uses `@Observed`
///   can only be `@unchecked Sendable`: the compiler stores the wrapper in a `var` (which nothing
///   reassigns).
@propertyWrapper
public struct Observed<Value>: Sendable {
  // Sendable without `@unchecked`: the one stored property is a `MutableProperty`, which is
  // `Sendable` for every `Value` (its lock guards the value; see the type's documentation).

  /// The property behind the wrapped value: `$username`.
  ///
  /// ```swift
  /// let names = model.$username.signal  // RACObserve(model, username)
  /// model.$status <~ statuses           // RAC(model, status) = statuses
  /// ```
  public let projectedValue: MutableProperty<Value>

  /// An observed property holding `wrappedValue`: what `@Observed var count = 0` calls.
  ///
  /// ```swift
  /// final class Counter {
  ///   @Observed var count = 0
  /// }
  /// ```
  public init(wrappedValue: Value) {
    projectedValue = MutableProperty(wrappedValue)
  }

  /// An observed property whose every set — through the property, `$x.value`, a binding —
  /// stores and sends `normalize` of the value set (and which starts from `normalize` of
  /// `wrappedValue`): RAC's custom setter that cleaned its argument. Write this rather than a
  /// `didSet` that sets the property again, which Swift runs again for its own set.
  ///
  /// ```swift
  /// final class SignUp {
  ///   @Observed(normalizing: { $0.trimmingCharacters(in: .whitespaces) })
  ///   var username = ""
  /// }
  /// ```
  public init(wrappedValue: Value, normalizing normalize: @escaping @Sendable (Value) -> Value) {
    projectedValue = MutableProperty(wrappedValue, normalizing: normalize)
  }

  /// The current value. Setting it sends the new value to the property's subscribers, on the
  /// setting thread before the set returns when no other set is being delivered.
  ///
  /// ```swift
  /// counter.count = 3  // $count.signal subscribers receive 3
  /// ```
  @inlinable
  public var wrappedValue: Value {
    get { projectedValue.value }
    nonmutating set { projectedValue.update(throughObservedWrapper: true) { $0 = newValue } }
  }
}

extension Observed where Value: Equatable {
  /// An observed property that ignores a set of a value equal to the current one — nothing is
  /// stored or sent — as an Objective-C setter that returned early for an equal value did;
  /// `normalize`, if given, is applied to each value first.
  ///
  /// ```swift
  /// final class Session {
  ///   @Observed(skipsEqualValues: true) var isActive = false
  /// }
  /// ```
  public init(
    wrappedValue: Value, skipsEqualValues: Bool,
    normalizing normalize: (@Sendable (Value) -> Value)? = nil
  ) {
    projectedValue = MutableProperty(
      wrappedValue, skipsEqualValues: skipsEqualValues, normalizing: normalize)
  }
}

// In an extension, not beside `init(wrappedValue:)`: declared in the type, a constrained
// `init()` is what the compiler picks for every wrapped property declared without a value, so
// `@Observed var email: String` assigned in `init` would fail to compile ("requires that
// 'String' conform to 'ExpressibleByNilLiteral'"). From an extension it applies only where it can.
extension Observed where Value: ExpressibleByNilLiteral {
  /// An observed optional holding `nil`: what `@Observed var selection: Item?` calls.
  ///
  /// ```swift
  /// final class Picker {
  ///   @Observed var selection: String?
  /// }
  /// ```
  public init() {
    self.init(wrappedValue: nil)
  }

  /// An observed optional holding `nil`, whose every set stores and sends `normalize` of the
  /// value set: what `@Observed(normalizing: …) var nickname: String?` calls, with no `= nil` to
  /// write.
  ///
  /// ```swift
  /// final class Profile {
  ///   @Observed(normalizing: { $0?.isEmpty == true ? nil : $0 })
  ///   var nickname: String?
  /// }
  /// ```
  public init(normalizing normalize: @escaping @Sendable (Value) -> Value) {
    self.init(wrappedValue: nil, normalizing: normalize)
  }
}

extension Observed where Value: Equatable & ExpressibleByNilLiteral {
  /// An observed optional holding `nil` that ignores a set equal to the current value (after
  /// `normalize`, if given): what `@Observed(skipsEqualValues: true) var selection: Int?` calls,
  /// with no `= nil` to write.
  ///
  /// ```swift
  /// final class Picker {
  ///   @Observed(skipsEqualValues: true) var selection: Int?
  /// }
  /// ```
  public init(skipsEqualValues: Bool, normalizing normalize: (@Sendable (Value) -> Value)? = nil) {
    self.init(wrappedValue: nil, skipsEqualValues: skipsEqualValues, normalizing: normalize)
  }
}
