import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Leak accounting (CONTRACT.md#leak-accounting)", .checksLiveSubscriptions)
struct SubscriptionLedgerTests {
  @Test("a ledger counts live subscriptions, inner ones included, until they end")
  func counts() {
    let ledger = SubscriptionLedger()
    let subject = Subject<Int, Never>()
    let inner = Subject<Int, Never>()
    ledger.withLedger {
      let first = subject.subscribe()
      #expect(ledger.liveCount == 1)
      let second = subject.flattenMap { _ in inner }.subscribe()
      subject.sendNext(1)
      // root + source + one inner
      #expect(ledger.liveCount == 4)
      first.dispose()
      second.dispose()
    }
    #expect(ledger.liveCount == 0)
    Signal.just(1).subscribe()
    #expect(ledger.liveCount == 0)
  }

  @Test("finished subscriptions leave the count by themselves")
  func finishing() {
    let ledger = SubscriptionLedger()
    ledger.withLedger {
      Signal.from(1...3).take(2).concat(.just(9)).flattenMap { .just($0) }.subscribe()
    }
    #expect(ledger.liveCount == 0)
  }

  @Test("expectNoLiveSubscriptions returns the ledger it checked")
  func helper() {
    let ledger = expectNoLiveSubscriptions {
      Subject<Int, Never>().subscribe().dispose()
    }
    #expect(ledger.liveCount == 0)
  }

  @Test("a subscription dropped without disposal still ends its count when released")
  func released() {
    let ledger = SubscriptionLedger()
    ledger.withLedger {
      _ = Signal<Int, Never>.never.subscribe()
    }
    #expect(ledger.liveCount == 0)
  }
}
