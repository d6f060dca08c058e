extension Signal {
  /// The last `count` values, sent when the receiver completes (RAC's `-takeLast:`).
  ///
  /// ```swift
  /// Signal.from(1...5).takeLast(2)  // 4, 5 (after completion)
  /// ```
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "takeLast count must not be negative")
    return appending(
      subscribing: TakeLastStage(count: count), name: .inputCount("takeLast:", count))
  }
}

/// The subscribing stage of `takeLast`: keeps the last `count` values of a subscription and
/// sends them, then the completion, when the input completes.
@usableFromInline
struct TakeLastStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let count: Int
  @inlinable init(count: Int) { self.count = count }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let count = self.count
    let state = FoldState(accumulator: RingBuffer<Value>())
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value):
          guard count > 0 else { return }
          if state.accumulator.count == count { _ = state.accumulator.popFirst() }
          state.accumulator.append(value)
        case .error:
          sink(&event)
        case .completed:
          while let value = state.accumulator.popFirst() {
            if scope.isDisposed { return }
            emit(.next(value), to: sink)
          }
          emit(.completed, to: sink)
        }
      }, scope: scope)
  }
}
