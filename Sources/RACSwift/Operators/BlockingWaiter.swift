import Foundation

/// The state a blocking operator waits on.
///
/// Lock discipline: `values` and `outcome` are read and written with `condition` locked.
final class BlockingWaiter<Value, Failure: Error> {
  private let condition = NSCondition()
  private var values: [Value] = []
  private var outcome: Result<Void, Failure>?

  func receive(_ event: Event<Value, Failure>, keep: Bool) {
    condition.lock()
    defer { condition.unlock() }
    guard outcome == nil else { return }
    switch event {
    case .next(let value): if keep { values.append(value) }
    case .error(let error):
      outcome = .failure(error)
      condition.broadcast()
    case .completed:
      outcome = .success(())
      condition.broadcast()
    }
  }

  /// Waits for the outcome. A thread that holds `actor` runs the work queued for it meanwhile
  /// (see ``ActorRunQueue``): the signal may need that actor to get there.
  func wait(holding actor: (any Actor)?) -> Result<[Value], Failure> {
    if let actor { runQueuedWork(of: actor) }
    condition.lock()
    defer { condition.unlock() }
    while outcome == nil { condition.wait() }
    switch outcome! {
    case .success: return .success(values)
    case .failure(let error): return .failure(error)
    }
  }

  /// Runs the work queued for `actor` until the outcome is known.
  private func runQueuedWork(of actor: any Actor) {
    let waker = ActorWaiter(condition: condition)
    ActorRunQueue.shared.register(waker, for: actor)
    defer { ActorRunQueue.shared.unregister(waker, for: actor) }
    let id = ObjectIdentifier(actor)
    while true {
      ActorRunQueue.shared.runAll(id)
      condition.lock()
      while outcome == nil && waker.pokes == 0 { condition.wait() }
      let done = outcome != nil
      waker.pokes = 0
      condition.unlock()
      if done { return }
    }
  }
}

/// A thread blocked in a blocking operator while it holds an actor: woken when work is queued
/// for that actor, which it then runs (see ``ActorRunQueue``).
///
/// Lock discipline: `pokes` is read and written only with `condition` locked (the condition of
/// the ``BlockingWaiter`` it belongs to).
final class ActorWaiter {
  let condition: NSCondition
  /// How often work was queued since the waiter last looked.
  var pokes = 0

  init(condition: NSCondition) { self.condition = condition }

  /// Work was queued for the actor: wake the waiter.
  func poke() {
    condition.lock()
    pokes += 1
    condition.broadcast()
    condition.unlock()
  }
}
