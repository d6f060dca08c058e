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
  /// Each live subscription of a ledger installed with `withLedger` (never of ``global``, whose
  /// subscriptions are only counted): where it was made and, for one made by `subscribe`, the
  /// name of the chain subscribed.
  private let places = LivePlaces()

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

  /// A subscription of an installed ledger started: counted, and its place kept.
  @usableFromInline
  func subscriptionStarted(_ scope: SubscriptionScope, isRoot: Bool) {
    live.increment()
    places.insert(LivePlace(origin: scope.origin, isRoot: isRoot), for: ObjectIdentifier(scope))
  }

  /// A subscription of an installed ledger ended.
  @usableFromInline
  func subscriptionEnded(_ scope: SubscriptionScope) {
    live.decrement()
    places.remove(ObjectIdentifier(scope))
  }

  /// Names the root subscription of `scope` after `signal`, the signal `subscribe` was called
  /// on, and notes where its handlers run: on `isolation`, the subscriber's actor, if it has one.
  /// The name is built now — the chain's signals are usually released long before a leaked
  /// subscription is reported, and holding them would keep their sources alive — except for a
  /// chain deeper than ``deepestNamedChain``, whose name would be megabytes.
  @usableFromInline
  func subscription(
    _ scope: SubscriptionScope, subscribes signal: any NamedSignalInternals,
    handlersRunOn isolation: (any Actor)?
  ) {
    let depth = signal.chainDepth.release
    let name =
      depth <= Self.deepestNamedChain
      ? signal.name : "a chain of \(depth) operators, named \(signal.nameNodeValue.label)"
    let handlers = isolation.map { HopTarget(actor: $0).placeDescription }
    places.name(ObjectIdentifier(scope), name, handlersRunOn: handlers)
  }

  /// Notes that the handlers of `scope`'s subscription run on `target` (the scheduler of a
  /// `deliver(on:)`, the main actor of `deliverOnMainThread()`), unless a step nearer the
  /// subscriber said so first: the subscriber's actor, or a later `deliver(on:)` (a chain
  /// subscribes from its end, so the last one in the chain notes first).
  @usableFromInline
  func handlers(of scope: SubscriptionScope, runOn target: HopTarget) {
    places.noteHandlers(ObjectIdentifier(scope), runOn: target.placeDescription)
  }

  /// The deepest chain a live subscription is listed by its full name.
  static let deepestNamedChain: UInt32 = 1_000

  /// The live subscriptions of a ledger installed with `withLedger` (the test's, under the
  /// `.checksLiveSubscriptions` trait), one per chain subscribed: its name and where it was
  /// subscribed, with the inner subscriptions its operators made (a `flattenMap`'s inner
  /// signals) counted under it rather than listed, and where its handlers run. Empty for
  /// ``global``, which only counts.
  ///
  /// ```swift
  /// let ledger = SubscriptionLedger()
  /// ledger.withLedger { _ = subject.map { $0 * 2 }.subscribe(next: { _ in }) }
  /// ledger.liveSubscriptions.map(\.description)
  /// // ["[[+subject] -map:] subscribed at SearchViewModel.swift:42, handlers on the thread that
  /// //   sends"]
  /// ```
  public var liveSubscriptions: [LiveSubscription] {
    let places = self.places.all
    var chains: [LiveSubscription] = []
    var inner: [String?: Int] = [:]
    for place in places {
      let location = place.origin.text
      if place.isRoot {
        chains.append(
          LiveSubscription(
            name: place.name, location: location,
            handlersRunOn: place.handlersRunOn ?? LiveSubscription.sendingThread,
            innerSubscriptions: 0))
      } else {
        inner[location, default: 0] += 1
      }
    }
    // Inner subscriptions go under the chain subscribed at their place; any left over (their
    // chain ended, or was made without `subscribe`) are listed by place.
    for index in chains.indices {
      if let count = inner.removeValue(forKey: chains[index].location) {
        chains[index].innerSubscriptions = count
      }
    }
    for (location, count) in inner {
      chains.append(
        LiveSubscription(
          name: nil, location: location, handlersRunOn: nil, innerSubscriptions: count))
    }
    return chains.sorted { ($0.location ?? "", $0.name ?? "") < ($1.location ?? "", $1.name ?? "") }
  }

  /// Prints ``liveSubscriptions``, one per line (for an app under a debugger:
  /// `po ledger.dump()`).
  public func dump() {
    let live = liveSubscriptions
    print("\(liveCount) live subscription(s)\(live.isEmpty ? "" : ":")")
    for subscription in live { print("  \(subscription)") }
  }

  /// A live subscription of a ledger: the chain subscribed and where (see
  /// ``SubscriptionLedger/liveSubscriptions``).
  public struct LiveSubscription: Sendable, CustomStringConvertible {
    /// The name of the signal subscribed (its `description`), `nil` for a subscription not made
    /// by `subscribe`.
    public var name: String?
    /// Where it was subscribed (`File.swift:42`), when known.
    public var location: String?
    /// Where its handlers run: `"the main actor"`, `"actor SearchModel"` (the actor it was
    /// subscribed from), `"QueueScheduler \"images\""` (the scheduler of the last
    /// `deliver(on:)` in the chain), or ``sendingThread`` — whichever thread the signal sends
    /// on. `nil` for inner subscriptions listed on their own.
    public var handlersRunOn: String?
    /// How many inner subscriptions its operators made are live under it.
    public var innerSubscriptions: Int

    /// ``handlersRunOn`` of a subscription whose handlers run on whichever thread the signal
    /// sends on: subscribed outside any actor, with no `deliver(on:)`.
    public static let sendingThread = "the thread that sends"

    /// `[[+subject] -map:] subscribed at File.swift:42, handlers on the main actor (+2 inner)`.
    public var description: String {
      var text = name ?? "a subscription"
      if let location { text += " subscribed at \(location)" }
      if let handlersRunOn { text += ", handlers on \(handlersRunOn)" }
      if innerSubscriptions > 0 { text += " (+\(innerSubscriptions) inner)" }
      return text
    }
  }
}

