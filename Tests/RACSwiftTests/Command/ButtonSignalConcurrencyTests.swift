import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Work that finishes on another thread, counting overlapping executions.
final class AsyncWork: @unchecked Sendable {
  let inFlight = AtomicCounter()
  let overlaps = AtomicCounter()
  let started = AtomicCounter()
  let group = DispatchGroup()
  private let current = NSLock()
  private var running = 0

  /// A work signal, counted in `group` from now on — not from its subscription, which a
  /// command makes later, on its scheduler — until it has sent its completion.
  func make() -> Signal<Int, Never> {
    group.enter()
    return Signal { subscriber in
      self.started.increment()
      let concurrent = self.current.withLock { () -> Int in
        self.running += 1
        return self.running
      }
      if concurrent > 1 { self.overlaps.increment() }
      DispatchQueue.global().async {
        self.current.withLock { self.running -= 1 }
        subscriber.sendNext(1)
        subscriber.sendCompleted()
        self.group.leave()
      }
      return nil
    }
  }
}

@Suite("ButtonSignal and Command under stress", .checksLiveSubscriptions, .tags(.concurrency))
struct ButtonSignalConcurrencyTests {
  /// Taps each of the 4 threads makes (see ``TestScale``).
  static let tapsPerThread = TestScale.size(full: 2_500)

  @Test("Many taps from 4 threads on a ButtonSignal: no overlap, one work per accepted tap")
  func buttonSignal() async {
    let control = TestControl()
    let work = AsyncWork()
    let accepted = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in work.make() }
    let subscription = button.subscribe(completed: { accepted.increment() }, isolation: nil)
    await onThreads(4) { _ in
      for _ in 0..<Self.tapsPerThread { control.tap() }
    }
    work.group.wait()
    #expect(work.overlaps.count == 0)
    #expect(work.started.count == accepted.count)
    #expect(control.isEnabled)
    subscription.dispose()
    button.dispose()
  }

  @Test(
    "Many taps from 4 threads on a control bound to a Command: no overlap, one work per execution"
  )
  func command() async {
    let control = TestControl()
    let work = AsyncWork()
    let scheduler = QueueScheduler(name: "command")
    let command = Command<TestControl, Int, Never>(scheduler: scheduler) { _ in work.make() }
    let executions = AtomicCounter()
    let counting = command.executionSignals.subscribe(
      next: { _ in executions.increment() }, isolation: nil)
    let binding = control.bind(command)
    await onThreads(4) { _ in
      for _ in 0..<Self.tapsPerThread { control.tap() }
    }
    work.group.wait()
    let drained = DispatchSemaphore(value: 0)
    scheduler.schedule { drained.signal() }
    drained.wait()
    #expect(work.overlaps.count == 0)
    // Every accepted tap (an execution, not a .notEnabled) created and ran exactly one work.
    #expect(executions.count > 0)
    #expect(work.started.count == executions.count)
    #expect(!command.isExecuting)
    #expect(control.isEnabled)
    counting.dispose()
    binding.dispose()
  }
}
