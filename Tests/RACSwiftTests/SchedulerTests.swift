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

  @Test("A7-08, A7-20: deliver(on:) keeps order and never delivers two events at once")
  func deliverOn() async {
    let scheduler = QueueScheduler(name: "deliver")
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let values = Recorder<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let subscription = subject.deliver(on: scheduler).subscribe(
      next: { value in
        probe.handle()
        values.record(.next(value))
      }, completed: { done.signal() })
    await onThreads(4) { thread in
      for value in 0..<10_000 { subject.sendNext(thread * 100_000 + value) }
    }
    subject.sendCompleted()
    done.wait()
    #expect(probe.count == 40_000)
    #expect(probe.overlaps == 0)
    for thread in 0..<4 {
      let own = values.values.filter { $0 / 100_000 == thread }
      #expect(own == own.sorted())
    }
    subscription.dispose()
  }

  @Test("subscribe(on:) runs the subscription's side effects on the scheduler")
  func subscribeOn() {
    let scheduler = QueueScheduler(name: "subscribe")
    let done = DispatchSemaphore(value: 0)
    let subscribedThere = Recorder<Bool, Never>()
    Signal<Int, Never> { subscriber in
      subscribedThere.record(.next(Schedulers.current === scheduler))
      subscriber.sendCompleted()
      return nil
    }.subscribe(on: scheduler).subscribe(completed: { done.signal() })
    done.wait()
    #expect(subscribedThere.values == [true])
  }

  @MainActor
  @Test("deliverOnMainThread: synchronous on the main queue, queued from elsewhere")
  func deliverOnMainThread() async {
    let subject = Subject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Disposable)?
    subscription = subject.deliverOnMainThread().subscribe(next: { received.append($0) })
    subject.sendNext(1)
    #expect(received == [1])
    var inner: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let check = Subject<Int, Never>()
      inner = check.deliverOnMainThread().subscribe(next: { _ in done.resume() })
      DispatchQueue.global().async { check.sendNext(2) }
    }
    // Disposed here rather than left to end with the subject, which the global queue's block
    // may still hold when the test ends (the leak check then raced that block's release).
    inner?.dispose()
    subscription?.dispose()
  }
}

@Suite("Time operators on virtual time (B.3)", .checksLiveSubscriptions)
struct TimeOperatorTests {
  let scheduler = TestScheduler()

