extension Signal {
  /// `scan(_:_:)` whose `combine` also gets the value's zero-based index (RAC's
  /// `-scanWithStart:reduceWithIndex:`). Each subscription counts from 0 again.
  ///
  /// ```swift
  /// Signal.from([1, 2, 3, 4]).scan(0) { sum, value, index in sum + value + index }
  /// ```
  @inlinable
  public func scan<A>(
    _ initial: A, _ combine: @escaping (A, Value, Int) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    isolated(to: isolation).appending(
      IndexedScanStage(initial: initial, combine: combine),
      name: .input("scanWithStart:reduceWithIndex:"))
  }
}

/// The stage of `scan(_:_:)` with an index: folds each value and its index into the
/// subscription's accumulator and sends the result.
@usableFromInline
struct IndexedScanStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let initial: Value
  @usableFromInline let combine: (Value, Input, Int) -> Value

  @inlinable
  init(initial: Value, combine: @escaping (Value, Input, Int) -> Value) {
    self.initial = initial
    self.combine = combine
  }

  /// The accumulator and the index of the next value; each subscription starts from `initial`
  /// and 0.
  @inlinable func makeState() -> (accumulator: Value, index: Int) { (initial, 0) }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout (accumulator: Value, index: Int),
    send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value):
      state.accumulator = combine(state.accumulator, value, state.index)
      state.index += 1
      emit(.next(state.accumulator), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
