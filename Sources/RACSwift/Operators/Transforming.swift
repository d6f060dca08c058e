extension Signal {
  /// Transforms each value with `transform` (RAC's `-map:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 3]).map { $0 * 10 }  // 10, 20, 30
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `transform` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func map<T>(
    _ transform: @escaping (Value) -> T, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    // `consuming`: the new signal takes over the caller's reference to `self`, so a chain built
    // in one expression hands its temporaries on without a retain and a release per operator.
    (consume self).isolated(to: isolation).appending(MapStage(transform), name: .input("map:"))
  }
}

extension Signal {
  /// Replaces every value with `value`, where the values arrive: the form of
  /// ``mapReplace(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// buttonTaps.mapReplace(true)
  /// ```
  @inlinable @_disfavoredOverload
  public func mapReplace<T: Sendable>(_ value: T) -> Signal<T, Failure> {
    replacingValues(with: value, from: self)
  }

  /// Replaces every value with `value` (RAC's `-mapReplace:`).
  ///
  /// Written on an actor (a `@MainActor` view model), the stage runs on that actor, as a
  /// closure's would: values that arrive elsewhere are carried there first, so `value` need not
  /// be `Sendable` — it never leaves the actor. Written outside any actor, `value` is sent where
  /// the values arrive.
  ///
  /// ```swift
  /// buttonTaps.mapReplace(true)
  /// refreshes.mapReplace(client)  // a non-Sendable client, in a @MainActor view model
  /// ```
  @inlinable
  public func mapReplace<T>(_ value: T, isolation: isolated (any Actor)? = #isolation)
    -> Signal<T, Failure>
  {
    replacingValues(with: value, from: isolated(to: isolation))
  }

  /// The `mapReplace` stage on `source`.
  @inlinable
  func replacingValues<T>(with value: T, from source: Signal<Value, Failure>) -> Signal<T, Failure>
  {
    source.appending(MapReplaceStage(value), name: .inputWithState("mapReplace:"))
  }

  /// Sends `combine(previous, current)` for each value, with `start` as the first previous; the
  /// result is not fed back (RAC's `-combinePreviousWithStart:reduce:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 3]).combinePrevious(1) { "\($0) - \($1)" }  // "1 - 1", "1 - 2", "2 - 3"
  /// ```
  @inlinable
  public func combinePrevious<T>(
    _ start: Value, _ combine: @escaping (Value, Value) -> T,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> where Value: Sendable {
    isolated(to: isolation).appending(
      CombinePreviousStage(start: start, combine: combine),
      name: .input("combinePreviousWithStart:reduce:"))
  }

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

/// The stage of `combinePrevious`: sends `combine(previous, current)` for each value; each
/// subscription starts with `start` as the previous value.
@usableFromInline
struct CombinePreviousStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let start: Input
  @usableFromInline let combine: (Input, Input) -> Value

  @inlinable
  init(start: Input, combine: @escaping (Input, Input) -> Value) {
    self.start = start
    self.combine = combine
  }

  /// The previous value.
  @inlinable func makeState() -> Input { start }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state previous: inout Input,
    send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value):
      let result = combine(previous, value)
      previous = value
      emit(.next(result), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}

/// The stage of `mapReplace`: sends `replacement` for each value. Its description is the
/// replacement, which the operator's name shows (`-mapReplace: true`).
@usableFromInline
struct MapReplaceStage<Input, Value, Failure: Error>: SignalStage, CustomStringConvertible {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let replacement: Value
  @inlinable init(_ replacement: Value) { self.replacement = replacement }

  @usableFromInline var description: String { String(describing: replacement) }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next: emit(.next(replacement), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}

/// The stage of `map` and of the operators that are a `map` under another name (`not`, `and`,
/// `or`): sends each value transformed, and the terminal event.
@usableFromInline
struct MapStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let transform: (Input) -> Value
  @inlinable init(_ transform: @escaping (Input) -> Value) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    emit(event.map(transform), to: send)
  }
}
