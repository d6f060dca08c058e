public import RACSwift
public import Testing

/// A Swift Testing trait that counts the subscriptions a test makes in its own
/// `SubscriptionLedger` and records an issue if any is still live when the test ends
/// (RACSwift's leak accounting).
///
/// Apply it to a test, or to a suite to check every test in it:
/// ```swift
/// @Suite(.checksLiveSubscriptions)
/// struct SubjectTests {
///   @Test func forwardsValues() { … }
/// }
/// ```
///
/// Subscriptions made on threads the test starts itself (not child tasks) are counted in the
/// global ledger instead, unless the thread installs the test's ledger with
/// `SubscriptionLedger.withLedger`; ``LiveSubscriptionsTrait/ledger`` gives it to such code.
public struct LiveSubscriptionsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is attached to.
  public var isRecursive: Bool { true }

  /// The ledger of the test that is running, if the trait installed one.
  @TaskLocal public static var ledger: SubscriptionLedger?

  /// Runs the test with a fresh ledger installed, then checks that it is empty.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else {
      try await function()
      return
    }
    let ledger = SubscriptionLedger()
    try await LiveSubscriptionsTrait.$ledger.withValue(ledger) {
      try await ledger.withLedger { try await function() }
    }
    let live = ledger.liveCount
    if live != 0 {
      Issue.record(Comment(rawValue: liveSubscriptionsMessage(ledger)))
    }
  }
}

extension Trait where Self == LiveSubscriptionsTrait {
  /// Fails the test if it leaves live subscriptions behind.
  public static var checksLiveSubscriptions: LiveSubscriptionsTrait { LiveSubscriptionsTrait() }
}

/// Runs `body` with a fresh `SubscriptionLedger` and records an issue if any
/// subscription made in it is still live afterwards. Returns the ledger for further checks.
///
/// ```swift
/// expectNoLiveSubscriptions {
///   let subscription = subject.subscribe(next: { _ in })
///   subscription.dispose()
/// }
/// ```
@discardableResult
public func expectNoLiveSubscriptions(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows -> SubscriptionLedger {
  let ledger = SubscriptionLedger()
  try ledger.withLedger { try body() }
  if ledger.liveCount != 0 {
    Issue.record(
      Comment(rawValue: liveSubscriptionsMessage(ledger)), sourceLocation: sourceLocation)
  }
  return ledger
}

/// "2 subscription(s) still live: …", each chain on a line of its own with where it was
/// subscribed (``SubscriptionLedger/liveSubscriptions``).
func liveSubscriptionsMessage(_ ledger: SubscriptionLedger) -> String {
  let chains = ledger.liveSubscriptions.map { "\n  \($0)" }.joined()
  return
    "\(ledger.liveCount) subscription(s) still live at the end of the test\(chains.isEmpty ? "" : ":")"
    + chains
}
