/// A scheduler whose timing comes from a `Clock`: every time operator (`delay`, `throttle`,
/// `timeout`, `buffer(withTime:on:)`, `Signal.interval`…) runs on the clock's time — a
/// `ContinuousClock`, or a test clock from another library that a test advances.
///
/// ```swift
/// let clock = ContinuousClock()
/// let searchText = Subject<String, Never>()
/// let queries = searchText.throttle(.milliseconds(300), on: ClockScheduler(clock: clock))
/// ```
///
/// Actions run one at a time on ``queue``, a ``QueueScheduler`` of its own (or one passed to the
/// initializer), with ``Schedulers/current`` set to this scheduler while they run. A delayed
/// action waits in a `Task` of its own, asleep on the clock until its deadline
/// (`clock.now.advanced(by: delay)`), and is then enqueued on the queue, unless it was disposed
/// meanwhile. Disposing it cancels the sleep and keeps the action from running if it has not
/// started.
///
/// Ordering: actions scheduled with ``schedule(_:)`` run first in, first out. Delayed actions
/// with different deadlines run in the order the clock wakes their tasks; since each wakes in a
/// task of its own, actions due at one instant — or woken together, as when a test clock is
/// advanced past several deadlines at once — may be enqueued, and so run, in either order. A
/// `TestScheduler` (RACSwiftTesting) orders everything at one instant; use it, not this
/// scheduler, where the order of simultaneous actions matters.
public final class ClockScheduler<C: Clock>: Scheduler where C.Duration == Duration {
  // Lock discipline: no lock; every stored property is immutable and `Sendable`. `box` is
  // written once, in the initializer, before the scheduler is shared (see ``SchedulerBox``).
  //
  // Lifetime: every task and queued action holds the scheduler (`self`), because `box` refers
  // to it unowned and an action reads `Schedulers.current` through it.

  /// The clock whose time the delayed actions wait on.
  public let clock: C

  /// The serial scheduler the actions run on.
  public let queue: QueueScheduler

  private let box = SchedulerBox()

  /// A scheduler timed by `clock` whose actions run one at a time on `queue`.
  ///
  /// ```swift
  /// let scheduler = ClockScheduler(clock: ContinuousClock())
  /// scheduler.schedule(after: .seconds(1)) { print("a second later, on its queue") }
  /// ```
  public init(
    clock: C, queue: QueueScheduler = QueueScheduler(name: "RACSwift.ClockScheduler")
  ) {
    self.clock = clock
    self.queue = queue
    box.scheduler = self
  }

  /// Enqueues `action` on ``queue``; the disposable cancels it if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    queue.schedule { CurrentScheduler.run(as: self.box, action) }
  }

  /// Runs `action` on ``queue`` once the clock reaches `clock.now.advanced(by: delay)`; a delay
  /// of zero or less enqueues it at once. The disposable cancels the sleep and keeps the action
  /// from running if it has not started.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    if delay <= .zero { return schedule(action) }
    let deadline = clock.now.advanced(by: delay)
    let cancellation = AnyDisposable()
    let sleeper = Task {
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      enqueue(action, unless: cancellation)
    }
    return AnyDisposable {
      cancellation.dispose()
      sleeper.cancel()
    }
  }

  /// Runs `action` on ``queue`` once the clock reaches `clock.now.advanced(by: delay)`, then
  /// every `interval` (which must be positive) after that first deadline: each deadline is
  /// `interval` times the number of runs after the first, so late wake-ups do not add up.
  /// `leeway` is the tolerance of each sleep on the clock. A deadline that has passed by the time
  /// the previous run was enqueued is enqueued at once: every tick runs, none is skipped.
  /// Dispose to stop.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    precondition(interval > .zero, "ClockScheduler: a repeating interval must be positive")
    let first = clock.now.advanced(by: delay)
    let cancellation = AnyDisposable()
    let sleeper = Task {
      var runs = 0
      while !cancellation.isDisposed {
        do {
          try await clock.sleep(until: first.advanced(by: interval * runs), tolerance: leeway)
        } catch {
          return
        }
        enqueue(action, unless: cancellation)
        runs += 1
      }
    }
    return AnyDisposable {
      cancellation.dispose()
      sleeper.cancel()
    }
  }

  /// Enqueues `action` on ``queue``, to run as this scheduler's unless `cancellation` is
  /// disposed before it starts.
  private func enqueue(_ action: @escaping @Sendable () -> Void, unless cancellation: AnyDisposable)
  {
    if cancellation.isDisposed { return }
    queue.schedule {
      if cancellation.isDisposed { return }
      CurrentScheduler.run(as: self.box, action)
    }
  }
}
