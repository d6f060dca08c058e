/// Where a ``Hop`` carries its items: an actor, on which they run isolated, or a scheduler.
@usableFromInline
enum HopTarget: Sendable {
  // Sendable: `any Actor` and `any Scheduler` both are; the enum only holds them.
  /// The main actor: its items run on the main queue.
  case mainActor
  /// Another actor: its items run in a task isolated to it.
  case actor(any Actor)
  /// A scheduler (`deliver(on:)`): every item runs in an action scheduled on it, never inline,
  /// as RAC's `-deliverOn:` does.
  case scheduler(any Scheduler)

  /// The target for code isolated to `actor`.
  @usableFromInline
  init(actor: any Actor) {
    self =
      ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared) ? .mainActor : .actor(actor)
  }

  /// Where the target runs its items, for a live subscription's report: `the main actor`,
  /// `actor SearchModel`, or the scheduler's description (its type's name, unless it describes
  /// itself).
  var placeDescription: String {
    switch self {
    case .mainActor: "the main actor"
    case .actor(let actor): "actor \(type(of: actor))"
    case .scheduler(let scheduler):
      (scheduler as? any CustomStringConvertible)?.description ?? "\(type(of: scheduler))"
    }
  }

  /// Whether the calling code already runs where this target's items must run, so that an item
  /// may run inline: the main actor on the main queue, another actor while the thread runs work
  /// queued for it (``ActorRunQueue/isRunning(on:)``). A scheduler's items always run in a
  /// scheduled action.
  @inlinable
  var isCurrent: Bool {
    switch self {
    case .mainActor: MainThread.isCurrent
    case .actor(let actor): ActorRunQueue.isRunning(on: actor)
    case .scheduler: false
    }
  }
}

/// The one place where RACSwift carries work to another actor or scheduler: events of an
/// isolation-aware subscription, `doNext` and friends written on an actor,
/// `deliver(on:)`, `deliverOnMainThread()` and the Observation bridge's re-reads.
///
/// Items handed to ``receive(_:inlineAllowed:)`` run through `deliver` on the target, one at a
/// time and in the order received, whatever thread sends them:
/// - an item that arrives where the target runs (the main actor on the main queue) with nothing
///   queued ahead of it runs inline, before `receive` returns — RAC's synchronous delivery, no
///   hop (a chain of stages on one actor has one `Hop`, at its first stage there: the stages
///   after it read their input where it arrives, see ``Signal/deliveryActor``);
/// - otherwise it is queued, and one drain scheduled on the target delivers everything queued,
///   including what arrives while it runs.
///
/// With a ``SubscriptionScope`` (that of the subscription whose items it carries), items still
/// queued when the scope is disposed are dropped; for a scheduler, the pending drain action is
/// also kept in the scope, only while it is pending — so disposing the subscription cancels it,
/// and a long-lived subscription does not accumulate finished actions. (The hop to a
/// subscription's handlers needs no scope: their ``HandlerFence`` drops what comes after
/// disposal.)
///
/// Lock discipline: `pending`, `busy`, `action` and `round` are read and written only with `lock`
/// held; `deliver` runs without it, by one thread at a time (the one that set `busy` and is
/// running inline or draining). Items handed to another thread here were sent by upstream exactly
/// once and are not touched by the sender afterwards, which is what makes moving a
/// non-`Sendable` value (or running a non-`Sendable` closure on its actor) safe.
///
/// The guarantee it implements: `CONTRACT.md#isolation`.
@usableFromInline
final class Hop<Item>: @unchecked Sendable {
  @usableFromInline let target: HopTarget
  @usableFromInline let deliver: (inout Item) -> Void
  /// The subscription whose scheduled drain actions are tracked (see the type's comment).
  @usableFromInline let scope: SubscriptionScope?
  @usableFromInline let lock = Lock()
  @usableFromInline var pending = RingBuffer<Item>()
  /// Whether an item is being delivered or a drain is scheduled: new items queue behind it.
  @usableFromInline var busy = false
  /// The scheduled drain action, while it is pending and kept in `scope`.
  @usableFromInline var action: (any Disposable)?
  /// Counts scheduled drains, so that a late ``track(_:round:)`` recognises its own.
  @usableFromInline var round = 0

