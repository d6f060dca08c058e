extension Signal {
  /// Sends every intermediate result of folding the values with `combine`, starting from
  /// `initial` (RAC's `-scanWithStart:reduce:`). Each subscription starts again from `initial`.
  ///
  /// ```swift
  /// Signal.from([1, 2, 3, 4]).scan(0, +)  // 1, 3, 6, 10
  /// ```
  @inlinable
  public func scan<A>(
    _ initial: A, _ combine: @escaping (A, Value) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    isolated(to: isolation).appending(
      ScanStage(initial: initial, combine: combine), name: .input("scanWithStart:reduce:"))
  }
}

/// The stage of `scan(_:_:)`: folds each value into the subscription's accumulator and sends
/// the result.
@usableFromInline
struct ScanStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let initial: Value
  @usableFromInline let combine: (Value, Input) -> Value

  @inlinable
  init(initial: Value, combine: @escaping (Value, Input) -> Value) {
    self.initial = initial
    self.combine = combine
  }

  /// Each subscription starts again from `initial`.
  @inlinable func makeState() -> Value { initial }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state accumulator: inout Value,
    send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value):
      accumulator = combine(accumulator, value)
      emit(.next(accumulator), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
