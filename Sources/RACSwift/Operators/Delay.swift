extension Signal {
  /// Delays values and completion by `interval` on `scheduler`; an error is forwarded at once
  /// and may overtake delayed values (RAC's `-delay:`). Disposal cancels what is pending.
  ///
  /// ```swift
  /// toasts.delay(.seconds(2), on: MainScheduler.shared)
  /// ```
  public func delay(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value, Failure> {
    appending(
      subscribing: DelayStage(interval: interval, scheduler: scheduler), name: .input("delay:"))
  }
}

/// The subscribing stage of `delay`: schedules each value and the completion `interval` later on
/// `scheduler`; forwards an error at once, cancelling what is pending.
struct DelayStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let interval: Duration
  let scheduler: any Scheduler

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let interval = self.interval
    let scheduler = self.scheduler
    let output = SerializedEventSink(sink: sink, scope: scope)
    let pending = PendingActions()
    scope.add(pending)
    input.subscribe(
      sink: { event in
        if case .error = event {
          pending.dispose()
          output.send(event)
          return
        }
        let delayed = Handoff(event)
        scheduler.schedule(after: interval, tracking: pending) { output.send(delayed.value) }
      }, scope: scope)
  }
}
