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
    var source = (consume self).isolated(to: isolation)
    if source.customNameStorage.isEmpty, isKnownUniquelyReferenced(&source),
      source.fuseFilter(isIncluded)
    {
      return source
    }
    return source.filtering(isIncluded)
  }

  /// `filter`'s own signal, on the receiver as it is (already carried to the closure's actor, if
  /// it has one): synchronous when the receiver is. Apart from `filter`, so that `filter`, which a
  /// chain built per subscription calls every time, stays small enough to inline where it
  /// joins a `map`.
  @inlinable
  consuming func filtering(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, PredicateParameter<Value>>
    let source = consume self
    let parameter = PredicateParameter(isIncluded)
    if source.canExtendSynchronously {
      return Op(synchronous: .input("filter:"), source: source, parameter: parameter) {
        signal, sink, scope in
        let op = Op.cast(signal)
        let isIncluded = op.parameter.isIncluded
        // The source is synchronous: this signal was made synchronous only then.
        op.subscribeInputSynchronously(
          stage: { if $0.passes(isIncluded) { sink(&$0) } }, scope: scope)
      }
    }
    return Op(
      name: .input("filter:"), source: source, parameter: parameter,
      deliveryActor: source.deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      // The stage captures one object, its context (see ``StageContext``).
      let stage = StageContext(parameter: op.parameter, sink: sink)
      op.subscribeInput(
        sink: { if $0.passes(stage.parameter.isIncluded) { stage.sink(&$0) } }, scope: scope)
    }
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
    (consume self).isolated(to: isolation).compactMapping(name: .input("compactMap:"), transform)
  }

  /// The values of a signal of optionals that are not `nil` (RAC's `-ignore:nil`); errors and
  /// completion pass through.
  ///
  /// ```swift
  /// Signal.from([1, nil, 3]).skipNil()  // 1, 3
  /// ```
  @inlinable
  public consuming func skipNil<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
    (consume self).compactMapping(name: .input("skipNil")) { $0 }
  }

  /// The one stage of `compactMap` and `skipNil`, on the receiver as it is (already carried to the
  /// closure's actor, if it has one): as cheap as `filter`'s, synchronous when the receiver is.
  @inlinable
  consuming func compactMapping<T>(
    name: SignalNameNode, _ transform: @escaping (Value) -> T?
  ) -> Signal<T, Failure> {
    typealias Op = UnarySignal<Value, Failure, T, Failure, OptionalTransform<Value, T>>
    let source = consume self
    let parameter = OptionalTransform(transform)
    if source.canExtendSynchronously {
      return Op(synchronous: name, source: source, parameter: parameter) { signal, sink, scope in
        let op = Op.cast(signal)
        let transform = op.parameter.transform
        // The source is synchronous: this signal was made synchronous only then.
        op.subscribeInputSynchronously(
          stage: { $0.forwardCompactMapped(transform, to: sink) }, scope: scope)
      }
    }
    return Op(
      name: name, source: source, parameter: parameter, deliveryActor: source.deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      // The stage captures one object, its context (see ``StageContext``).
      let stage = StageContext(parameter: op.parameter, sink: sink)
      op.subscribeInput(
        sink: { $0.forwardCompactMapped(stage.parameter.transform, to: stage.sink) },
        scope: scope)
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
        emit(.completed, to: sink)
        return
      }
      let counter = TakeCounter(remaining: op.parameter, sink: sink)
      op.subscribeInput(sink: { counter.receive(&$0) }, scope: scope)
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
        op.subscribeInput(sink: sink, scope: scope)
        return
      }
      let counter = SkipCounter(remaining: op.parameter, sink: sink)
      op.subscribeInput(sink: { counter.receive(&$0) }, scope: scope)
    }
  }
}

/// The predicate of `filter`, `take(until:)` and `skip(while:)`/`skip(until:)`, in a struct so
/// that the closure keeps its declared shape in a ``UnarySignal`` and a ``StageContext``
/// (CONTRIBUTING, rule 3: a `(Value) -> Bool` stored in a field declared `(Input) -> Output`
/// would be wrapped in a reabstraction thunk).
@usableFromInline
struct PredicateParameter<Value> {
  @usableFromInline let isIncluded: (Value) -> Bool
  @inlinable init(_ isIncluded: @escaping (Value) -> Bool) { self.isIncluded = isIncluded }
}

