import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "QueueScheduler and MainScheduler concurrency", .checksLiveSubscriptions, .tags(.concurrency))
struct SchedulerConcurrencyTests {
  @Test("QueueScheduler runs 100,000 actions first in, first out")
  func fifo() {
    let scheduler = QueueScheduler(name: "fifo")
    let order = Recorder<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<100_000 {
      scheduler.schedule {
        order.record(.next(index))
        if index == 99_999 { done.signal() }
      }
    }
    done.wait()
    #expect(order.values == Array(0..<100_000))
  }

  @Test("QueueScheduler: cancellation before the start; Schedulers.current inside actions")
  func cancellationAndCurrent() {
    let scheduler = QueueScheduler(name: "cancel")
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let log = Recorder<String, Never>()
    scheduler.schedule { gate.wait() }
    let cancelled = scheduler.schedule { log.record(.next("cancelled ran")) }
    scheduler.schedule {
      log.record(.next(Schedulers.current === scheduler ? "current" : "wrong"))
      done.signal()
    }
    cancelled?.dispose()
    gate.signal()
    done.wait()
    #expect(log.values == ["current"])
  }

  @Test("QueueScheduler targeting a concurrent queue stays serial and first in, first out")
  func targetedQueue() {
    let target = DispatchQueue(label: "concurrent target", qos: .utility, attributes: .concurrent)
    let scheduler = QueueScheduler(name: "targeted", qos: .userInitiated, targeting: target)
    let order = Recorder<Int, Never>()
    let running = AtomicCounter()
    let overlaps = AtomicCounter()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<10_000 {
      scheduler.schedule {
        if running.increment() > 1 { overlaps.increment() }
        order.record(.next(index))
        running.decrement()
        if index == 9_999 { done.signal() }
      }
    }
    done.wait()
    #expect(order.values == Array(0..<10_000))
    #expect(overlaps.count == 0)
  }

  @MainActor
  @Test("MainScheduler enqueues even on the main queue, runs on it, and is current there")
  func mainScheduler() async {
    let log = Recorder<String, Never>()
    let cancelled = MainScheduler.shared.schedule { log.record(.next("cancelled ran")) }
    cancelled?.dispose()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      MainScheduler.shared.schedule {
        log.record(.next(isOnMainQueue() ? "on main" : "elsewhere"))
        log.record(.next(Schedulers.current === MainScheduler.shared ? "current" : "not current"))
        done.resume()
      }
      // RAC's rule: scheduling on the main queue from the main queue still enqueues.
      log.record(.next("scheduled"))
    }
    #expect(log.values == ["scheduled", "on main", "current"])
    #expect(Schedulers.current === MainScheduler.shared)
  }

  @Test("A9-03: scheduleRecursive 1,000,000 times on a queue scheduler")
  func queueRecursion() {
    let scheduler = QueueScheduler(name: "recursion")
    let count = AtomicCounter()
    let done = DispatchSemaphore(value: 0)
    scheduler.scheduleRecursive { reschedule in
      if count.increment() < 1_000_000 { reschedule() } else { done.signal() }
    }
    done.wait()
    #expect(count.count == 1_000_000)
  }

}
