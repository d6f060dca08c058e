/// The scheduled actions of one subscription that have not run yet, so that disposing the
/// subscription cancels them (no action runs after disposal).
///
/// Lock discipline: `actions`, `nextID` and `disposed` are read and written with `lock` held;
/// disposables are disposed after it is released.
final class PendingActions: Disposable, @unchecked Sendable {
  private let lock = Lock()
  private var actions: [Int: any Disposable] = [:]
  private var nextID = 0
  private var disposed = false

  /// Reserves an identifier for an action about to be scheduled.
  func reserve() -> Int {
    lock.withLock {
      nextID += 1
      return nextID
    }
  }

  /// Records the disposable of the scheduled action `id` (disposes it at once if everything was
  /// disposed meanwhile, or if the action already ran).
  func record(_ id: Int, _ disposable: (any Disposable)?) {
    guard let disposable else { return }
    lock.lock()
    if disposed {
      lock.unlock()
      disposable.dispose()
      return
    }
    actions[id] = disposable
    lock.unlock()
  }

  /// The action `id` ran (or is obsolete): forget it.
  func finish(_ id: Int) {
    lock.lock()
    let finished = actions.removeValue(forKey: id)
    lock.unlock()
    _ = finished
  }

  /// Cancels the action `id` if it has not run.
  func cancel(_ id: Int) {
    lock.lock()
    let action = actions.removeValue(forKey: id)
    lock.unlock()
    action?.dispose()
  }

  var isDisposed: Bool { lock.withLock { disposed } }

  func dispose() {
    lock.lock()
    if disposed {
      lock.unlock()
      return
    }
    disposed = true
    let pending = actions.values
    actions = [:]
    lock.unlock()
    for action in pending { action.dispose() }
  }
}

extension Scheduler {
  /// Schedules `action` after `delay`, tracked by `pending` (cancelled if the subscription is
  /// disposed first); returns the action's identifier.
  @discardableResult
  func schedule(
    after delay: Duration, tracking pending: PendingActions,
    _ action: @escaping @Sendable () -> Void
  ) -> Int {
    let id = pending.reserve()
    let disposable = schedule(after: delay) {
      pending.finish(id)
      action()
    }
    pending.record(id, disposable)
    return id
  }
}

/// A sink that may be called from another thread. The internal contract of every sink: it may be
/// called from any thread, one call at a time — which the operator using this wrapper ensures.
@usableFromInline
struct SendableSink<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let send: (inout Event<Value, Failure>) -> Void
  @inlinable init(_ send: @escaping (inout Event<Value, Failure>) -> Void) { self.send = send }
}
