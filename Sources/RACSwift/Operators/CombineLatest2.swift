extension Signal {
  /// Pairs of the latest values of the receiver and `other`, sent whenever either sends once
  /// both have sent (RAC's `-combineLatestWith:`). Fails as soon as either fails; completes when
  /// both have completed.
  ///
  /// ```swift
  /// username.combineLatest(with: password).map { !$0.isEmpty && !$1.isEmpty }
  /// ```
  @inlinable
  public func combineLatest<Other>(
    with other: Signal<Other, Failure>
  ) -> Signal<(Value, Other), Failure> {
    typealias Op = UnarySignal<Value, Failure, (Value, Other), Failure, Signal<Other, Failure>>
    return Op(name: .binary(self, "combineLatestWith:", other), source: self, parameter: other) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let state = CombineLatest2State<Value, Other, Failure>(sink: sink, scope: scope)
      op.source.subscribe(sink: { state.perform(.first($0)) }, scope: state.firstScope)
      op.parameter.subscribe(sink: { state.perform(.second($0)) }, scope: state.secondScope)
    }
  }
}

/// An event from one input of a two-input operator.
@usableFromInline
enum PairedInputEvent<A, B, Failure: Error> {
  case first(Event<A, Failure>)
  case second(Event<B, Failure>)
}

/// One subscription to `combineLatest(with:)`. State updates and emissions both run as
/// operations of one ``SerialGate``, so concurrent inputs can never emit an older pair after a
/// newer one; all state is touched only by the gate's owner.
@usableFromInline
final class CombineLatest2State<A, B, Failure: Error>: @unchecked Sendable {
  @usableFromInline let sink: (Event<(A, B), Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope
  @usableFromInline let firstScope: SubscriptionScope
  @usableFromInline let secondScope: SubscriptionScope
  @usableFromInline let gate = SerialGate<PairedInputEvent<A, B, Failure>>()
  @usableFromInline @exclusivity(unchecked) var latestFirst: A?
  @usableFromInline @exclusivity(unchecked) var latestSecond: B?
  @usableFromInline @exclusivity(unchecked) var completedInputs = 0
  @usableFromInline @exclusivity(unchecked) var finished = false

  @inlinable
  init(sink: @escaping (Event<(A, B), Failure>) -> Void, scope: SubscriptionScope) {
    self.sink = sink
    self.scope = scope
    self.firstScope = scope.makeChild()
    self.secondScope = scope.makeChild()
  }

  @inlinable
  func perform(_ input: PairedInputEvent<A, B, Failure>) {
    gate.perform(input) { execute($0) }
  }

  @inlinable
  func execute(_ input: PairedInputEvent<A, B, Failure>) {
    if finished || scope.isDisposed { return }
    switch input {
    case .first(.next(let value)):
      latestFirst = value
      if let second = latestSecond { sink(.next((value, second))) }
    case .second(.next(let value)):
      latestSecond = value
      if let first = latestFirst { sink(.next((first, value))) }
    case .first(.error(let error)), .second(.error(let error)):
      finished = true
      sink(.error(error))
    case .first(.completed):
      scope.endChild(firstScope)
      inputCompleted()
    case .second(.completed):
      scope.endChild(secondScope)
      inputCompleted()
    }
  }

  @inlinable
  func inputCompleted() {
    completedInputs += 1
    if completedInputs == 2 {
      finished = true
      sink(.completed)
    }
  }
}
