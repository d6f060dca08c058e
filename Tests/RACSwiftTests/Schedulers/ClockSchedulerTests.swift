import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

/// One sleep on a ``RecordingClock``.
private struct Sleep: Equatable {
  let deadline: Duration
  let tolerance: Duration?
}

/// A `TestScheduler`'s clock that records the deadline and tolerance of every sleep on it.
private struct RecordingClock: Clock {
  let base: TestSchedulerClock
  let sleeps = Recorder<Sleep, Never>()

  var now: TestSchedulerClock.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: TestSchedulerClock.Instant, tolerance: Duration?) async throws {
    sleeps.record(.next(Sleep(deadline: deadline.offset, tolerance: tolerance)))
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// Returns once every action enqueued on `scheduler`'s queue before it has run.
private func drain<C>(_ scheduler: ClockScheduler<C>) async {
  await withCheckedContinuation { continuation in
    scheduler.schedule { continuation.resume() }
  }
}

@Suite("ClockScheduler: time operators on a Clock", .checksLiveSubscriptions)
struct ClockSchedulerTests {
  @Test("delay on a clock sends each value and the completion when the clock reaches them")
  func delay() async {
    let driver = TestScheduler()
    let scheduler = ClockScheduler(clock: driver.clock)
    let subject = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: subject.delay(.seconds(2), on: scheduler))

    subject.sendNext(1)  // due at 2 s
    #expect(await yieldUntil { driver.pendingCount == 1 }, "asleep on the clock")
    await driver.advance(by: .seconds(1))
    subject.sendNext(2)  // due at 3 s
    #expect(await yieldUntil { driver.pendingCount == 2 })
    #expect(recorder.events.isEmpty)

    await driver.advance(by: .seconds(1))
    #expect(await yieldUntil { recorder.values == [1] })
    subject.sendCompleted()  // due at 4 s
    #expect(await yieldUntil { driver.pendingCount == 2 })
    await driver.advance(by: .seconds(1))
    #expect(await yieldUntil { recorder.values == [1, 2] })
    #expect(driver.pendingCount == 1, "the completion still waits")
    await driver.advance(by: .seconds(1))
    #expect(await yieldUntil { recorder.isTerminated })
    #expect(recorder.events == [.next(1), .next(2), .completed])
    subscription.dispose()
  }

  @Test("throttle on a clock sends a value once the clock passed its interval without a newer one")
  func throttle() async {
    let driver = TestScheduler()
    let scheduler = ClockScheduler(clock: driver.clock)
    let subject = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: subject.throttle(.seconds(1), on: scheduler))

    subject.sendNext(1)  // due at 1 s
    #expect(await yieldUntil { driver.pendingCount == 1 })
    await driver.advance(by: .milliseconds(500))
    subject.sendNext(2)  // replaces 1 (whose sleep is cancelled), due at 1.5 s
    // The cancelled wake-up stays in the scheduler's queue until it is reached.
    #expect(await yieldUntil { driver.pendingCount == 2 })
    await driver.advance(by: .milliseconds(500))
    #expect(driver.pendingCount == 1, "1's wake-up was cancelled, 2's waits")
    await driver.advance(by: .milliseconds(500))
    #expect(await yieldUntil { recorder.values == [2] })

    subject.sendNext(3)  // due at 2.5 s; completion sends it at once
    #expect(await yieldUntil { driver.pendingCount == 1 })
    subject.sendCompleted()
    #expect(recorder.events == [.next(2), .next(3), .completed])
    #expect(!driver.step(), "the pending timer was cancelled")
    await drain(scheduler)
    #expect(recorder.events == [.next(2), .next(3), .completed])
    subscription.dispose()
  }

  @Test("disposing a delayed action before its deadline cancels its sleep: it never runs")
  func disposeBeforeDeadline() async {
    let driver = TestScheduler()
    let scheduler = ClockScheduler(clock: driver.clock)
    let ran = Recorder<String, Never>()
    let action = scheduler.schedule(after: .seconds(1)) { ran.record(.next("ran")) }
    #expect(await yieldUntil { driver.pendingCount == 1 })
    action?.dispose()
    #expect(!driver.step(), "the sleep's wake-up was removed")
    await driver.advance(by: .seconds(5))
    await drain(scheduler)
    #expect(ran.values.isEmpty)
  }

  @Test("disposing a delayed action after its deadline, before it ran on the queue: it never runs")
  func disposeAfterDeadline() async {
    let driver = TestScheduler()
    let queue = QueueScheduler(name: "RACSwiftTests.ClockScheduler.blocked")
    let scheduler = ClockScheduler(clock: driver.clock, queue: queue)
    let gate = DispatchSemaphore(value: 0)
    queue.schedule { gate.wait() }  // holds the queue (a Dispatch thread, not the test's)
    let ran = Recorder<String, Never>()
    let action = scheduler.schedule(after: .seconds(1)) { ran.record(.next("ran")) }
    #expect(await yieldUntil { driver.pendingCount == 1 })
    await driver.advance(by: .seconds(1))  // woken: enqueued behind the gate, or about to be
    action?.dispose()
    gate.signal()
    await drain(scheduler)
    #expect(ran.values.isEmpty)
  }

  @Test("while its actions run, Schedulers.current is the ClockScheduler, delayed or not")
  func currentScheduler() async {
    let driver = TestScheduler()
    let scheduler = ClockScheduler(clock: driver.clock)
    let seen = Recorder<String, Never>()
    let record: @Sendable (String) -> Void = { label in
      seen.record(.next("\(label) \(Schedulers.current === scheduler)"))
    }
    scheduler.schedule { record("now") }
    scheduler.schedule(after: .zero) { record("zero") }
    scheduler.schedule(after: .seconds(1)) { record("delayed") }
    #expect(await yieldUntil { seen.values.count == 2 && driver.pendingCount == 1 })
    let timer = scheduler.schedule(after: .seconds(2), repeating: .seconds(1), leeway: .zero) {
      record("repeating")
    }
    #expect(await yieldUntil { driver.pendingCount == 2 })
    await driver.advance(by: .seconds(1))
    #expect(await yieldUntil { seen.values.count == 3 })
    await driver.advance(by: .seconds(1))
    #expect(await yieldUntil { seen.values.count == 4 })
    timer?.dispose()
    #expect(seen.values == ["now true", "zero true", "delayed true", "repeating true"])
  }

  @Test("a repeating action's deadlines count from the first, so a late wake-up does not drift")
  func repeatingWithoutDrift() async {
    let driver = TestScheduler()
    let clock = RecordingClock(base: driver.clock)
    let scheduler = ClockScheduler(clock: clock)
    let ticks = AtomicCounter()
    let timer = scheduler.schedule(
      after: .seconds(1), repeating: .seconds(1), leeway: .milliseconds(100)
    ) { ticks.increment() }
    #expect(await yieldUntil { driver.pendingCount == 1 })

    await driver.advance(by: .milliseconds(1_500))  // the first tick wakes half a second late
    #expect(await yieldUntil { ticks.count == 1 })
    #expect(await yieldUntil { driver.pendingCount == 1 }, "asleep until the second")
    await driver.advance(to: .milliseconds(1_999))
    #expect(driver.pendingCount == 1 && ticks.count == 1)
    await driver.advance(to: .seconds(2))  // not 2.5 s
    #expect(await yieldUntil { ticks.count == 2 })
    #expect(await yieldUntil { driver.pendingCount == 1 })
    await driver.advance(to: .seconds(3))
    #expect(await yieldUntil { ticks.count == 3 })
    #expect(await yieldUntil { driver.pendingCount == 1 })

    timer?.dispose()
    #expect(!driver.step(), "disposing cancelled the sleep for the fourth tick")
    await driver.advance(by: .seconds(10))
    await drain(scheduler)
    #expect(ticks.count == 3)
    #expect(
      clock.sleeps.values
        == [1, 2, 3, 4].map { Sleep(deadline: .seconds($0), tolerance: .milliseconds(100)) })
  }
}