/// The transform of `compactMap` and `skipNil`, in a struct so that the closure keeps its
/// declared shape in a ``UnarySignal`` (CONTRIBUTING, rule 3).
@usableFromInline
struct OptionalTransform<Input, Output> {
  @usableFromInline let transform: (Input) -> Output?
  @inlinable init(_ transform: @escaping (Input) -> Output?) { self.transform = transform }
}

/// The equivalence of `distinctUntilChanged(_:)`, in a struct so that the closure keeps its
/// declared shape in a ``UnarySignal`` (CONTRIBUTING, rule 3).
@usableFromInline
struct EquivalenceParameter<Value> {
  @usableFromInline let isEquivalent: (Value, Value) -> Bool
  @inlinable init(_ isEquivalent: @escaping (Value, Value) -> Bool) {
    self.isEquivalent = isEquivalent
  }
}

extension Event {
  /// The one stage body of `compactMap`, escaping or not: sends `sink` the transformed value of
  /// a `next` event when `transform` returns one, and any terminal event.
  @inlinable @inline(__always)
  func forwardCompactMapped<T>(
    _ transform: (Value) -> T?, to sink: (inout Event<T, Failure>) -> Void
  ) {
    switch self {
    case .next(let value): if let mapped = transform(value) { emit(.next(mapped), to: sink) }
    case .error(let error): emit(.error(error), to: sink)
    case .completed: emit(.completed, to: sink)
    }
  }
}

/// Per-subscription state of `take(_:)`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class TakeCounter<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void

  @inlinable
  init(remaining: Int, sink: @escaping (inout Event<Value, Failure>) -> Void) {
    self.remaining = remaining
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: inout Event<Value, Failure>) {
    guard remaining > 0 else { return }
    if case .next = event {
      remaining -= 1
      sink(&event)
      if remaining == 0 { emit(.completed, to: sink) }
    } else {
      remaining = 0
      sink(&event)
    }
  }
}

/// Per-subscription state of `skip(_:)`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class SkipCounter<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void

  @inlinable
  init(remaining: Int, sink: @escaping (inout Event<Value, Failure>) -> Void) {
    self.remaining = remaining
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: inout Event<Value, Failure>) {
    if case .next = event, remaining > 0 {
      remaining -= 1
      return
    }
    sink(&event)
  }
}

extension Signal where Value: Equatable {
  /// Drops values equal to `value`, comparing where the values arrive: the form of
  /// ``ignore(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable @_disfavoredOverload
  public func ignore(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    ignoring(value, from: self, deliveryActor: nil)
  }

  /// Drops values equal to `value` (RAC's `-ignore:`).
  ///
  /// Written on an actor (a `@MainActor` view model), the comparison runs on that actor, as a
  /// closure's would: values that arrive elsewhere are carried there first, so `value` need not
  /// be `Sendable`. Written outside any actor, it runs where the values arrive.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable
  public func ignore(_ value: Value, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Value, Failure>
  {
    let source = isolated(to: isolation)
    return ignoring(value, from: source, deliveryActor: source.deliveryActor)
  }

  /// The `ignore` stage on `source`, whose events arrive on `deliveryActor`.
  @inlinable
  func ignoring(
    _ value: Value, from source: Signal<Value, Failure>, deliveryActor: ObjectIdentifier?
  ) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Value>
    return Op(
      name: .applied(nil, "ignore:", .state), source: source, parameter: value,
      deliveryActor: deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let ignored = op.parameter
      op.subscribeInput(
        sink: { event in
          if case .next(let value) = event, value == ignored { return }
          sink(&event)
        }, scope: scope)
    }
  }

  /// Drops a value equal to the previous one; the first value always passes (RAC's
  /// `-distinctUntilChanged`).
  ///
  /// ```swift
  /// Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged()  // 1, 2, 1
  /// ```
  @inlinable
  public func distinctUntilChanged() -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Void>
    return Op(
      name: .input("distinctUntilChanged"), source: self, parameter: (),
      deliveryActor: deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let state = FoldState<Value?>(accumulator: nil)
      op.subscribeInput(
        sink: { event in
          if case .next(let value) = event {
            if let previous = state.accumulator, previous == value { return }
            state.accumulator = value
          }
          sink(&event)
        }, scope: scope)
    }
  }
}

