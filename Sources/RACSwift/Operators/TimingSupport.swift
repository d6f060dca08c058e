/// The scheduled actions of one subscription that have not run yet, so that disposing the
/// subscription cancels them (no action runs after disposal). Disposables are disposed after
/// the lock is released.
final class PendingActions: Disposable, Sendable {
  private struct State {
    var actions: [Int: any Disposable] = [:]
    var nextID = 0
    var disposed = false
  }
  private let state = LockedState(State())

  /// Reserves an identifier for an action about to be scheduled.
  func reserve() -> Int {
    state.withLock {
      $0.nextID += 1
      return $0.nextID
    }
  }

  /// Records the disposable of the scheduled action `id` (disposes it at once if everything was
  /// disposed meanwhile, or if the action already ran).
  func record(_ id: Int, _ disposable: (any Disposable)?) {
    guard let disposable else { return }
    let disposed = state.withLock {
      if !$0.disposed { $0.actions[id] = disposable }
      return $0.disposed
    }
    if disposed { disposable.dispose() }
  }

  /// The action `id` ran (or is obsolete): forget it.
  func finish(_ id: Int) {
    let finished = state.withLock { $0.actions.removeValue(forKey: id) }
    _ = finished
  }

  /// Cancels the action `id` if it has not run.
  func cancel(_ id: Int) {
    state.withLock { $0.actions.removeValue(forKey: id) }?.dispose()
  }

  var isDisposed: Bool { state.withLock { $0.disposed } }

  func dispose() {
    let pending: [any Disposable] = state.withLock { state in
      if state.disposed { return [] }
      state.disposed = true
      defer { state.actions = [:] }
      return Array(state.actions.values)
    }
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