  @Test("delay delays values and completion; an error is not delayed")
  func delay() throws {
    let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(
      source.delay(.seconds(2), on: scheduler), "---a-b|", values: ["a": 1, "b": 2])
    let failing = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError())
    scheduler.expectMarbles(
      failing.delay(.seconds(5), on: scheduler), "---#", values: ["a": 1], error: TestError())
  }

  @Test("throttle sends a value after a quiet interval; completion flushes; error drops")
  func throttle() throws {
    let source = try scheduler.coldSignal("ab-c---d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    scheduler.expectMarbles(
      source.throttle(.seconds(2), on: scheduler), "-----c--(d|)",
      values: ["c": 3, "d": 4])
    let failing = try scheduler.coldSignal("a#", values: ["a": 1], error: TestError())
    scheduler.expectMarbles(
      failing.throttle(.seconds(2), on: scheduler), "-#", error: TestError())
  }

  @Test("throttle(valuesPassingTest:) lets other values through at once, dropping the pending one")
  func throttlePassing() throws {
    let source = try scheduler.coldSignal("a-X--b---|", values: ["a": 1, "X": 100, "b": 2])
    scheduler.expectMarbles(
      source.throttle(.seconds(2), on: scheduler, valuesPassingTest: { $0 < 100 }),
      "--X----b-|", values: ["X": 100, "b": 2])
  }

  @Test("timeout fails with timedOut, passes the receiver's own error as underlying")
  func timeout() throws {
    let slow = try scheduler.coldSignal("-a----|", values: ["a": 1])
    scheduler.expectMarbles(
      slow.timeout(.seconds(3), on: scheduler), "-a-#", values: ["a": 1],
      error: TimeoutError<Never>.timedOut)
    let failing = try scheduler.coldSignal(
      "-#", values: [:] as [Character: Int], error: TestError())
    scheduler.expectMarbles(
      failing.timeout(.seconds(3), on: scheduler), "-#",
      error: TimeoutError<TestError>.underlying(TestError()))
    let fast = try scheduler.coldSignal("-a|", values: ["a": 1])
    scheduler.expectMarbles(
      fast.promoteError(TestError.self).timeout(.seconds(3), on: scheduler, orFail: TestError()),
      "-a|", values: ["a": 1])
  }

  @Test("buffer(withTime:on:) collects values from the first of each batch; flushes on completion")
  func buffer() throws {
    let source = try scheduler.coldSignal(
      "ab--c-d-e|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
    let recorder = scheduler.record(source.buffer(withTime: .seconds(3), on: scheduler))
    scheduler.run()
    #expect(recorder.values == [[1, 2], [3, 4], [5]])
    #expect(recorder.events.map(\.time) == [.seconds(3), .seconds(7), .seconds(9), .seconds(9)])
    scheduler.expectMarbles(
      source.buffer(withTime: .seconds(3), on: scheduler), "---x---y-(z|)",
      values: ["x": [1, 2], "y": [3, 4], "z": [5]])
  }

  @Test("interval sends the tick count at every interval, forever")
  func interval() {
    let recorder = scheduler.record(Signal.interval(.seconds(2), on: scheduler).take(3))
    scheduler.advance(by: .seconds(10))
    #expect(recorder.values == [0, 1, 2])
    #expect(recorder.events.map(\.time) == [.seconds(2), .seconds(4), .seconds(6), .seconds(6)])
    scheduler.expectMarbles(
      Signal.interval(.seconds(2), on: scheduler).take(3), "--a-b-(c|)",
      values: ["a": 0, "b": 1, "c": 2])
  }

  @Test("deliver(on: test scheduler) delivers only when the scheduler runs")
  func deliverOnTest() throws {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from([1, 2]).deliver(on: scheduler))
    #expect(recorder.events.isEmpty)
    scheduler.run()
    #expect(recorder.events == [.next(1), .next(2), .completed])
    let later = try scheduler.coldSignal("-a--b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(later.deliver(on: scheduler), "-a--b|", values: ["a": 1, "b": 2])
  }

  @Test("subscribe(on: test scheduler) subscribes only when the scheduler runs")
  func subscribeOnTest() throws {
    let subscriptions = AtomicCounter()
    let source = Signal<Int, Never>.defer {
      subscriptions.increment()
      return .from([1, 2])
    }
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: source.subscribe(on: scheduler))
    #expect(subscriptions.count == 0)
    scheduler.run()
    #expect(subscriptions.count == 1)
    #expect(recorder.events == [.next(1), .next(2), .completed])
    let later = try scheduler.coldSignal("-a--b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(later.subscribe(on: scheduler), "-a--b|", values: ["a": 1, "b": 2])
  }

  @Test("disposal cancels pending timers: no action runs after dispose")
  func disposalCancelsTimers() throws {
    let counting = CountingScheduler(scheduler)
    let source = try scheduler.coldSignal("ab|", values: ["a": 1, "b": 2])
    let chains: [Signal<Int, Never>] = [
      source.delay(.seconds(5), on: counting),
      source.throttle(.seconds(5), on: counting),
      Signal<Int, TestError>.never.timeout(.seconds(5), on: counting, orFail: TestError())
        .ignoreErrors(),
      source.buffer(withTime: .seconds(5), on: counting).map(\.count),
      Signal.interval(.seconds(5), on: counting),
      source.delay(.seconds(5), on: scheduler).deliver(on: counting),
      source.delay(.seconds(5), on: scheduler).subscribe(on: counting),
    ]
    for chain in chains {
      let subscription = chain.subscribe()
      scheduler.advance(by: .seconds(1))
      let before = counting.runs.count
      subscription.dispose()
      scheduler.advance(by: .seconds(60))
      #expect(counting.runs.count == before)
    }
  }
}
