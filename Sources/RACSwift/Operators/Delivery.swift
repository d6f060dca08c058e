extension Signal {
  /// Delivers every event (values, error and completion) on `scheduler`, in order (RAC's
  /// `-deliverOn:`). The receiver's side effects stay where they were; put this last in a chain,
  /// right before subscribing. Events that arrive while a delivery is pending are
  /// delivered by the same scheduled action, so a serial scheduler never delivers two at once.
  ///
  /// ```swift
  /// thumbnails.deliver(on: MainScheduler.shared).subscribe(next: { imageView.image = $0 })
  /// ```
  @inlinable
  public func deliver(on scheduler: any Scheduler) -> Signal<Value, Failure> {
    appending(subscribing: DeliverOnStage(scheduler: scheduler), name: .input("deliverOn:"))
  }

  /// Subscribes to the receiver on `scheduler`, so its side effects run there; events are
  /// delivered wherever the receiver sends them (RAC's `-subscribeOn:`).
  ///
  /// ```swift
  /// readLargeFile.subscribe(on: QueueScheduler(name: "io"))
  /// ```
  @inlinable
  public func subscribe(on scheduler: any Scheduler) -> Signal<Value, Failure> {
    appending(subscribing: SubscribeOnStage(scheduler: scheduler), name: .input("subscribeOn:"))
  }

  /// Delivers every event on the main queue: synchronously when it already arrives there with
  /// nothing queued, else queued in order (RAC's `-deliverOnMainThread`).
  ///
  /// ```swift
  /// results.deliverOnMainThread().subscribe(next: { tableView.reload($0) })
  /// ```
  public func deliverOnMainThread() -> Signal<Value, Failure> {
    appending(subscribing: DeliverOnMainThreadStage(), name: .input("deliverOnMainThread"))
  }
}

/// The subscribing stage of `deliver(on:)`: carries each subscription's events to `scheduler`,
/// in order.
@usableFromInline
struct DeliverOnStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let scheduler: any Scheduler
  @inlinable init(scheduler: any Scheduler) { self.scheduler = scheduler }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    scope.ledger.handlers(of: scope, runOn: .scheduler(scheduler))
    let hop = Hop(to: .scheduler(scheduler), scope: scope, deliver: sink)
    input.subscribe(sink: { hop.receive($0) }, scope: scope)
  }
}

/// The subscribing stage of `subscribe(on:)`: subscribes to the input from an action scheduled
/// on `scheduler`, unless the subscription was disposed before it runs.
@usableFromInline
struct SubscribeOnStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let scheduler: any Scheduler
  @inlinable init(scheduler: any Scheduler) { self.scheduler = scheduler }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let downstream = SendableSink(sink)
    let scheduled = scheduler.schedule {
      if scope.isDisposed { return }
      input.subscribe(sink: downstream.send, scope: scope)
    }
    if let scheduled { scope.add(scheduled) }
  }
}

/// The subscribing stage of `deliverOnMainThread`: carries each subscription's events to the
/// main actor, in order, and drops those that arrive there after the subscription was disposed.
struct DeliverOnMainThreadStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure

  /// Its events arrive on the main actor, so main-actor stages and subscribers after it need no
  /// hop of their own (see ``Signal/deliveryActor``).
  func deliveryActor(after inputActor: ObjectIdentifier?) -> ObjectIdentifier? {
    ObjectIdentifier(MainActor.shared)
  }

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    scope.ledger.handlers(of: scope, runOn: .mainActor)
    let hop = Hop<Event<Value, Failure>>(to: .mainActor) { event in
      if !scope.isDisposed { sink(&event) }
    }
    input.subscribe(sink: { hop.receive($0) }, scope: scope)
  }
}
