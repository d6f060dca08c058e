extension Signal {
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
