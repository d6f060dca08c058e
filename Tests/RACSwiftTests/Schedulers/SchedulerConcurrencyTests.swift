import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "QueueScheduler and MainScheduler concurrency", .checksLiveSubscriptions, .tags(.concurrency))
struct SchedulerConcurrencyTests {
  @Test("QueueScheduler runs many actions first in, first out")
  func fifo() {
    let count = TestScale.size(full: 100_000)
    let scheduler = QueueScheduler(name: "fifo")
    let order = Recorder<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
      scheduler.schedule {
        order.record(.next(index))
        if index == count - 1 { done.signal() }
      }
    }
    done.wait()
    #expect(order.values == Array(0..<count))
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
    let count = TestScale.size(full: 10_000)
    for index in 0..<count {
      scheduler.schedule {
        if running.increment() > 1 { overlaps.increment() }
        order.record(.next(index))
        running.decrement()
        if index == count - 1 { done.signal() }
      }
    }
    done.wait()
    #expect(order.values == Array(0..<count))
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

  @Test("A9-03: scheduleRecursive many times on a queue scheduler")
  func queueRecursion() {
    let times = TestScale.size(full: 1_000_000)
    let scheduler = QueueScheduler(name: "recursion")
    let count = AtomicCounter()
    let done = DispatchSemaphore(value: 0)
    scheduler.scheduleRecursive { reschedule in
      if count.increment() < times { reschedule() } else { done.signal() }
    }
    done.wait()
    #expect(count.count == times)
  }

}
