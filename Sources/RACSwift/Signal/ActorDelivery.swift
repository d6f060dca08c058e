import Dispatch

/// Runs a subscriber's handlers on the actor it subscribed from (DESIGN §5, isolation-aware
/// subscription).
///
/// Events that arrive on the main thread for a main-actor subscriber, with nothing queued, are
/// delivered synchronously (RAC's synchronous delivery intact, no hop). Anything else is queued
/// and delivered in order by one drain on the actor: the main queue for the main actor, a task
/// on the actor otherwise.
///
/// Lock discipline: `pending` and `state` are read and written only with `lock` held; `deliver`
/// is called without it, by one thread at a time (`state == .delivering` marks who).
/// Values handed to another thread here were sent by upstream exactly once and are not touched
/// by the sender afterwards, which is what makes moving a non-`Sendable` value safe.
@usableFromInline
final class ActorDelivery<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline enum State { case idle, scheduled, delivering }

  @usableFromInline let target: any Actor
  @usableFromInline let isMainActor: Bool
  @usableFromInline let deliver: (Event<Value, Failure>) -> Void
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending = RingBuffer<Event<Value, Failure>>()
  @usableFromInline @exclusivity(unchecked) var state = State.idle

  @usableFromInline
  init(target: any Actor, deliver: @escaping (Event<Value, Failure>) -> Void) {
    self.target = target
    self.isMainActor = ObjectIdentifier(target) == ObjectIdentifier(MainActor.shared)
    self.deliver = deliver
  }

  @usableFromInline
  func receive(_ event: Event<Value, Failure>) {
    let onTarget = isMainActor && MainThread.isCurrent
    lock.lock()
    if onTarget && state == .idle {
      state = .delivering
      lock.unlock()
      deliver(event)
      finishDelivering()
      return
    }
    pending.append(event)
    let mustSchedule = state == .idle
    if mustSchedule { state = .scheduled }
    lock.unlock()
    if mustSchedule { schedule() }
  }

  private func finishDelivering() {
    lock.lock()
    if pending.isEmpty {
      state = .idle
      lock.unlock()
    } else {
      state = .scheduled
      lock.unlock()
      schedule()
    }
  }

  private func schedule() {
    if isMainActor {
      DispatchQueue.main.async { self.drain() }
    } else {
      let target = self.target
      Task { await Self.run(on: target) { self.drain() } }
    }
  }

  private static func run(on actor: isolated any Actor, _ body: () -> Void) { body() }

  /// Runs on the target actor.
  private func drain() {
    while true {
      lock.lock()
      guard let event = pending.popFirst() else {
        state = .idle
        lock.unlock()
        return
      }
      state = .delivering
      lock.unlock()
      deliver(event)
    }
  }
}
