/// The lifetime of the object that declares it, in one line: it ends when the object is
/// deinitialized (RAC's `rac_willDeallocSignal`), for work that is not a binding into an
/// ``Observed`` property (those end with their owner already).
///
/// ```swift
/// final class Poller {
///   @OwnedLifetime var lifetime: Lifetime
///
///   init(ticks: Signal<Int, Never>) {
///     ticks.take(during: lifetime).subscribe(next: { print("tick", $0) })  // ends with the poller
///   }
/// }
/// ```
///
/// The wrapper keeps the ``Lifetime/Token`` that ends the lifetime, so only the owner's
/// deinitialization (or ``Lifetime/Token/end()`` on `_lifetime.token`) ends it; code that holds
/// the ``Lifetime`` itself does not keep it going. It replaces the pair written by hand:
///
/// ```swift
/// let lifetime: Lifetime
/// private let token: Lifetime.Token
/// // in init: (lifetime, token) = Lifetime.make()
/// ```
///
/// It also satisfies ``LifetimeProvider``, whose key-path bindings then end with the object:
///
/// ```swift
/// final class Screen: BindingTargetProvider, LifetimeProvider {
///   var title = ""
///   @OwnedLifetime var lifetime: Lifetime
/// }
/// ```
///
/// Like ``Observed``, it is for classes and actors: every copy of a struct would share one
/// lifetime, ended by the last copy.
@propertyWrapper
public struct OwnedLifetime: Sendable {
  /// The lifetime: `lifetime` in the owner.
  public let wrappedValue: Lifetime

  /// Ends ``wrappedValue`` when deinitialized, with the owner; `_lifetime.token.end()` ends it
  /// earlier.
  ///
  /// ```swift
  /// _lifetime.token.end()  // stops everything taken during the lifetime
  /// ```
  public let token: Lifetime.Token

  /// A lifetime that ends with the object declaring it: what `@OwnedLifetime var lifetime:
  /// Lifetime` calls.
  ///
  /// ```swift
  /// final class Screen {
  ///   @OwnedLifetime var lifetime: Lifetime
  /// }
  /// ```
  public init() {
    (wrappedValue, token) = Lifetime.make()
  }
}