  /// A hop delivering to `deliver` on `target`; once `scope` is disposed, queued items are
  /// dropped, and for a scheduler target `scope` holds the pending drain action (which disposal
  /// cancels). `deliver` takes its item `inout`, as a stage takes its event (``Signal/Sink``), so
  /// a hop of events delivers straight into the next stage; it must not change the item.
  @usableFromInline
  init(
    to target: HopTarget, scope: SubscriptionScope? = nil,
    deliver: @escaping (inout Item) -> Void
  ) {
    self.target = target
    self.scope = scope
    self.deliver = deliver
  }

  /// Delivers `item` on the target: inline if the caller already runs there and nothing is
  /// queued, else after everything received before it.
  @inlinable
  func receive(_ item: Item) {
    // Inlinable, so that the pass on the target — the common case, one per event of an isolated
    // chain — is specialized where the chain is built.
    let inline = target.isCurrent
    lock.lock()
    if inline && !busy {
      busy = true
      lock.unlock()
      var item = item
      deliver(&item)
      finishInline()
      return
    }
    enqueueLocked(item)
  }

  /// Delivers `item` on the target, as ``receive(_:)`` does, but never inline unless
  /// `inlineAllowed` (an item that must wait for the caller's current work to end).
  @usableFromInline
  func receive(_ item: Item, inlineAllowed: Bool) {
    if inlineAllowed { return receive(item) }
    lock.lock()
    enqueueLocked(item)
  }

  /// Queues `item` behind the ones pending, with the lock held (and lets go of it), and schedules
  /// a drain on the target unless one is under way.
  @usableFromInline
  func enqueueLocked(_ item: Item) {
    pending.append(item)
    let mustSchedule = !busy
    if mustSchedule {
      busy = true
      round &+= 1
    }
    let current = round
    lock.unlock()
    if mustSchedule { scheduleDrain(round: current) }
  }

  /// After an inline delivery: idle again, or schedule a drain for what queued meanwhile.
  @inlinable
  func finishInline() {
    lock.lock()
    if pending.isEmpty {
      busy = false
      lock.unlock()
      return
    }
    round &+= 1
    let current = round
    lock.unlock()
    scheduleDrain(round: current)
  }

  @usableFromInline
  func scheduleDrain(round scheduledRound: Int) {
    switch target {
    case .mainActor:
      ActorRunQueue.shared.enqueue({ self.drain() }, on: MainActor.shared)
    case .actor(let actor):
      ActorRunQueue.shared.enqueue({ self.drain() }, on: actor)
    case .scheduler(let scheduler):
      let scheduled = scheduler.schedule { self.drain() }
      if let scheduled { track(scheduled, round: scheduledRound) }
    }
  }

  /// Keeps `scheduled` in the scope (so disposal cancels it) until the drain of its round
  /// removes it — or not at all, if that drain already ran (and a new round may have begun).
  private func track(_ scheduled: any Disposable, round scheduledRound: Int) {
    guard let scope else { return }
    scope.add(scheduled)
    let stillPending = lock.withLock { () -> Bool in
      guard busy, round == scheduledRound else { return false }
      action = scheduled
      return true
    }
    if !stillPending { scope.remove(scheduled) }
  }

  /// Runs on the target: delivers until nothing is queued.
  private func drain() {
    while true {
      lock.lock()
      guard var item = pending.popFirst() else {
        busy = false
        let finished = action
        action = nil
        lock.unlock()
        if let finished { scope?.remove(finished) }
        return
      }
      lock.unlock()
      if let scope, scope.isDisposed { continue }
      deliver(&item)
    }
  }
}
