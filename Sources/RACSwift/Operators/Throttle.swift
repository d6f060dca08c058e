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

/// One subscription to `throttle`: the value held back and the timer that will send it.
final class ThrottleState<Value, Failure: Error>: Sendable {
  let interval: Duration
  let scheduler: any Scheduler
  let output: SerializedEventSink<Value, Failure>
  let pending = PendingActions()
  private struct Held {
    /// Handed on to the thread the timer fires on (see ``Handoff``).
    var value: Handoff<Value>?
    var timer: Int?
  }
  private let held = LockedState(Held())

  init(interval: Duration, scheduler: any Scheduler, output: SerializedEventSink<Value, Failure>) {
    self.interval = interval
    self.scheduler = scheduler
    self.output = output
  }

  func hold(_ newValue: Value) {
    let id = pending.reserve()
    let previous = held.withLock { held in
      held.value = Handoff(newValue)
      defer { held.timer = id }
      return held.timer
    }
    if let previous { pending.cancel(previous) }
    let action = scheduler.schedule(after: interval) { self.fire(id) }
    pending.record(id, action)
  }

  private func fire(_ id: Int) {
    pending.finish(id)
    let current: Handoff<Value>? = held.withLock {
      guard $0.timer == id else { return nil }
      $0.timer = nil
      return $0.value.take()
    }
    if let current { output.send(.next(current.value)) }
  }

  func sendNow(_ newValue: Value) {
    drop()
    output.send(.next(newValue))
  }

  func flush() {
    let (current, previous) = held.withLock { ($0.value.take(), $0.timer.take()) }
    if let previous { pending.cancel(previous) }
    if let current { output.send(.next(current.value)) }
  }

  func drop() {
    let previous = held.withLock {
      $0.value = nil
      return $0.timer.take()
    }
    if let previous { pending.cancel(previous) }
  }
}
