import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Wraps a scheduler and counts the actions it actually runs.
final class CountingScheduler: Scheduler, @unchecked Sendable {
  let base: any Scheduler
  let runs = AtomicCounter()
  init(_ base: any Scheduler) { self.base = base }

  func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    base.schedule { [runs] in
      runs.increment()
      action()
    }
  }
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> (
    any Disposable
  )? {
    base.schedule(after: delay) { [runs] in
      runs.increment()
      action()
    }
  }
  func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    base.schedule(after: delay, repeating: interval, leeway: leeway) { [runs] in
      runs.increment()
      action()
    }
  }
}

@Suite("Schedulers (A9, B.9)", .checksLiveSubscriptions)
struct SchedulerTests {
  @Test("A9-04: the immediate scheduler runs at once; after: blocks for the delay")
  func immediate() {
    let log = Recorder<String, Never>()
    let scheduler = ImmediateScheduler()
    #expect(scheduler.schedule { log.record(.next("now")) } == nil)
    scheduler.schedule(after: .milliseconds(1)) { log.record(.next("after")) }
    #expect(log.values == ["now", "after"])
  }

  @Test(
    "A9-03: scheduleRecursive 1,000,000 times on the immediate scheduler, constant stack",
    .tags(.stack))
  func immediateRecursion() async {
    await onSmallStack {
      let count = AtomicCounter()
      ImmediateScheduler.shared.scheduleRecursive { reschedule in
        if count.increment() < 1_000_000 { reschedule() }
      }
      #expect(count.count == 1_000_000)
    }
  }
}