/// The places of an installed ledger's live subscriptions, by the identity of their scopes.
final class LivePlaces: Sendable {
  private let entries = LockedState<[ObjectIdentifier: LivePlace]>([:])

  func insert(_ place: LivePlace, for scope: ObjectIdentifier) {
    entries.withLock { $0[scope] = place }
  }

  func remove(_ scope: ObjectIdentifier) {
    let removed = entries.withLock { $0.removeValue(forKey: scope) }
    _ = removed
  }

  func name(_ scope: ObjectIdentifier, _ name: String, handlersRunOn handlers: String?) {
    entries.withLock { entries in
      entries[scope]?.name = name
      if let handlers { entries[scope]?.handlersRunOn = handlers }
    }
  }

  /// Notes where the handlers of `scope` run, unless that is known already.
  func noteHandlers(_ scope: ObjectIdentifier, runOn handlers: String) {
    entries.withLock { entries in
      if entries[scope] != nil, entries[scope]?.handlersRunOn == nil {
        entries[scope]?.handlersRunOn = handlers
      }
    }
  }

  var all: [LivePlace] { entries.withLock { Array($0.values) } }
}

/// Where a live subscription of an installed ledger was made, the name of the signal
/// `subscribe` was called on, and where its handlers run when that is known.
struct LivePlace: Sendable {
  let origin: SubscriptionOrigin
  let isRoot: Bool
  var name: String?
  var handlersRunOn: String?

  init(origin: SubscriptionOrigin, isRoot: Bool) {
    self.origin = origin
    self.isRoot = isRoot
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

  /// `scope` started: counted, and with an installed ledger its place kept (`isRoot`: made by
  /// `subscribe`, not by an operator).
  @inlinable
  func subscriptionStarted(_ scope: SubscriptionScope, isRoot: Bool) {
    switch self {
    case .none: break
    case .global: SubscriptionLedger.global.subscriptionStarted()
    case .installed(let ledger): ledger.subscriptionStarted(scope, isRoot: isRoot)
    }
  }

  /// `scope` ended.
  @inlinable
  func subscriptionEnded(_ scope: SubscriptionScope) {
    switch self {
    case .none: break
    case .global: SubscriptionLedger.global.subscriptionEnded()
    case .installed(let ledger): ledger.subscriptionEnded(scope)
    }
  }

  /// Names a root scope's subscription after the signal subscribed, and notes the subscriber's
  /// actor, for an installed ledger.
  @inlinable
  func subscription(
    _ scope: SubscriptionScope, subscribes signal: any NamedSignalInternals,
    handlersRunOn isolation: (any Actor)?
  ) {
    if case .installed(let ledger) = self {
      ledger.subscription(scope, subscribes: signal, handlersRunOn: isolation)
    }
  }

  /// Notes, for an installed ledger, that the handlers of `scope`'s subscription run on
  /// `target` (see ``SubscriptionLedger/handlers(of:runOn:)``).
  @inlinable
  func handlers(of scope: SubscriptionScope, runOn target: @autoclosure () -> HopTarget) {
    if case .installed(let ledger) = self { ledger.handlers(of: scope, runOn: target()) }
  }
}
