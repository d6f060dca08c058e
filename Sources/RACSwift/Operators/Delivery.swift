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
    typealias Op = UnarySignal<Value, Failure, Value, Failure, any Scheduler>
    return Op(name: .input("deliverOn:"), source: self, parameter: scheduler) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let hop = Hop(to: .scheduler(op.parameter), scope: scope, deliver: sink)
      op.subscribeInput(sink: { hop.receive($0) }, scope: scope)
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
    return Op(name: .input("subscribeOn:"), source: self, parameter: scheduler) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let downstream = SendableSink(sink)
      let scheduled = op.parameter.schedule {
        if scope.isDisposed { return }
        op.subscribeInput(sink: downstream.send, scope: scope)
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
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Void>
    // Its events arrive on the main actor, so main-actor stages and subscribers after it need no
    // hop of their own (see ``Signal/deliveryActor``).
    return Op(
      name: .input("deliverOnMainThread"), source: self, parameter: (),
      deliveryActor: ObjectIdentifier(MainActor.shared)
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let hop = Hop<Event<Value, Failure>>(to: .mainActor) { event in
        if !scope.isDisposed { sink(&event) }
      }
      op.subscribeInput(sink: { hop.receive($0) }, scope: scope)
    }
  }
}
