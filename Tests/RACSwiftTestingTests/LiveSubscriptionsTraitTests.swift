import RACSwift
import RACSwiftTesting
import Testing

@Suite("Leak checks", .checksLiveSubscriptions)
struct LiveSubscriptionsTraitTests {
  @Test("expectNoLiveSubscriptions passes when everything was disposed or finished")
  func clean() {
    let ledger = expectNoLiveSubscriptions {
      let subject = Subject<Int, Never>()
      subject.subscribe().dispose()
      Signal.just(1).subscribe()
    }
    #expect(ledger.liveCount == 0)
  }

  @Test("expectNoLiveSubscriptions records an issue for a subscription left live")
  func leak() {
    let subject = Subject<Int, Never>()
    var leaked: (any Disposable)?
    withKnownIssue(
      "Expected: the check under test reports the subscription this test leaks on purpose"
    ) {
      expectNoLiveSubscriptions {
        leaked = subject.subscribe()
      }
    }
    leaked?.dispose()
  }

  @Test("the trait installs a ledger for the test", .checksLiveSubscriptions)
  func traitLedger() throws {
    let ledger = try #require(LiveSubscriptionsTrait.ledger)
    let subscription = Subject<Int, Never>().subscribe()
    #expect(ledger.liveCount == 1)
    subscription.dispose()
    #expect(ledger.liveCount == 0)
  }
}
