extension Signal {
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
