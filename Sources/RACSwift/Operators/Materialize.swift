extension Signal {
  /// Each event as a value: values, then the terminal event, then completion (RAC's
  /// `-materialize`). The result never fails.
  ///
  /// ```swift
  /// request.materialize()  // next(.next(data)), next(.completed), completed
  /// ```
  @inlinable
  public func materialize() -> Signal<Event<Value, Failure>, Never> {
    appending(subscribing: MaterializeStage(), name: .input("materialize"))
  }
}

/// The subscribing stage of `materialize`: sends each event as a value, and completes after the
/// terminal one unless the subscription was disposed meanwhile.
@usableFromInline
struct MaterializeStage<Input, InputFailure: Error>: SubscribingStage {
  @usableFromInline typealias Value = Event<Input, InputFailure>
  @usableFromInline typealias Failure = Never
  @inlinable init() {}

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Event<Input, InputFailure>, Never>.Sink,
    scope: SubscriptionScope
  ) {
    input.subscribe(
      sink: { event in
        emit(.next(event), to: sink)
        if event.isTerminal && !scope.isDisposed { emit(.completed, to: sink) }
      }, scope: scope)
  }
}

extension Signal {
  /// Turns events sent as values back into events: a `.completed` value completes, an `.error`
  /// value fails (RAC's `-dematerialize`).
  ///
  /// ```swift
  /// signal.materialize().dematerialize()  // the original signal
  /// ```
  @inlinable
  public func dematerialize<T>() -> Signal<T, Failure> where Value == Event<T, Failure> {
    appending(DematerializeStage { $0 }, name: .input("dematerialize"))
  }

  /// Turns events sent as values of a never-failing signal back into events.
  ///
  /// ```swift
  /// let events: Signal<Event<Int, MyError>, Never> = results.materialize()
  /// let results2: Signal<Int, MyError> = events.dematerialize()
  /// ```
  ///
  /// Disfavored: where both forms fit (events that cannot fail, on a signal that cannot fail),
  /// the other one is chosen, with the same result.
  @_disfavoredOverload
  @inlinable
  public func dematerialize<T, E: Error>() -> Signal<T, E>
  where Value == Event<T, E>, Failure == Never {
    typealias Stage = DematerializeStage<T, Never, E>
    return appending(Stage(promote: Stage.noFailure), name: .input("dematerialize"))
  }
}

/// The stage of `dematerialize`: sends the event each value holds, and nothing after the first
/// terminal one — whether that came as a value or as the input's own end.
@usableFromInline
struct DematerializeStage<Value, InputFailure: Error, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Event<Value, Failure>
  /// The input's own failure as the result's: itself, or none for an input that cannot fail.
  @usableFromInline let promote: (InputFailure) -> Failure
  @inlinable init(promote: @escaping (InputFailure) -> Failure) { self.promote = promote }

  /// A value can end the subscription.
  @inlinable static var mayEndBeforeInput: Bool { true }
  /// Closed once the subscription has sent its terminal event.
  @inlinable func makeState() -> TerminalLatch { TerminalLatch() }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Event<Value, Failure>, InputFailure>, state latch: inout TerminalLatch,
    send: Signal<Value, Failure>.Sink
  ) {
    var output: Event<Value, Failure>
    switch event {
    case .next(let inner): output = inner
    case .error(let error): output = .error(promote(error))
    case .completed: output = .completed
    }
    if latch.admit(output) { send(&output) }
  }
}

extension DematerializeStage where InputFailure == Never {
  /// The `promote` of an input that cannot fail.
  @inlinable static func noFailure(_ never: Never) -> Failure {}
}
