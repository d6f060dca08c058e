extension Signal {
  /// Folds the values with `combine`, starting from `start`, and sends only the result when the
  /// receiver completes — `start` if it had no values (RAC's `-aggregateWithStart:reduce:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 3]).aggregate(0, +)  // 6
  /// ```
  @inlinable
  public func aggregate<A: Sendable>(
    _ start: A, _ combine: @escaping (A, Value) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    isolated(to: isolation).aggregate(
      startFactory: { start }, name: .input("aggregateWithStart:reduce:"),
      { accumulator, value, _ in combine(accumulator, value) })
  }

  /// `aggregate(_:_:)` whose `combine` also gets the value's zero-based index (RAC's
  /// `-aggregateWithStart:reduceWithIndex:`).
  @inlinable
  public func aggregate<A: Sendable>(
    _ start: A, _ combine: @escaping (A, Value, Int) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    isolated(to: isolation).aggregate(
      startFactory: { start }, name: .input("aggregateWithStart:reduceWithIndex:"),
      combine)
  }

  /// `aggregate(_:_:)` with a start value made anew for each subscription (RAC's
  /// `-aggregateWithStartFactory:reduce:`): use it for a mutable start such as a collection.
  ///
  /// ```swift
  /// words.aggregate(startFactory: { Set<String>() }) { set, word in set.union([word]) }
  /// ```
  ///
  /// Written on an actor, `startFactory` and `combine` run only on it: the start value is made
  /// when the subscription's first event reaches the actor.
  @inlinable
  public func aggregate<A>(
    startFactory: @escaping () -> A, _ combine: @escaping (A, Value) -> A,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<A, Failure> {
    isolated(to: isolation).aggregate(
      startFactory: startFactory, name: .input("aggregateWithStartFactory:reduce:"),
      { accumulator, value, _ in combine(accumulator, value) })
  }

  /// The fold behind every `aggregate`: the start value is made by the subscription's first
  /// value, or by its completion if no value came, where the events arrive (so on the actor,
  /// behind ``isolated(to:)``); a failure makes none.
  @inlinable
  func aggregate<A>(
    startFactory: @escaping () -> A, name: SignalNameNode,
    _ combine: @escaping (A, Value, Int) -> A
  ) -> Signal<A, Failure> {
    typealias Op = UnarySignal<Value, Failure, A, Failure, AggregateParameters<A, Value>>
    return Op(
      name: name, source: self,
      parameter: AggregateParameters(startFactory: startFactory, combine: combine)
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let startFactory = op.parameter.startFactory
      let combine = op.parameter.combine
      let state = AggregateState<A>()
      op.subscribeInput(
        sink: { event in
          switch event {
          case .next(let value):
            let result = state.fold.result(startingWith: startFactory)
            state.fold = .folded(combine(result, value, state.index))
            state.index += 1
          case .error(let error): emit(.error(error), to: sink)
          case .completed:
            emit(.next(state.fold.result(startingWith: startFactory)), to: sink)
            if !scope.isDisposed { emit(.completed, to: sink) }
          }
        }, scope: scope)
    }
  }

  /// All values in one array, sent when the receiver completes — `[]` if it had none (RAC's
  /// `-collect`).
  ///
  /// ```swift
  /// Signal.from(1...3).collect()  // [1, 2, 3]
  /// ```
  @inlinable
  public func collect() -> Signal<[Value], Failure> {
    typealias Op = UnarySignal<Value, Failure, [Value], Failure, Void>
    return Op(name: .input("collect"), source: self, parameter: ()) { signal, sink, scope in
      let op = Op.cast(signal)
      // Appends in place: folding through `combine` would copy the array for every value.
      let state = FoldState<[Value]>(accumulator: [])
      op.subscribeInput(
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
}

/// The parameters of `aggregate`, kept in a struct so the functions keep their declared shapes
/// (CONTRIBUTING, rule 3).
@usableFromInline
struct AggregateParameters<A, Value> {
  @usableFromInline let startFactory: () -> A
  @usableFromInline let combine: (A, Value, Int) -> A

  @inlinable
  init(startFactory: @escaping () -> A, combine: @escaping (A, Value, Int) -> A) {
    self.startFactory = startFactory
    self.combine = combine
  }
}

/// One subscription's `aggregate`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class AggregateState<A>: @unchecked Sendable {
  /// The result so far; ``AggregateFold/awaitingFirstValue`` until the first value.
  @usableFromInline @exclusivity(unchecked) var fold = AggregateFold<A>.awaitingFirstValue
  /// The index `combine` gets with the next value.
  @usableFromInline @exclusivity(unchecked) var index = 0

  @inlinable init() {}
}

/// Where one subscription's `aggregate` stands: the start value is made only when the first value
/// (or the completion, if none came) needs it, so until then there is no result.
@usableFromInline
enum AggregateFold<A> {
  /// No value has arrived yet: the start value has not been made.
  case awaitingFirstValue
  /// The start value combined with every value so far.
  case folded(A)

  /// The result so far, or a new start value from `start` when no value has arrived.
  @inlinable
  func result(startingWith start: () -> A) -> A {
    if case .folded(let result) = self { return result }
    return start()
  }
}

/// A mutable value that one subscription of a unary operator written below the stage template
/// keeps between events: the running result of `collect`, `takeLast` and `groupBy` (a stage
/// keeps its own as its ``SignalStage/State``). Upstream delivers serially, so it needs no lock.
@usableFromInline
final class FoldState<A>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var accumulator: A

  @inlinable init(accumulator: A) { self.accumulator = accumulator }
}
