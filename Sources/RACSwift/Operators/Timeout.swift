/// The failure of `timeout(_:on:)`: the signal took too long, or failed on its own.
public enum TimeoutError<Failure: Error>: Error {
  /// The signal did not finish in time (RAC's `RACSignalErrorTimedOut`).
  case timedOut
  /// The signal failed before the timeout.
  case underlying(Failure)
}

extension TimeoutError: Equatable where Failure: Equatable {}

extension Signal {
  /// Fails with ``TimeoutError/timedOut`` if the receiver has not finished `interval` after
  /// subscription (RAC's `-timeout:onScheduler:`); the receiver's own error arrives as
  /// ``TimeoutError/underlying(_:)``. Disposal cancels the timer.
  ///
  /// ```swift
  /// login.timeout(.seconds(10), on: QueueScheduler())
  /// ```
  public func timeout(_ interval: Duration, on scheduler: any Scheduler) -> Signal<
    Value, TimeoutError<Failure>
  > {
    appending(
      subscribing: TimeoutStage(
        timer: TimeoutTimer(interval: interval, scheduler: scheduler, failure: .timedOut)),
      name: .input("timeout:"))
  }

  /// Fails with `error` if the receiver has not finished `interval` after subscription.
  ///
  /// ```swift
  /// request.timeout(.seconds(5), on: scheduler, orFail: .timedOut)
  /// ```
  public func timeout(
    _ interval: Duration, on scheduler: any Scheduler, orFail error: Failure
  ) -> Signal<Value, Failure> {
    appending(
      subscribing: TimeoutOrFailStage(
        timer: TimeoutTimer(interval: interval, scheduler: scheduler, failure: error)),
      name: .input("timeout:"))
  }
}

/// The subscribing stage of `timeout(_:on:)`: fails with ``TimeoutError/timedOut`` when `timer`
/// runs out first; the input's own error arrives as ``TimeoutError/underlying(_:)``.
struct TimeoutStage<Value, InputFailure: Error>: SubscribingStage {
  typealias Input = Value
  typealias Failure = TimeoutError<InputFailure>
  let timer: TimeoutTimer<TimeoutError<InputFailure>>

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, TimeoutError<InputFailure>>.Sink,
    scope: SubscriptionScope
  ) {
    let output = timer.start(sink: sink, scope: scope)
    input.subscribe(
      sink: { event in
        if event.isTerminal { output.pending.dispose() }
        output.sink.send(event.mapError { TimeoutError.underlying($0) })
      }, scope: scope.makeChild())
  }
}

/// The subscribing stage of `timeout(_:on:orFail:)`: fails with the error of `timer` when it runs
/// out first.
struct TimeoutOrFailStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let timer: TimeoutTimer<Failure>

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let output = timer.start(sink: sink, scope: scope)
    input.subscribe(
      sink: { event in
        if event.isTerminal { output.pending.dispose() }
        output.sink.send(event)
      }, scope: scope.makeChild())
  }
}

/// The timer of both `timeout` stages: when, where, and the error sent when time is up.
struct TimeoutTimer<Failure: Error> {
  let interval: Duration
  let scheduler: any Scheduler
  /// Handed to the scheduler's thread when time is up.
  let failure: Handoff<Failure>

  init(interval: Duration, scheduler: any Scheduler, failure: Failure) {
    self.interval = interval
    self.scheduler = scheduler
    self.failure = Handoff(failure)
  }

  /// Starts the timer of one subscription, which fails it through the returned sink when time is
  /// up unless the returned actions are disposed first (as they are with the subscription).
  func start<Value>(
    sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope
  ) -> (sink: SerializedEventSink<Value, Failure>, pending: PendingActions) {
    let output = SerializedEventSink(sink: sink, scope: scope)
    let pending = PendingActions()
    scope.add(pending)
    let failure = self.failure
    scheduler.schedule(after: interval, tracking: pending) { output.send(.error(failure.value)) }
    return (output, pending)
  }
}
