import RACSwift
import RACSwiftTesting
import Testing

@Suite("SchedulerClock: a scheduler running in real time as a Clock", .checksLiveSubscriptions)
struct SchedulerClockTests {
  @Test("a sleep wakes when the scheduler runs its wake-up, not when real time reaches it")
  func wakesWithTheScheduler() async throws {
    let scheduler = TestScheduler()
    let clock = SchedulerClock(scheduler: scheduler)
    // A day away: real time never reaches it during the test, however loaded the machine (the
    // task that sleeps may start seconds late).
    let deadline = clock.now.advanced(by: .seconds(86_400))
    let woke = Recorder<String, Never>()
    let sleeper = Task {
      try await clock.sleep(until: deadline)
      woke.record(.next("woke"))
    }
    #expect(await yieldUntil { scheduler.pendingCount == 1 }, "the wake-up is the scheduler's")
    await scheduler.advance(by: .seconds(43_200))
    #expect(scheduler.pendingCount == 1)
    #expect(woke.values.isEmpty)
    await scheduler.advance(by: .seconds(86_400))
    try await sleeper.value
    #expect(woke.values == ["woke"])
    #expect(clock.now < deadline, "no real time to speak of passed: the scheduler woke it")
  }

  @Test("cancelling a sleep on the clock throws CancellationError and removes its wake-up")
  func cancellation() async {
    let scheduler = TestScheduler()
    let clock = SchedulerClock(scheduler: scheduler)
    let sleeper = Task { try await Task.sleep(for: .seconds(5), clock: clock) }
    #expect(await yieldUntil { scheduler.pendingCount == 1 })
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(!scheduler.step(), "the wake-up was removed")
    #expect(scheduler.isIdle)
  }

  @Test("a deadline that has passed returns at once; now and resolution are SuspendingClock's")
  func suspendingClockTime() async throws {
    let scheduler = TestScheduler()
    let clock = SchedulerClock(scheduler: scheduler)
    let before = SuspendingClock.now
    let now = clock.now
    #expect(before <= now && now <= SuspendingClock.now)
    #expect(clock.minimumResolution == SuspendingClock().minimumResolution)
    try await clock.sleep(until: now)
    try await clock.sleep(until: now.advanced(by: .seconds(-1)))
    #expect(scheduler.isIdle)
  }

  @Test("the main and queue schedulers' clock properties wrap the scheduler itself")
  func clockProperties() {
    #expect(MainScheduler.shared.clock.scheduler === MainScheduler.shared)
    let queue = QueueScheduler(name: "RACSwiftTests.clock")
    #expect(queue.clock.scheduler === queue)
  }
}
