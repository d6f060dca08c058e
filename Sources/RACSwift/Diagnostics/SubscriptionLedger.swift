import Synchronization

/// Counts live subscriptions, so tests can check that everything they subscribed to was
/// disposed or finished (RACSwift's leak accounting).
///
/// A subscription is live from `subscribe(…)` until it is disposed or finishes (every inner
/// subscription an operator makes counts too). One that finishes inside `subscribe` — `just`,
/// `from`, `empty` or `error`, or `map` and `filter` of them, subscribed with handlers — is
/// never counted: it has nothing left to leak when `subscribe` returns.
///
/// Subscriptions are counted in the ledger that is current where they are made: the one
/// installed with `withLedger` for the running task (inner subscriptions follow their outer
/// one, whatever thread they start on), else ``global``.
///
/// ```swift
/// let ledger = SubscriptionLedger()
/// ledger.withLedger {
///   let subject = Subject<Int, Never>()
///   let subscription = subject.subscribe(next: { print($0) })
///   subscription.dispose()
/// }
/// ledger.liveCount  // 0
/// ```
///
/// `RACSwiftTesting` wraps this in a Swift Testing trait that fails a test which leaves
/// subscriptions behind.
public final class SubscriptionLedger: Sendable {
  /// Striped: the global ledger's count changes on every thread that subscribes.
  private let live = StripedCounter()

  /// A new, empty ledger.
  public init() {}

  /// The ledger of subscriptions made where no other ledger is installed.
  public static let global = SubscriptionLedger()

  @TaskLocal private static var installed: SubscriptionLedger?
  private static let installedCount = Atomic<Int>(0)

  /// The ledger new subscriptions are counted in here.
  @inlinable
  public static var current: SubscriptionLedger { currentLedger() }

  @usableFromInline
  static func currentLedger() -> SubscriptionLedger {
    if installedCount.load(ordering: .relaxed) == 0 { return global }
    return installed ?? global
  }

  /// The ledger new subscriptions are counted in here, as a scope keeps it: the global ledger
  /// without a reference count (it lives as long as the process).
  @usableFromInline
  static func currentReference() -> LedgerReference {
    if installedCount.load(ordering: .relaxed) == 0 { return .global }
    guard let installed else { return .global }
    return .installed(installed)
  }

  /// Subscriptions started and not yet disposed or finished.
  public var liveCount: Int { live.value }

  /// Runs `body` with this ledger current for the task (and for synchronous code on this
  /// thread).
  @discardableResult
  public func withLedger<R>(_ body: () throws -> R) rethrows -> R {
    SubscriptionLedger.installedCount.wrappingAdd(1, ordering: .relaxed)
    defer { SubscriptionLedger.installedCount.wrappingSubtract(1, ordering: .relaxed) }
    return try SubscriptionLedger.$installed.withValue(self) { try body() }
  }

  /// Runs `body` with this ledger current for the task and the tasks it creates.
  @discardableResult
  public func withLedger<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    SubscriptionLedger.installedCount.wrappingAdd(1, ordering: .relaxed)
    defer { SubscriptionLedger.installedCount.wrappingSubtract(1, ordering: .relaxed) }
    return try await SubscriptionLedger.$installed.withValue(self) { try await body() }
  }

  @usableFromInline
  func subscriptionStarted() {
    live.increment()
  }

  @usableFromInline
  func subscriptionEnded() {
    live.decrement()
  }
}

/// Which ledger a subscription scope counts in. The global ledger is named, not referenced, so
/// that scopes made where no ledger is installed — nearly all of them — do not write its
/// reference count (a cache line every thread would share).
@usableFromInline
enum LedgerReference: Sendable {
  /// Not counted (a plain bag of disposables).
  case none
  /// ``SubscriptionLedger/global``.
  case global
  /// A ledger installed with `withLedger`.
  case installed(SubscriptionLedger)

  @inlinable var isCounting: Bool {
    if case .none = self { return false }
    return true
  }

  @inlinable
  func subscriptionStarted() {
    switch self {
    case .none: break
    case .global: SubscriptionLedger.global.subscriptionStarted()
    case .installed(let ledger): ledger.subscriptionStarted()
    }
  }

  @inlinable
  func subscriptionEnded() {
    switch self {
    case .none: break
    case .global: SubscriptionLedger.global.subscriptionEnded()
    case .installed(let ledger): ledger.subscriptionEnded()
    }
  }
}
