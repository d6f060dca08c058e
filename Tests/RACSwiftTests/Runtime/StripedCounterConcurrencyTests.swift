import Foundation
import RACSwiftTesting
import Synchronization
import Testing

@testable import RACSwift

@Suite(
  "The subscription ledger's striped count stays exact across threads",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct StripedCounterConcurrencyTests {
  @Test("adds on some threads and subtracts on others: the sum is exact throughout and at the end")
  func addsAndSubtractsOnDifferentThreads() async {
    let counter = StripedCounter()
    let rounds = TestScale.size(full: 20_000)
    // Threads 0 and 1 add, threads 2 and 3 subtract: every add and its subtract land on
    // different stripes (one per thread), and only the sum is exact.
    await onThreads(4) { thread in
      for _ in 0..<rounds {
        if thread < 2 {
          counter.increment()
        } else {
          counter.decrement()
        }
      }
    }
    #expect(counter.value == 0)
    for _ in 0..<3 { counter.increment() }
    #expect(counter.value == 3)
  }

  @Test("subscriptions started on one thread and disposed on another leave the ledger at 0")
  func subscriptionsEndedElsewhere() async {
    let ledger = SubscriptionLedger()
    let subject = Subject<Int, Never>()
    let handOver = SubscriptionHandOver()
    let rounds = TestScale.size(full: 5_000)
    await ledger.withLedger {
      await onThreads(2) { thread in
        if thread == 0 {
          for _ in 0..<rounds { handOver.put(subject.subscribe(next: { _ in })) }
          handOver.finish()
        } else {
          while let subscription = handOver.take() { subscription.dispose() }
        }
      }
    }
    #expect(ledger.liveCount == 0)
  }
}

/// Subscriptions handed from the thread that makes them to the thread that disposes them.
///
/// Lock discipline: `queue` and `finished` are read and written only under `condition`'s lock.
private final class SubscriptionHandOver: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [any Disposable] = []
  private var finished = false

  func put(_ subscription: any Disposable) {
    condition.withLock {
      queue.append(subscription)
      condition.signal()
    }
  }

  func finish() {
    condition.withLock {
      finished = true
      condition.broadcast()
    }
  }

  /// The next subscription, or `nil` once the maker has finished and none is left.
  func take() -> (any Disposable)? {
    condition.withLock {
      while queue.isEmpty && !finished { condition.wait() }
      return queue.isEmpty ? nil : queue.removeFirst()
    }
  }
}
