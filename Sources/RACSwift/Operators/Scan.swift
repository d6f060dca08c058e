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
    typealias Op = UnarySignal<Value, Failure, A, Failure, ScanParameters<A, Value>>
    let source = isolated(to: isolation)
    return Op(
      name: .input("scanWithStart:reduce:"), source: source,
      parameter: ScanParameters(initial: initial, combine: combine),
      deliveryActor: source.deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let state = ScanState(
        accumulator: op.parameter.initial, combine: op.parameter.combine, sink: sink)
      op.subscribeInput(sink: { state.receive($0) }, scope: scope)
    }
  }
}

extension Signal {
  /// `scan(_:_:)` whose `combine` also gets the value's zero-based index (RAC's
  /// `-scanWithStart:reduceWithIndex:`). Built as `scan(_:_:)` is, with the same per-subscription
  /// state; the index lives in the subscription's step.
  ///
  /// ```swift
  /// Signal.from([1, 2, 3, 4]).scan(0) { sum, value, index in sum + value + index }
  /// ```
  @inlinable
  public func scan<A>(
    _ initial: A, _ combine: @escaping (A, Value, Int) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    typealias Op = UnarySignal<Value, Failure, A, Failure, IndexedScanParameters<A, Value>>
    let source = isolated(to: isolation)
    return Op(
      name: .input("scanWithStart:reduceWithIndex:"), source: source,
      parameter: IndexedScanParameters(initial: initial, combine: combine),
      deliveryActor: source.deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let combine = op.parameter.combine
      var index = 0
      let state = ScanState(
        accumulator: op.parameter.initial,
        combine: { accumulator, value in
          defer { index += 1 }
          return combine(accumulator, value, index)
        }, sink: sink)
      op.subscribeInput(sink: { state.receive($0) }, scope: scope)
    }
  }
}

/// The parameters of `scan(_:_:isolation:)` with an index (see ``ScanParameters``).
@usableFromInline
struct IndexedScanParameters<A, Value>: @unchecked Sendable {
  @usableFromInline let initial: A
  @usableFromInline let combine: (A, Value, Int) -> A

  @inlinable
  init(initial: A, combine: @escaping (A, Value, Int) -> A) {
    self.initial = initial
    self.combine = combine
  }
}

/// The parameters of `scan`, kept in a struct so the function keeps its declared shape
/// (CONTRIBUTING, rule 3).
@usableFromInline
struct ScanParameters<A, Value>: @unchecked Sendable {
  @usableFromInline let initial: A
  @usableFromInline let combine: (A, Value) -> A

  @inlinable
  init(initial: A, combine: @escaping (A, Value) -> A) {
    self.initial = initial
    self.combine = combine
  }
}

/// Per-subscription state of `scan`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class ScanState<A, Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var accumulator: A
  @usableFromInline let combine: (A, Value) -> A
  @usableFromInline let sink: (inout Event<A, Failure>) -> Void

  @inlinable
  init(
    accumulator: A, combine: @escaping (A, Value) -> A,
    sink: @escaping (inout Event<A, Failure>) -> Void
  ) {
    self.accumulator = accumulator
    self.combine = combine
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    switch event {
    case .next(let value):
      accumulator = combine(accumulator, value)
      emit(.next(accumulator), to: sink)
    case .error(let error): emit(.error(error), to: sink)
    case .completed: emit(.completed, to: sink)
    }
  }
}
