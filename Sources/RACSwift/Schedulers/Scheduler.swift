import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where and when work runs (RAC's `RACScheduler`): a serial queue of actions, each of which can
/// be cancelled before it starts.
///
/// Every method returns a disposable that cancels the action if it has not started yet (`nil`
/// when that is impossible, as for ``ImmediateScheduler``). While a scheduled action runs,
/// ``Schedulers/current`` is the scheduler running it. Delays are relative `Duration`s.
///
/// ```swift
/// let background = QueueScheduler(name: "images", qos: .utility)
/// background.schedule { print("on the queue") }
/// background.schedule(after: .milliseconds(300)) { print("a bit later") }
/// ```
public protocol Scheduler: AnyObject, Sendable {
  /// Runs `action` as soon as possible, after actions scheduled before it.
  @discardableResult
  func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?

  /// Runs `action` once `delay` has passed.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> (
    any Disposable
  )?

  /// Runs `action` once `delay` has passed, then every `interval`; `leeway` is how late each run
  /// may be, to let the system save energy. Dispose to stop.
  @discardableResult
  func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)?

  /// Runs `action`, handing it a `reschedule` callback: calling it schedules `action` again, to
  /// run after the current run returns. Unbounded rescheduling is iteration, not recursion: it
  /// runs in constant stack (RAC's `-scheduleRecursiveBlock:`). Dispose to stop.
  @discardableResult
  func scheduleRecursive(
    _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) -> (any Disposable)?
}

extension Scheduler {
  /// Runs `action` after `delay`, then every `interval`, with a default leeway of a tenth of the
  /// interval.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    schedule(after: delay, repeating: interval, leeway: interval / 10, action)
  }

  /// The default recursive scheduling: each `reschedule()` schedules the action again with
  /// ``schedule(_:)``, so it runs after the current run returns.
  @discardableResult
  public func scheduleRecursive(
    _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) -> (any Disposable)? {
    let recursion = RecursiveSchedule(scheduler: self, action: action)
    recursion.scheduleNext()
    return recursion.disposable
  }
}

/// One recursive schedule on a scheduler that queues: every reschedule is a new queued action.
///
/// Lock discipline: `disposable` (a ``SerialDisposable``) holds the action queued next; it is
/// thread-safe and, once disposed, cancels whatever is set later.
final class RecursiveSchedule: Sendable {
  let scheduler: any Scheduler
  let action: @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  let disposable = SerialDisposable()

  init(
    scheduler: any Scheduler,
    action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) {
    self.scheduler = scheduler
    self.action = action
  }

  func scheduleNext() {
    if disposable.isDisposed { return }
    let next = scheduler.schedule { [self] in
      if disposable.isDisposed { return }
      action { [self] in scheduleNext() }
    }
    if let next { disposable.swap(next) }
  }
}

/// Where the current scheduler is kept (a namespace: a protocol has no static members).
public enum Schedulers {
  /// The scheduler running the current action; the main scheduler on the main queue; `nil` on
  /// any other thread (RAC's `+currentScheduler`).
  public static var current: (any Scheduler)? {
    if let scheduler = CurrentScheduler.value { return scheduler }
    return MainThread.isCurrent ? MainScheduler.shared : nil
  }

  /// Runs `action` with `scheduler` as ``current``, then restores the previous one: what a custom
  /// scheduler calls to run each of its actions (RAC's `-performAsCurrentScheduler:`).
  ///
  /// ```swift
  /// Schedulers.perform(as: self) { action() }
  /// ```
  public static func perform(as scheduler: any Scheduler, _ action: () -> Void) {
    let box = SchedulerBox()
    box.scheduler = scheduler
    CurrentScheduler.run(as: box, action)
  }
}

/// The thread-local behind ``Schedulers/current``.
enum CurrentScheduler {
  // A pthread key holding an unretained `SchedulerBox`: whoever calls `run(as:_:)` holds the box
  // for the whole call (a scheduler's queued action captures its scheduler's box;
  // `Schedulers.perform(as:_:)` holds the one it makes).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  static var value: (any Scheduler)? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<SchedulerBox>.fromOpaque(raw).takeUnretainedValue().scheduler
  }

  /// Runs `body` with `box`'s scheduler as the current one, then restores the previous one.
  static func run(as box: SchedulerBox, _ body: () -> Void) {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(box).toOpaque())
    body()
    pthread_setspecific(key, previous)
  }
}

/// A scheduler as an object that can be referenced unretained from a thread-local.
final class SchedulerBox: @unchecked Sendable {
  // Lock discipline: `scheduler` is written once, before the box is used: by the initializer of
  // the scheduler that owns the box, or by `Schedulers.perform(as:_:)` for the box it makes for
  // one call. It is unowned, so that the box makes no cycle with its scheduler; it is read only
  // while one of that scheduler's actions runs.
  unowned(unsafe) var scheduler: (any Scheduler)?
  init() {}
}
