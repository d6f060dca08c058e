import RACSwift
import RACSwiftTesting
import Testing

/// A view model written the way an app writes one: a throttled search (a signal on a scheduler)
/// and a banner that hides itself after two seconds (`Task.sleep` on a clock). In the app the two
/// are `MainScheduler.shared` and `MainScheduler.shared.clock`; in the test, one `TestScheduler`
/// is both.
@MainActor
final class SearchScreen {
  private(set) var results: [String] = []
  private(set) var bannerShown = false
  let queries = Subject<String, Never>()
  private let clock: any Clock<Duration>
  private var subscription: (any Disposable)?

  init(scheduler: any Scheduler, clock: any Clock<Duration>) {
    self.clock = clock
    subscription = queries.throttle(.milliseconds(300), on: scheduler)
      .subscribe(next: { [weak self] query in self?.results = ["\(query) 1", "\(query) 2"] })
  }

  func showSavedBanner() async throws {
    bannerShown = true
    try await clock.sleep(for: .seconds(2))
    bannerShown = false
  }

  func close() { subscription?.dispose() }
}

@Suite(
  "TestScheduler's clock: async code on the scheduler's virtual time", .checksLiveSubscriptions)
@MainActor
struct TestSchedulerClockTests {
  @Test("a view model's Task.sleep and its throttle run on one virtual time, without a real wait")
  func viewModelOnOneClock() async throws {
    let scheduler = TestScheduler()
    let screen = SearchScreen(scheduler: scheduler, clock: scheduler.clock)
    screen.queries.sendNext("sw")
    screen.queries.sendNext("swift")
    await scheduler.advance(by: .milliseconds(299))
    #expect(screen.results.isEmpty)
    await scheduler.advance(by: .milliseconds(1))
    #expect(screen.results == ["swift 1", "swift 2"])

    let banner = Task { try await screen.showSavedBanner() }
    while scheduler.pendingCount == 0 { await Task.yield() }  // the banner sleeps
    #expect(screen.bannerShown)
    await scheduler.advance(by: .milliseconds(1_999))
    #expect(screen.bannerShown)
    await scheduler.advance(by: .milliseconds(1))
    try await banner.value
    #expect(!screen.bannerShown)
    #expect(scheduler.now == .milliseconds(2_300))
    screen.close()
  }

  @Test("sleepers at one instant wake one per step, in the order they slept, between the actions")
  func manySleepersInOrder() async throws {
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    let deadline = clock.now.advanced(by: .seconds(1))
    let log = LogBox()
    var sleepers: [Task<Void, any Error>] = []
    for index in 1...4 {
      sleepers.append(
        Task {
          try await clock.sleep(until: deadline)
          log.add("sleeper \(index)")
        })
      // Each sleeper is asleep (its wake-up scheduled) before the next starts.
      while scheduler.pendingCount < index + (index > 2 ? 1 : 0) { await Task.yield() }
      if index == 2 { scheduler.schedule(after: .seconds(1)) { log.add("action") } }
    }
    // One step of the scheduler runs one wake-up (or action), in the order they were scheduled.
    for (step, expected) in [
      (0, "sleeper 1"), (1, "sleeper 2"), (nil, "action"), (2, "sleeper 3"), (3, "sleeper 4"),
    ] {
      #expect(scheduler.step())
      if let step { try await sleepers[step].value }
      #expect(log.lines.last == expected)
      #expect(scheduler.now == .seconds(1))
    }
    #expect(log.lines == ["sleeper 1", "sleeper 2", "action", "sleeper 3", "sleeper 4"])
  }

  @Test("cancelling a sleeping task ends its sleep with CancellationError and removes its wake-up")
  func cancellation() async {
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    let sleeper = Task { try await Task.sleep(for: .seconds(5), clock: clock) }
    while scheduler.pendingCount == 0 { await Task.yield() }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(!scheduler.step(), "the wake-up was removed")
    #expect(scheduler.now == .zero)

    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await Task.sleep(for: .seconds(1), clock: clock)
    }
    await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    #expect(scheduler.isIdle)
  }

  @Test("a deadline that has passed returns at once; now and durations read the virtual time")
  func passedDeadline() async throws {
    let scheduler = TestScheduler()
    let clock = scheduler.clock
    await scheduler.advance(by: .seconds(3))
    #expect(clock.now.offset == .seconds(3))
    #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(2))) == .seconds(2))
    try await clock.sleep(until: TestSchedulerClock.Instant(offset: .seconds(1)))
    try await Task.sleep(for: .zero, clock: clock)
    #expect(scheduler.isIdle)
    #expect(clock.minimumResolution == .zero)
  }
}
