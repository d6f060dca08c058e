import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

/// A weak reference that a `@Sendable` action can read.
private final class WeakScheduler: @unchecked Sendable {
  // Lock discipline: written before the actions are queued, read by them afterwards (the queue
  // orders the two).
  weak var scheduler: QueueScheduler?
}

@Suite("QueueScheduler", .checksLiveSubscriptions)
struct QueueSchedulerTests {
  @Test("A9: a queued action keeps its scheduler alive, so Schedulers.current is that scheduler")
  func queuedActionKeepsSchedulerAlive() async {
    let weak = WeakScheduler()
    let gate = DispatchSemaphore(value: 0)
    let sawItself: Bool = await withCheckedContinuation { continuation in
      do {
        let scheduler = QueueScheduler(name: "RACSwiftTests.released")
        weak.scheduler = scheduler
        // Holds the scheduler's queue (a Dispatch thread, not the test's) until the caller has
        // let go of the scheduler.
        scheduler.schedule { gate.wait() }
        scheduler.schedule {
          let current = Schedulers.current as? QueueScheduler
          continuation.resume(returning: current != nil && current === weak.scheduler)
        }
      }
      gate.signal()
    }
    #expect(sawItself)
  }
}
