extension Signal {
  /// All values in one array, sent when the receiver completes — `[]` if it had none (RAC's
  /// `-collect`).
  ///
  /// ```swift
  /// Signal.from(1...3).collect()  // [1, 2, 3]
  /// ```
  @inlinable
  public func collect() -> Signal<[Value], Failure> {
    appending(subscribing: CollectStage(), name: .input("collect"))
  }
}

/// The subscribing stage of `collect`: appends a subscription's values to one array and sends it
/// when the input completes.
@usableFromInline
struct CollectStage<Input, Failure: Error>: SubscribingStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline typealias Value = [Input]
  @inlinable init() {}

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<[Input], Failure>.Sink,
    scope: SubscriptionScope
  ) {
    // Appends in place: folding through `combine` would copy the array for every value.
    let state = FoldState<[Input]>(accumulator: [])
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value): state.accumulator.append(value)
        case .error(let error): emit(.error(error), to: sink)
        case .completed:
          emit(.next(state.accumulator), to: sink)
          if !scope.isDisposed { emit(.completed, to: sink) }
        }
      }, scope: scope)
  }
}

/// A mutable value that one subscription of a ``SubscribingStage`` keeps between events: the
/// running result of `collect`, `takeLast` and `groupBy` (a ``SignalStage`` keeps its own as its
/// ``SignalStage/State``). Upstream delivers serially, so it needs no lock.
@usableFromInline
final class FoldState<A> {
  @usableFromInline var accumulator: A

  @inlinable init(accumulator: A) { self.accumulator = accumulator }
}
