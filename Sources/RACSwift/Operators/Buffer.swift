extension Signal {
  /// Collects values into arrays sent `interval` after the first value of each batch (RAC's
  /// `-bufferWithTime:onScheduler:`); on completion, what is collected is sent first. The
  /// scheduler must be able to delay (not ``ImmediateScheduler``).
  ///
  /// ```swift
  /// logLines.buffer(withTime: .seconds(1), on: QueueScheduler())  // one array per second
  /// ```
  public func buffer(withTime interval: Duration, on scheduler: any Scheduler) -> Signal<
    [Value], Failure
  > {
    precondition(
      !(scheduler is ImmediateScheduler), "buffer(withTime:on:) needs a scheduler that can delay")
    return appending(
      subscribing: BufferWithTimeStage(interval: interval, scheduler: scheduler),
      name: .input("bufferWithTime:"))
  }
}

/// The subscribing stage of `buffer(withTime:on:)`: collects values into batches sent `interval`
/// after each batch's first value (see ``TimeBufferState``).
struct BufferWithTimeStage<Input, Failure: Error>: SubscribingStage {
  typealias InputFailure = Failure
  typealias Value = [Input]
  let interval: Duration
  let scheduler: any Scheduler

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<[Input], Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let state = TimeBufferState<Input, Failure>(
      interval: interval, scheduler: scheduler,
      output: SerializedEventSink(sink: sink, scope: scope)
    )
    scope.add(state.pending)
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value): state.append(value)
        case .completed:
          state.flush()
          state.output.send(.completed)
        case .error(let error):
          state.pending.dispose()
          state.output.send(.error(error))
        }
      }, scope: scope)
  }
}

/// One subscription to `buffer(withTime:on:)`: the values gathered since the last batch and the
/// timer that will send them.
final class TimeBufferState<Value, Failure: Error>: Sendable {
  let interval: Duration
  let scheduler: any Scheduler
  let output: SerializedEventSink<[Value], Failure>
  let pending = PendingActions()
  private struct Batch {
    /// Handed on to the thread the timer fires on (see ``Handoff``).
    var values: [Handoff<Value>] = []
    var timer: Int?
  }
  private let batch = LockedState(Batch())

  init(interval: Duration, scheduler: any Scheduler, output: SerializedEventSink<[Value], Failure>)
  {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  func append(_ value: Value) {
    let pending = self.pending
    let started: Int? = batch.withLock {
      $0.values.append(Handoff(value))
      guard $0.timer == nil else { return nil }
      let id = pending.reserve()
      $0.timer = id
      return id
    }
    if let id = started {
      let action = scheduler.schedule(after: interval) {
        self.pending.finish(id)
        self.flush()
      }
      pending.record(id, action)
    }
  }

  func flush() {
    let (values, previous) = batch.withLock { s in
      defer { s.values = [] }
      return (s.values, s.timer.take())
    }
    if let previous { pending.cancel(previous) }
    if !values.isEmpty { output.send(.next(values.map(\.value))) }
  }
}
