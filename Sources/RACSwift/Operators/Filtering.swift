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
    // and a `map` only this call references can take the predicate itself (one stage less per
    // event, one signal less per chain).
    typealias Op = PredicateSignal<Value, Failure>
    var source = (consume self).isolated(to: isolation)
    if source.customNameStorage.isEmpty, isKnownUniquelyReferenced(&source),
      source.fuseFilter(isIncluded)
    {
      return source
    }
    if source.isSynchronous {
      return Op(synchronous: .input("filter:"), source: source, predicate: isIncluded) {
        signal, sink, scope in
        let op = Op.cast(signal)
        let isIncluded = op.predicate
        // The source is synchronous: this signal was made synchronous only then.
        op.source.subscribe(
          op.source.synchronousPath.unsafelyUnwrapped,
          stage: { if $0.passes(isIncluded) { sink($0) } }, scope: scope)
      }
    }
    return Op(name: .input("filter:"), source: source, predicate: isIncluded) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let isIncluded = op.predicate
      op.source.subscribe(sink: { if $0.passes(isIncluded) { sink($0) } }, scope: scope)
    }
  }

  /// Sends the first `count` values, then completes at once and disposes the subscription to
  /// the receiver, even if the receiver never completes (RAC's `-take:`). `take(0)` completes
  /// without subscribing to the receiver.
  ///
  /// ```swift
  /// Signal.from(1...).take(3)  // 1, 2, 3
  /// ```
  @inlinable
  public func take(_ count: Int) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Int>
    return Op(name: .inputCount("take:", count), source: self, parameter: count) {
      signal, sink, scope in
      let op = Op.cast(signal)
      if op.parameter <= 0 {
        sink(.completed)
        return
      }
      let counter = TakeCounter(remaining: op.parameter, sink: sink)
      op.source.subscribe(sink: { counter.receive($0) }, scope: scope)
    }
  }

  /// Skips the first `count` values, then sends the rest (RAC's `-skip:`).
  ///
  /// ```swift
  /// Signal.from(1...5).skip(2)  // 3, 4, 5
  /// ```
  @inlinable
  public func skip(_ count: Int) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Int>
    return Op(name: .inputCount("skip:", count), source: self, parameter: count) {
      signal, sink, scope in
      let op = Op.cast(signal)
      if op.parameter <= 0 {
        op.source.subscribe(sink: sink, scope: scope)
        return
      }
      let counter = SkipCounter(remaining: op.parameter, sink: sink)
      op.source.subscribe(sink: { counter.receive($0) }, scope: scope)
    }
  }
}

/// Per-subscription state of `take(_:)`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class TakeCounter<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  @usableFromInline let sink: (Event<Value, Failure>) -> Void

  @inlinable
  init(remaining: Int, sink: @escaping (Event<Value, Failure>) -> Void) {
    self.remaining = remaining
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    guard remaining > 0 else { return }
    if case .next = event {
      remaining -= 1
      sink(event)
      if remaining == 0 { sink(.completed) }
    } else {
      remaining = 0
      sink(event)
    }
  }
}

/// Per-subscription state of `skip(_:)`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class SkipCounter<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  @usableFromInline let sink: (Event<Value, Failure>) -> Void

  @inlinable
  init(remaining: Int, sink: @escaping (Event<Value, Failure>) -> Void) {
    self.remaining = remaining
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    if case .next = event, remaining > 0 {
      remaining -= 1
      return
    }
    sink(event)
  }
}
