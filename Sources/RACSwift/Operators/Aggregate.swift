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
    appending(
      subscribing: AggregateStage(startFactory: startFactory, combine: combine), name: name)
  }
}

/// The subscribing stage of `aggregate`: folds a subscription's values with `combine` and sends
/// the result when the input completes.
@usableFromInline
struct AggregateStage<Input, Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let startFactory: () -> Value
  @usableFromInline let combine: (Value, Input, Int) -> Value

  @inlinable
  init(startFactory: @escaping () -> Value, combine: @escaping (Value, Input, Int) -> Value) {
    self.startFactory = startFactory
    self.combine = combine
  }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let startFactory = self.startFactory
    let combine = self.combine
    let state = AggregateState<Value>()
    input.subscribe(
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

/// One subscription's `aggregate`. Upstream delivers serially, so it needs no lock.
@usableFromInline
final class AggregateState<A> {
  /// The result so far; ``AggregateFold/awaitingFirstValue`` until the first value.
  @usableFromInline var fold = AggregateFold<A>.awaitingFirstValue
  /// The index `combine` gets with the next value.
  @usableFromInline var index = 0

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
