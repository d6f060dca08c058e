import RACSwift

extension TestScheduler {
  /// The scheduler's virtual time as a `Clock`, for `async` code: `Task.sleep(for:clock:)` on it
  /// wakes when the test advances the scheduler past the deadline, in order with the scheduler's
  /// own actions, so a view model that mixes signals with `async` sleeps runs on one virtual
  /// time.
  ///
  /// ```swift
  /// @MainActor final class Toast {
  ///   var isShown = false
  ///   func show(clock: some Clock<Duration>) async throws {
  ///     isShown = true
  ///     try await Task.sleep(for: .seconds(2), clock: clock)
  ///     isShown = false
  ///   }
  /// }
  ///
  /// let scheduler = TestScheduler()
  /// let toast = Toast()
  /// let task = Task { try await toast.show(clock: scheduler.clock) }
  /// while scheduler.isIdle { await Task.yield() }  // until the toast sleeps
  /// await scheduler.advance(by: .seconds(2))  // the sleep ends here, not in two real seconds
  /// try await task.value
  /// toast.isShown  // false
  /// ```
  ///
  /// (The scheduler itself is not the clock: its ``now`` is a `Duration`, while a clock's `now`
  /// is an `Instant`.)
  public var clock: TestSchedulerClock { TestSchedulerClock(scheduler: self) }
}

/// The virtual time of a ``TestScheduler`` as a `Clock` (``TestScheduler/clock``).
///
/// `sleep(until:tolerance:)` schedules the wake-up as an action of the scheduler, so a sleeper
/// wakes when the test advances past its deadline — several at one instant in the order they
/// went to sleep, each in order with the scheduler's other actions due then (one `step()` runs
/// one of them). A deadline that has passed returns at once. Cancelling the sleeping task ends
/// the sleep with `CancellationError` and removes its wake-up.
///
/// A woken task resumes on its own executor once it gets there, after the action that woke it:
/// to check what it did after its sleep, await the task (or its effect), as with any task.
public struct TestSchedulerClock: Clock, Sendable {
  /// A point in the scheduler's virtual time: the time elapsed since the scheduler was created.
  public struct Instant: InstantProtocol, Sendable {
    /// The virtual time elapsed since the scheduler was created (its ``TestScheduler/now`` then).
    public var offset: Duration

    /// The instant `offset` after the scheduler was created.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// The scheduler whose virtual time this is.
  public let scheduler: TestScheduler

  /// The clock of `scheduler`'s virtual time.
  public init(scheduler: TestScheduler) { self.scheduler = scheduler }

  /// The scheduler's current virtual time.
  public var now: Instant { Instant(offset: scheduler.now) }

  /// Virtual time is exact.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the scheduler's virtual time reaches `deadline` (the tolerance is ignored:
  /// virtual time is exact). Throws `CancellationError` if the task is cancelled first.
  ///
  /// The scheduler's `sleep(for:)` (RACSwift), for the time left until `deadline`: its wake-up
  /// is an action of the scheduler.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await scheduler.sleep(for: deadline.offset - scheduler.now)
  }
}
