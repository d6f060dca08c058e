import Dispatch

/// The main queue as a scheduler (RAC's `+mainThreadScheduler`). `schedule(_:)` always enqueues,
/// even when called on the main queue (RAC's rule); use `deliverOnMainThread()` for "at once if
/// already there".
///
/// On Apple platforms the app's run loop drains the main queue. **A Linux command-line program
/// must drain it itself**: end `main` with `dispatchMain()` (which never returns; call `exit` from
/// a scheduled action when done), or run `RunLoop.main` (`RunLoop.main.run()`, or
/// `run(until:)` in a loop). Without that, actions scheduled here never run. The Swift Testing
/// runner drains it, so tests can use it.
///
/// ```swift
/// results.deliver(on: MainScheduler.shared).subscribe(next: { label.text = $0 })
/// ```
public final class MainScheduler: Scheduler, @unchecked Sendable {
  // Lock discipline: immutable; scheduling is delegated to a QueueScheduler on the main queue.
  private let base: QueueScheduler

  /// The main scheduler.
  public static let shared = MainScheduler()

  private init() {
    base = QueueScheduler(queue: .main)
    box.scheduler = self
  }

  /// Enqueues `action` on the main queue.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    base.schedule { CurrentScheduler.run(as: self.box, action) }
  }

  /// Runs `action` on the main queue once `delay` has passed.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    base.schedule(after: delay) { CurrentScheduler.run(as: self.box, action) }
  }

  /// Runs `action` on the main queue after `delay`, then every `interval`.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    base.schedule(after: delay, repeating: interval, leeway: leeway) {
      CurrentScheduler.run(as: self.box, action)
    }
  }

  private let box = SchedulerBox()
}
