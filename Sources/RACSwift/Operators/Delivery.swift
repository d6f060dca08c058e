extension Signal {
  /// Delivers every event (values, error and completion) on `scheduler`, in order (RAC's
  /// `-deliverOn:`). The receiver's side effects stay where they were; put this last in a chain,
  /// right before subscribing (A7-20). Events that arrive while a delivery is pending are
  /// delivered by the same scheduled action, so a serial scheduler never delivers two at once.
  ///
  /// ```swift
  /// thumbnails.deliver(on: MainScheduler.shared).subscribe(next: { imageView.image = $0 })
  /// ```
  @inlinable
  public func deliver(on scheduler: any Scheduler) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, any Scheduler>
    return Op(name: .unary(self, "deliverOn:"), source: self, parameter: scheduler) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let queue = ScheduledDelivery(scheduler: op.parameter, sink: sink, scope: scope)
      op.source.subscribe(sink: { queue.receive($0) }, scope: scope)
    }
  }

  /// Subscribes to the receiver on `scheduler`, so its side effects run there; events are
  /// delivered wherever the receiver sends them (RAC's `-subscribeOn:`).
  ///
  /// ```swift
  /// readLargeFile.subscribe(on: QueueScheduler(name: "io"))
  /// ```
  @inlinable
  public func subscribe(on scheduler: any Scheduler) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, any Scheduler>
    return Op(name: .unary(self, "subscribeOn:"), source: self, parameter: scheduler) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let downstream = SendableSink(sink)
      let scheduled = op.parameter.schedule {
        if scope.isDisposed { return }
        op.source.subscribe(sink: downstream.send, scope: scope)
      }
      if let scheduled { scope.add(scheduled) }
    }
  }

  /// Delivers every event on the main queue: synchronously when it already arrives there with
  /// nothing queued, else queued in order (RAC's `-deliverOnMainThread`).
  ///
  /// ```swift
  /// results.deliverOnMainThread().subscribe(next: { tableView.reload($0) })
  /// ```
  public func deliverOnMainThread() -> Signal<Value, Failure> {
    Signal(name: .unary(self, "deliverOnMainThread")) { _, sink, scope in
      let delivery = ActorDelivery<Value, Failure>(target: MainActor.shared) { event in
        if !scope.isDisposed { sink(event) }
      }
      self.subscribe(sink: { delivery.receive($0) }, scope: scope)
    }
  }
}

/// One subscription to `deliver(on:)`: events wait in a queue; one scheduled action at a time
/// delivers everything queued. The pending action is kept in the subscription's scope only
/// while it is pending, so a long-lived subscription never accumulates finished actions.
///
/// Lock discipline: `pending`, `scheduled` and `action` are read and written with `lock` held;
/// events are delivered without it, only by the scheduled action.
@usableFromInline
final class ScheduledDelivery<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline let sink: (Event<Value, Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending = RingBuffer<Event<Value, Failure>>()
  @usableFromInline @exclusivity(unchecked) var scheduled = false
  /// The scheduled action, while it is pending and kept in `scope`.
  @usableFromInline @exclusivity(unchecked) var action: (any Disposable)?
  /// Counts scheduled actions, so that a late `schedule()` recognises its own round.
  @usableFromInline @exclusivity(unchecked) var round = 0

  @inlinable
  init(
    scheduler: any Scheduler, sink: @escaping (Event<Value, Failure>) -> Void,
    scope: SubscriptionScope
  ) {
    self.scheduler = scheduler
    self.sink = sink
    self.scope = scope
  }

  @inlinable
  func receive(_ event: Event<Value, Failure>) {
    lock.lock()
    pending.append(event)
    let mustSchedule = !scheduled
    if mustSchedule {
      scheduled = true
      round &+= 1
    }
    let current = round
    lock.unlock()
    if mustSchedule { schedule(round: current) }
  }

  @usableFromInline
  func schedule(round scheduledRound: Int) {
    guard let scheduledAction = scheduler.schedule({ self.drain() }) else { return }
    // Kept in the scope (so disposal cancels it) until the drain that ends this round removes
    // it — or at once, if that drain already happened (and a new round may have begun).
    scope.add(scheduledAction)
    let stillPending = lock.withLock { () -> Bool in
      guard scheduled, round == scheduledRound else { return false }
      action = scheduledAction
      return true
    }
    if !stillPending { scope.remove(scheduledAction) }
  }

  @inlinable
  func drain() {
    while true {
      lock.lock()
      guard let event = pending.popFirst() else {
        scheduled = false
        let finished = action
        action = nil
        lock.unlock()
        if let finished { scope.remove(finished) }
        return
      }
      lock.unlock()
      if scope.isDisposed { continue }
      sink(event)
    }
  }
}
