import Synchronization

/// The failure of `timeout(_:on:)`: the signal took too long, or failed on its own.
public enum TimeoutError<Failure: Error>: Error {
  /// The signal did not finish in time (RAC's `RACSignalErrorTimedOut`).
  case timedOut
  /// The signal failed before the timeout.
  case underlying(Failure)
}

extension TimeoutError: Equatable where Failure: Equatable {}

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

  /// Sends a value only after `interval` has passed without a newer one (a debounce; RAC's
  /// `-throttle:`). A newer value replaces the pending one; on completion a pending value is sent
  /// first; an error drops it.
  ///
  /// ```swift
  /// searchText.throttle(.milliseconds(300), on: MainScheduler.shared)
  /// ```
  public func throttle(_ interval: Duration, on scheduler: any Scheduler) -> Signal<Value, Failure>
  {
    throttle(interval, on: scheduler, valuesPassingTest: { _ in true })
  }

  /// Like ``throttle(_:on:)``, but only values passing `shouldThrottle` are throttled; the others
  /// are sent at once and discard the pending value (RAC's `-throttle:valuesPassingTest:`).
  ///
  /// ```swift
  /// keystrokes.throttle(.milliseconds(300), on: main, valuesPassingTest: { $0 != "\n" })
  /// ```
  public func throttle(
    _ interval: Duration, on scheduler: any Scheduler,
    valuesPassingTest shouldThrottle: @escaping (Value) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).appending(
      subscribing: ThrottleStage(
        interval: interval, scheduler: scheduler, shouldThrottle: shouldThrottle),
      name: .input("throttle:"))
  }

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

extension Signal where Value == Int, Failure == Never {
  /// Sends 0, 1, 2, … every `interval` on `scheduler`, forever (RAC's `+interval:onScheduler:`,
  /// sending the tick count rather than the date). `leeway` is how late a tick may be.
  /// `interval` must be positive.
  ///
  /// ```swift
  /// Signal.interval(.seconds(1), on: MainScheduler.shared).take(10)
  /// ```
  public static func interval(
    _ interval: Duration, on scheduler: any Scheduler, leeway: Duration = .zero
  ) -> Signal<Int, Never> {
    precondition(
      !(scheduler is ImmediateScheduler), "interval(_:on:) needs a scheduler that can repeat")
    if interval <= .zero {
      fatalError("Signal.interval(_:on:): the interval must be positive, not \(interval)")
    }
    return Signal(name: .source("+interval")) { _, sink, scope in
      let ticks = TickCounter()
      let downstream = SendableSink(sink)
      let timer = scheduler.schedule(after: interval, repeating: interval, leeway: leeway) {
        if scope.isDisposed { return }
        emit(.next(ticks.next()), to: downstream.send)
      }
      if let timer { scope.add(timer) }
    }
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

/// The subscribing stage of `throttle`: holds a value passing `shouldThrottle` until `interval`
/// passes without a newer one (see ``ThrottleState``); sends the others at once.
struct ThrottleStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let interval: Duration
  let scheduler: any Scheduler
  let shouldThrottle: (Value) -> Bool

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let shouldThrottle = self.shouldThrottle
    let state = ThrottleState(
      interval: interval, scheduler: scheduler,
      output: SerializedEventSink(sink: sink, scope: scope)
    )
    scope.add(state.pending)
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value):
          if shouldThrottle(value) { state.hold(value) } else { state.sendNow(value) }
        case .completed:
          state.flush()
          state.output.send(.completed)
        case .error:
          state.drop()
          state.output.send(event)
        }
      }, scope: scope)
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

/// One subscription to `throttle`.
///
/// Lock discipline: `value` and `timer` are read and written with `lock` held.
final class ThrottleState<Value, Failure: Error>: @unchecked Sendable {
  let interval: Duration
  let scheduler: any Scheduler
  let output: SerializedEventSink<Value, Failure>
  let pending = PendingActions()
  private let lock = Lock()
  private var value: Value?
  private var timer: Int?

  init(interval: Duration, scheduler: any Scheduler, output: SerializedEventSink<Value, Failure>) {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  func hold(_ newValue: Value) {
    let id = pending.reserve()
    lock.lock()
    value = newValue
    let previous = timer
    timer = id
    lock.unlock()
    if let previous { pending.cancel(previous) }
    let action = scheduler.schedule(after: interval) { self.fire(id) }
    pending.record(id, action)
  }

  private func fire(_ id: Int) {
    pending.finish(id)
    lock.lock()
    guard timer == id, let current = value else {
      lock.unlock()
      return
    }
    value = nil
    timer = nil
    lock.unlock()
    output.send(.next(current))
  }

  func sendNow(_ newValue: Value) {
    drop()
    output.send(.next(newValue))
  }

  func flush() {
    lock.lock()
    let current = value
    let previous = timer
    value = nil
    timer = nil
    lock.unlock()
    if let previous { pending.cancel(previous) }
    if let current { output.send(.next(current)) }
  }

  func drop() {
    lock.lock()
    let previous = timer
    value = nil
    timer = nil
    lock.unlock()
    if let previous { pending.cancel(previous) }
  }
}

/// One subscription to `buffer(withTime:on:)`.
///
/// Lock discipline: `values` and `timer` are read and written with `lock` held.
final class TimeBufferState<Value, Failure: Error>: @unchecked Sendable {
  let interval: Duration
  let scheduler: any Scheduler
  let output: SerializedEventSink<[Value], Failure>
  let pending = PendingActions()
  private let lock = Lock()
  private var values: [Value] = []
  private var timer: Int?

  init(interval: Duration, scheduler: any Scheduler, output: SerializedEventSink<[Value], Failure>)
  {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  func append(_ value: Value) {
    lock.lock()
    values.append(value)
    let mustStart = timer == nil
    let id = mustStart ? pending.reserve() : 0
    if mustStart { timer = id }
    lock.unlock()
    if mustStart {
      let action = scheduler.schedule(after: interval) {
        self.pending.finish(id)
        self.flush()
      }
      pending.record(id, action)
    }
  }

  func flush() {
    lock.lock()
    let batch = values
    values = []
    let previous = timer
    timer = nil
    lock.unlock()
    if let previous { pending.cancel(previous) }
    if !batch.isEmpty { output.send(.next(batch)) }
  }
}

/// Counts the ticks of one `interval` subscription.
final class TickCounter: Sendable {
  private let count = Atomic<Int>(0)
  func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).oldValue }
}
