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
    let source = self
    return Signal(name: .unary(self, "delay:")) { _, sink, scope in
      let output = SerializedEventSink(sink: sink, scope: scope)
      let pending = PendingActions()
      scope.add(pending)
      source.subscribe(
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
    let source = isolated(to: isolation)
    return Signal(name: .unary(self, "throttle:")) { _, sink, scope in
      let state = ThrottleState(
        interval: interval, scheduler: scheduler,
        output: SerializedEventSink(sink: sink, scope: scope)
      )
      scope.add(state.pending)
      source.subscribe(
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
    Signal<Value, TimeoutError<Failure>>(
      name: .unary(self, "timeout:"),
      forwardingTo: mapError { TimeoutError.underlying($0) }
        .timeout(interval, on: scheduler, orFail: .timedOut))
  }

  /// Fails with `error` if the receiver has not finished `interval` after subscription.
  ///
  /// ```swift
  /// request.timeout(.seconds(5), on: scheduler, orFail: .timedOut)
  /// ```
  public func timeout(
    _ interval: Duration, on scheduler: any Scheduler, orFail error: Failure
  ) -> Signal<Value, Failure> {
    let source = self
    let failure = Handoff(error)
    return Signal(name: .unary(self, "timeout:")) { _, sink, scope in
      let output = SerializedEventSink(sink: sink, scope: scope)
      let pending = PendingActions()
      scope.add(pending)
      scheduler.schedule(after: interval, tracking: pending) {
        output.send(.error(failure.value))
      }
      source.subscribe(
        sink: { event in
          if event.isTerminal { pending.dispose() }
          output.send(event)
        }, scope: scope.makeChild())
    }
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
    let source = self
    return Signal<[Value], Failure>(name: .unary(self, "bufferWithTime:")) { _, sink, scope in
      let state = TimeBufferState<Value, Failure>(
        interval: interval, scheduler: scheduler,
        output: SerializedEventSink(sink: sink, scope: scope)
      )
      scope.add(state.pending)
      source.subscribe(
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
        downstream.send(.next(ticks.next()))
      }
      if let timer { scope.add(timer) }
    }
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
