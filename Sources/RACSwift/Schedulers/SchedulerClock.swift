/// A scheduler that runs in real time as a `Clock`: a sleep on it is a wake-up action scheduled
/// on the scheduler (``Scheduler/sleep(for:)``), so it wakes in order with that scheduler's
/// timers.
///
/// Its purpose is to let `async` code and signals share one source of time. A view model takes
/// `some Clock<Duration>`; the app passes `MainScheduler.shared.clock` (``MainScheduler/clock``),
/// and a test passes `testScheduler.clock` (RACSwiftTesting's `TestSchedulerClock`), which wakes
/// the sleep when the test advances the scheduler's virtual time:
///
/// ```swift
/// @MainActor final class Toast {
///   var isShown = false
///   func show(clock: some Clock<Duration>) async throws {
///     isShown = true
///     try await clock.sleep(for: .seconds(2))  // on the main scheduler's timers in the app
///     isShown = false
///   }
/// }
///
/// // In the app:
/// try await toast.show(clock: MainScheduler.shared.clock)
/// // In its test, which then advances the TestScheduler by two seconds:
/// try await toast.show(clock: testScheduler.clock)
/// ```
///
/// Instants are `SuspendingClock`'s: ``QueueScheduler`` and ``MainScheduler`` time their actions
/// with `DispatchTime`, which counts the time since boot excluding time the system spent asleep
/// (Dispatch's `DispatchTime.uptimeNanoseconds`; `mach_absolute_time` on Apple platforms), as
/// `SuspendingClock` does. A sleep is scheduled for the duration from ``now`` to its deadline.
///
/// Made over a scheduler with virtual time (a `TestScheduler`), a sleep still wakes when that
/// scheduler reaches it, but ``now`` reads real time: give such code the test scheduler's own
/// clock instead, whose `now` is its virtual time.
public struct SchedulerClock: Clock, Sendable {
  /// A point in time: `SuspendingClock`'s instants.
  public typealias Instant = SuspendingClock.Instant

  /// The scheduler that runs the wake-ups.
  public let scheduler: any Scheduler

  /// The clock whose sleeps are wake-ups scheduled on `scheduler`, a scheduler running in real
  /// time (``MainScheduler``, ``QueueScheduler`` or one of your own).
  public init(scheduler: any Scheduler) { self.scheduler = scheduler }

  /// The current instant, `SuspendingClock`'s.
  public var now: Instant { SuspendingClock.now }

  /// `SuspendingClock`'s resolution.
  public var minimumResolution: Duration { SuspendingClock().minimumResolution }

  /// Suspends until `deadline`, in order with the scheduler's other timers: a wake-up action
  /// scheduled on the scheduler for the time from ``now`` to `deadline`. A deadline that has
  /// passed returns at once. The tolerance is ignored (the scheduler's timers have their own).
  /// Throws `CancellationError` if the task is cancelled first, and removes the wake-up.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await scheduler.sleep(for: now.duration(to: deadline))
  }
}

extension MainScheduler {
  /// The main scheduler as a `Clock`: its sleeps wake on the main queue's timers, in order with
  /// this scheduler's delayed actions (see ``SchedulerClock``).
  ///
  /// ```swift
  /// try await MainScheduler.shared.clock.sleep(for: .seconds(2))
  /// ```
  public var clock: SchedulerClock { SchedulerClock(scheduler: self) }
}

extension QueueScheduler {
  /// This scheduler as a `Clock`: its sleeps wake on this queue's timers, in order with the
  /// scheduler's delayed actions (see ``SchedulerClock``).
  ///
  /// ```swift
  /// let timers = QueueScheduler(name: "timers")
  /// try await timers.clock.sleep(for: .milliseconds(300))
  /// ```
  public var clock: SchedulerClock { SchedulerClock(scheduler: self) }
}
