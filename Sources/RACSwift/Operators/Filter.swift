extension Signal {
  /// Keeps the values for which `isIncluded` returns `true` (RAC's `-filter:`).
  ///
  /// ```swift
  /// Signal.from(1...6).filter { $0.isMultiple(of: 2) }  // 2, 4, 6
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `isIncluded` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func filter(
    _ isIncluded: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    // `consuming`: the new signal takes over the caller's reference to `self`, so a chain built
    // in one expression hands its temporaries on without a retain and a release per operator —
    // and a template operator (`map`, `scan`, …) only this call references can take the
    // predicate itself (one stage less per event, one signal less per chain; see
    // ``StageSignal``).
    var source = (consume self).isolated(to: isolation)
    if source.customNameStorage.isEmpty, isKnownUniquelyReferenced(&source),
      source.joinFilter(isIncluded)
    {
      return source
    }
    return source.appending(FilterStage(isIncluded), name: .input("filter:"))
  }

  /// Transforms each value with `transform` and sends the results that are not `nil`; errors and
  /// completion pass through. The optional-aware form of `map` followed by RAC's `-ignore:nil`,
  /// in one stage.
  ///
  /// ```swift
  /// Signal.from(["1", "two", "3"]).compactMap { Int($0) }  // 1, 3
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `transform` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func compactMap<T>(
    _ transform: @escaping (Value) -> T?, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    // `consuming`, as `map` and `filter`: a chain built in one expression hands its temporaries
    // on without a retain and a release per operator.
    (consume self).isolated(to: isolation).appending(
      CompactMapStage(transform), name: .input("compactMap:"))
  }

  /// The values of a signal of optionals that are not `nil` (RAC's `-ignore:nil`); errors and
  /// completion pass through.
  ///
  /// ```swift
  /// Signal.from([1, nil, 3]).skipNil()  // 1, 3
  /// ```
  @inlinable
  public consuming func skipNil<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
    (consume self).appending(CompactMapStage { $0 }, name: .input("skipNil"))
  }
}

/// The stage of `filter`: sends the values `isIncluded` keeps, and the terminal event.
@usableFromInline
struct FilterStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let isIncluded: (Value) -> Bool
  @inlinable init(_ isIncluded: @escaping (Value) -> Bool) { self.isIncluded = isIncluded }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if event.passes(isIncluded) { send(&event) }
  }
}

/// The stage of `compactMap` and `skipNil`: sends the transformed values that are not `nil`,
/// and the terminal event.
@usableFromInline
struct CompactMapStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let transform: (Input) -> Value?
  @inlinable init(_ transform: @escaping (Input) -> Value?) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value): if let mapped = transform(value) { emit(.next(mapped), to: send) }
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
