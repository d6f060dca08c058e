import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "Scheduler.sleep(for:): a task asleep until an action of the scheduler", .checksLiveSubscriptions)
struct SchedulerSleepTests {
  @Test("a sleeper wakes only when the scheduler reaches its deadline, in order with its actions")
  func wakesInOrderWithActions() async throws {
    let scheduler = TestScheduler()
    let log = Recorder<String, Never>()
    scheduler.schedule(after: .seconds(2)) { log.record(.next("action before")) }
    let sleeper = Task {
      try await scheduler.sleep(for: .seconds(2))
      log.record(.next("sleeper"))
    }
    #expect(await yieldUntil { scheduler.pendingCount == 2 }, "the sleeper is asleep")
    scheduler.schedule(after: .seconds(2)) { log.record(.next("action after")) }

    await scheduler.advance(by: .seconds(1))
    #expect(log.values.isEmpty)
    #expect(scheduler.pendingCount == 3, "the wake-up still waits")

    #expect(scheduler.step())
    #expect(log.values == ["action before"])
    #expect(scheduler.step())  // the wake-up
    try await sleeper.value
    #expect(log.values == ["action before", "sleeper"])
    #expect(scheduler.step())
    #expect(log.values == ["action before", "sleeper", "action after"])
    #expect(scheduler.now == .seconds(2))
  }

  @Test("sleepers due at one instant wake one per step, in the order they went to sleep")
  func sleepersInOrder() async throws {
    let scheduler = TestScheduler()
    let log = Recorder<Int, Never>()
    var sleepers: [Task<Void, any Error>] = []
    for index in 0..<4 {
      sleepers.append(
        Task {
          try await scheduler.sleep(for: .seconds(1))
          log.record(.next(index))
        })
      #expect(await yieldUntil { scheduler.pendingCount == index + 1 })
    }
    for index in 0..<4 {
      #expect(scheduler.step())
      try await sleepers[index].value
      #expect(log.values == Array(0...index))
    }
    #expect(scheduler.now == .seconds(1))
    #expect(scheduler.isIdle)
  }

  @Test("cancelling a sleeping task ends its sleep with CancellationError and removes its wake-up")
  func cancellation() async {
    let scheduler = TestScheduler()
    let sleeper = Task { try await scheduler.sleep(for: .seconds(5)) }
    #expect(await yieldUntil { scheduler.pendingCount == 1 })
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(!scheduler.step(), "the wake-up was disposed, so nothing runs")
    #expect(scheduler.isIdle)
    #expect(scheduler.now == .zero)

    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await scheduler.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    #expect(scheduler.isIdle, "a task cancelled before it slept schedules nothing")
  }

  @Test("a delay of zero or less returns at once, scheduling nothing, unless the task is cancelled")
  func noDelay() async throws {
    let scheduler = TestScheduler()
    try await scheduler.sleep(for: .zero)
    try await scheduler.sleep(for: .seconds(-1))
    #expect(scheduler.isIdle)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await scheduler.sleep(for: .zero)
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test("on the immediate scheduler, a sleep blocks its thread for the delay, then returns")
  func immediateScheduler() async throws {
    let start = ContinuousClock.now
    try await ImmediateScheduler.shared.sleep(for: .milliseconds(1))
    #expect(ContinuousClock.now - start >= .milliseconds(1))
  }
}
