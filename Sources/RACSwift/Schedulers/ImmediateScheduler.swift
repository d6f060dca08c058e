import Dispatch
import Synchronization

/// Runs actions at once, synchronously, on the calling thread (RAC's `+immediateScheduler`).
///
/// `schedule(after:)` blocks the calling thread for the delay; repeating schedules are not
/// supported (they could never return). Nothing can be cancelled, so every method returns `nil`.
/// Recursive scheduling is a flat loop. It does not change ``Schedulers/current``.
///
/// ```swift
/// ImmediateScheduler.shared.schedule { print("now") }
/// ```
public final class ImmediateScheduler: Scheduler {
  /// The immediate scheduler.
  public static let shared = ImmediateScheduler()

  /// An immediate scheduler.
  public init() {}

  /// Runs `action` now.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    action()
    return nil
  }

  /// Blocks the calling thread for `delay`, then runs `action`.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    if delay > .zero {
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + delay.dispatchInterval)
    }
    action()
    return nil
  }

  /// Not supported: a repeating schedule on the calling thread could never return.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    preconditionFailure(
      "ImmediateScheduler cannot run repeating work: use a QueueScheduler or a TestScheduler")
  }

  /// Runs `action` in a loop for as long as it calls `reschedule` (constant stack).
  @discardableResult
  public func scheduleRecursive(
    _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) -> (any Disposable)? {
    let again = RescheduleFlag()
    repeat {
      again.reset()
      action { again.set() }
    } while again.isSet
    return nil
  }
}

/// Whether `reschedule` was called during one run of a recursive action.
///
/// Set and read on the one thread running the loop (a reschedule from another thread is a
/// programming error for the immediate scheduler, where the action has returned), so relaxed
/// atomic accesses suffice; they make the flag `Sendable`, as the `reschedule` closure needs.
final class RescheduleFlag: Sendable {
  private let flag = Atomic(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
  func reset() { flag.store(false, ordering: .relaxed) }
}

extension Duration {
  /// The duration as a Dispatch interval (nanosecond precision).
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    return .nanoseconds(Int(clamping: nanoseconds))
  }
}