extension Signal {
  /// Drops a value `isEquivalent` to the previous one; the first value always passes.
  ///
  /// ```swift
  /// users.distinctUntilChanged { $0.id == $1.id }
  /// ```
  @inlinable
  public func distinctUntilChanged(
    _ isEquivalent: @escaping (Value, Value) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).distinct(by: isEquivalent, name: .input("distinctUntilChanged:"))
  }

  @inlinable
  func distinct(
    by isEquivalent: @escaping (Value, Value) -> Bool, name: SignalNameNode
  ) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, EquivalenceParameter<Value>>
    return Op(
      name: name, source: self, parameter: EquivalenceParameter(isEquivalent),
      deliveryActor: deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let isEquivalent = op.parameter.isEquivalent
      let state = FoldState<Value?>(accumulator: nil)
      op.subscribeInput(
        sink: { event in
          if case .next(let value) = event {
            if let previous = state.accumulator, isEquivalent(previous, value) { return }
            state.accumulator = value
          }
          sink(&event)
        }, scope: scope)
    }
  }

  /// Drops every value; passes the error or completion (RAC's `-ignoreValues`). The
  /// value type stays, as in RAC, so the result composes with the receiver (`then`, `merge`).
  ///
  /// ```swift
  /// save.ignoreValues().then { .just("saved") }
  /// ```
  @inlinable
  public func ignoreValues() -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Void>
    return Op(name: .input("ignoreValues"), source: self, parameter: ()) { signal, sink, scope in
      let op = Op.cast(signal)
      op.subscribeInput(
        sink: { event in
          if case .next = event { return }
          sink(&event)
        }, scope: scope)
    }
  }

  /// The last `count` values, sent when the receiver completes (RAC's `-takeLast:`).
  ///
  /// ```swift
  /// Signal.from(1...5).takeLast(2)  // 4, 5 (after completion)
  /// ```
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "takeLast count must not be negative")
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Int>
    return Op(name: .inputCount("takeLast:", count), source: self, parameter: count) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let count = op.parameter
      let state = FoldState(accumulator: RingBuffer<Value>())
      op.subscribeInput(
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

  /// Forwards values while `predicate` holds; completes at the first value failing it (RAC's
  /// `-takeWhileBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).take(while: { $0 < 3 })  // 1, 2
  /// ```
  @inlinable
  public func take(
    while predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).takeUntilMatch(name: .input("takeWhileBlock:")) { !predicate($0) }
  }

  /// Forwards values until `predicate` first holds, then completes; the matching value is not
  /// sent (RAC's `-takeUntilBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).take(until: { $0 > 3 })  // 1, 2
  /// ```
  @inlinable
  public func take(
    until predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).takeUntilMatch(name: .input("takeUntilBlock:"), predicate)
  }

  @inlinable
  func takeUntilMatch(
    name: SignalNameNode, _ isEnd: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, PredicateParameter<Value>>
    return Op(
      name: name, source: self, parameter: PredicateParameter(isEnd), deliveryActor: deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let isEnd = op.parameter.isIncluded
      let guardState = TerminalGuard(sink: sink)
      op.subscribeInput(
        sink: { event in
          if case .next(let value) = event, isEnd(value) {
            guardState.send(.completed)
            return
          }
          guardState.send(event)
        }, scope: scope)
    }
  }

  /// Drops values while `predicate` holds, then forwards everything from the first value failing
  /// it (RAC's `-skipWhileBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).skip(while: { $0 < 3 })  // 5, 1
  /// ```
  @inlinable
  public func skip(
    while predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).skipUntilMatch(name: .input("skipWhileBlock:")) { !predicate($0) }
  }

  /// Drops values until `predicate` first holds, then forwards everything, that value included
  /// (RAC's `-skipUntilBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).skip(until: { $0 > 3 })  // 5, 1
  /// ```
  @inlinable
  public func skip(
    until predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).skipUntilMatch(name: .input("skipUntilBlock:"), predicate)
  }

  @inlinable
  func skipUntilMatch(
    name: SignalNameNode, _ isStart: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, PredicateParameter<Value>>
    return Op(
      name: name, source: self, parameter: PredicateParameter(isStart),
      deliveryActor: deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let isStart = op.parameter.isIncluded
      let state = FoldState(accumulator: false)
      op.subscribeInput(
        sink: { event in
          if case .next(let value) = event, !state.accumulator {
            guard isStart(value) else { return }
            state.accumulator = true
          }
          sink(&event)
        }, scope: scope)
    }
  }

}
