/// A stage that a deep chain gets where its subscription was deferred (see ``StackGuard``): it
/// forwards events downstream at once while the stack has room, and otherwise queues them for
/// the thread's outermost guarded frame, which delivers them from its own depth.
///
/// Once an event is queued, later events — from this thread, re-entrantly, or from another
/// thread whose send the part below let through after this one — queue behind it, and the
/// thread that delivers them delivers them all, in order, one at a time. So the part of the
/// chain above sees what it would have seen without the checkpoint: one event at a time, in the
/// order they came, possibly on the thread that was already delivering.
///
/// Releasing a chain's sinks is deferred the same way: a checkpoint freed deep in the stack hands
/// its downstream sink to the loop, which releases it from its own depth, so freeing 100,000
/// stages does not recurse 100,000 times.
///
/// Lock discipline: `phase` and `pending` are read and written only with `lock` held; `sink`
/// is written only in `init` and `deinit`, and called with no lock held by the one thread in
/// the `delivering` phase.
@usableFromInline
final class StackCheckpoint<Value, Failure: Error> {
  @usableFromInline typealias Sink = (inout Event<Value, Failure>) -> Void

  private enum Phase {
    /// No event is being delivered or waiting.
    case idle
    /// A thread delivers events; others queue behind it.
    case delivering
    /// Events wait for a loop pass the outermost frame will run.
    case scheduled
  }

  private let lock = Lock()
  private var phase = Phase.idle
  private var pending = RingBuffer<Event<Value, Failure>>()
  private var sink: Sink?

  /// A checkpoint forwarding to `sink`.
  @usableFromInline
  init(forwardingTo sink: @escaping Sink) { self.sink = sink }

  deinit {
    // The downstream sink is released where the guard says (a deferred closure releases what it
    // captured when the loop is done with it).
    switch StackGuard.entry() {
    case .nested:
      break
    case .outermost:
      StackGuard.runOutermost { sink = nil }
    case .deep:
      let kept = sink
      StackGuard.deferWork { _ = kept }
    }
  }

  /// Forwards `event` now, or queues it (see the type's description).
  @usableFromInline
  func receive(_ event: Event<Value, Failure>) {
    lock.lock()
    guard case .idle = phase else {
      pending.append(event)
      lock.unlock()
      return
    }
    switch StackGuard.entry() {
    case .nested:
      phase = .delivering
      lock.unlock()
      deliver(event)
    case .outermost:
      phase = .delivering
      lock.unlock()
      StackGuard.runOutermost { deliver(event) }
    case .deep:
      phase = .scheduled
      pending.append(event)
      lock.unlock()
      StackGuard.deferWork { self.deliverPending() }
    }
  }

  /// Delivers `event`, then every event queued meanwhile; then goes idle.
  private func deliver(_ event: Event<Value, Failure>) {
    emit(event, to: sink!)
    deliverQueued()
  }

  /// The loop's pass: delivers the queued events.
  private func deliverPending() {
    lock.withLock { phase = .delivering }
    deliverQueued()
  }

  private func deliverQueued() {
    while true {
      lock.lock()
      guard var next = pending.popFirst() else {
        phase = .idle
        lock.unlock()
        return
      }
      lock.unlock()
      sink!(&next)
    }
  }
}
