import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A source that sends from a thread of its own until its subscription is disposed, pausing
/// `pause` busy iterations between values; it counts its subscriptions, disposals and sending
/// loops that ended.
final class PacedSource: Sendable {
  let pause: Int
  let subscriptions = Atomic<Int>(0)
  let disposals = Atomic<Int>(0)
  let loopsEnded = Atomic<Int>(0)

  init(pause: Int) { self.pause = pause }

  var signal: Signal<Int, Never> {
    Signal { subscriber in
      self.subscriptions.wrappingAdd(1, ordering: .relaxed)
      let pause = self.pause
      // A thread of its own: a loop that never yields would starve the tasks sharing the
      // global queue's few threads with it.
      Thread.detachNewThread {
        var value = 0
        let spins = Atomic<Int>(0)
        while !subscriber.isDisposed {
          subscriber.sendNext(value)
          value &+= 1
          for _ in 0..<pause { spins.wrappingAdd(1, ordering: .relaxed) }
        }
        self.loopsEnded.wrappingAdd(1, ordering: .releasing)
      }
      return AnyDisposable { self.disposals.wrappingAdd(1, ordering: .relaxed) }
    }
  }

  /// Waits (suspended) until every sending loop saw its disposal.
  func waitForLoops(_ count: Int) async {
    while loopsEnded.load(ordering: .acquiring) < count { await Task.yield() }
  }
}

@Suite(
  "cancelling a task that consumes a signal never deadlocks with the task's own cancellation",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct AsyncSignalConcurrencyTests {
  /// 10,000 rounds at the full scale; a tenth of that by default and under a sanitizer, which
  /// slows every round's new thread and every send tenfold or more (see ``TestScale``).
  static let rounds = TestScale.size(full: 10_000)

  // The values bridge used to dispose its subscription from the task's cancellation handler,
  // which the concurrency runtime runs holding the task's status lock. `dispose()` waits for a
  // handler running on the sending thread; that handler was resuming the task's continuation,
  // which waits for the same status lock: both threads waited for each other for good.
  @Test("for await over a source that keeps sending, cancelled after the first value, many times")
  func cancelWhileTheSourceSends() async {
    // The consumer is usually waiting when the sender delivers (the pause is longer than a turn
    // of the loop), so a cancellation often meets a delivery resuming the task. Before the fix
    // this hung within seconds on 2 cores, every time.
    await cancelAfterFirstValue(rounds: Self.rounds, pause: 100)
  }

  private func cancelAfterFirstValue(rounds: Int, pause: Int) async {
    let ledger = SubscriptionLedger.current
    let source = PacedSource(pause: pause)
    let signal = source.signal
    for _ in 0..<rounds {
      let firstValue = AsyncSignalBox()
      let task = Task {
        var count = 0
        for await _ in signal.values {
          count += 1
          if count == 1 { firstValue.fire() }
        }
        return count
      }
      await firstValue.wait()
      task.cancel()
      #expect(await task.value >= 1)
      #expect(ledger.liveCount == 0)
    }
    await source.waitForLoops(rounds)
    #expect(source.subscriptions.load(ordering: .relaxed) == rounds)
    #expect(source.disposals.load(ordering: .relaxed) == rounds)
  }

  @Test("first() over a source that keeps sending, its task cancelled at once, many times")
  func cancelFirst() async {
    let ledger = SubscriptionLedger.current
    let source = PacedSource(pause: 100)
    let signal = source.signal
    for _ in 0..<Self.rounds {
      let task = Task { await signal.first() }
      task.cancel()
      // The value is `nil` when the cancellation came first, else the first value sent.
      let first = await task.value
      #expect(first == nil || first == 0)
      #expect(ledger.liveCount == 0)
    }
    let subscribed = source.subscriptions.load(ordering: .relaxed)
    await source.waitForLoops(subscribed)
    #expect(source.disposals.load(ordering: .relaxed) == subscribed)
  }
}
