/// The inputs of a three-input `Signal.combineLatest(a, b, c)` or `Signal.zip(a, b, c)`.
@usableFromInline
struct TripleInputs<A, B, C, Failure: Error>: FixedArityInputs {
  /// The three input signals.
  @usableFromInline typealias Signals = (
    Signal<A, Failure>, Signal<B, Failure>, Signal<C, Failure>
  )
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The third input.
  @usableFromInline let third: CombiningInput<C>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    third = CombiningInput(index: 2, scope: scope.makeChild())
    states = [first, second, third]
  }

  /// The number of inputs.
  @inlinable var count: Int { 3 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B, C) {
    (
      first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped,
      third.latest.unsafelyUnwrapped
    )
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B, C) {
    (
      first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped,
      third.queue.popFirst().unsafelyUnwrapped
    )
  }

  /// Runs the engine's rule on the oldest pending value of input `index`.
  @inlinable
  func receivePending<EngineFailure>(
    at index: Int, into engine: CombiningEngine<Self, EngineFailure>
  ) {
    switch index {
    case 0: engine.receive(first.takePending(), in: first)
    case 1: engine.receive(second.takePending(), in: second)
    default: engine.receive(third.takePending(), in: third)
    }
  }

  /// Subscribes the engine's inputs to `signals` in order, while its scope is not disposed.
  @inlinable
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>) {
    // Sinks that capture only the engine, as in `PairInputs`.
    if engine.scope.isDisposed { return }
    signals.0.subscribe(
      sink: { engine.send($0, from: engine.inputs.first) }, scope: engine.inputs.first.scope)
    if engine.scope.isDisposed { return }
    signals.1.subscribe(
      sink: { engine.send($0, from: engine.inputs.second) }, scope: engine.inputs.second.scope)
    if engine.scope.isDisposed { return }
    signals.2.subscribe(
      sink: { engine.send($0, from: engine.inputs.third) }, scope: engine.inputs.third.scope)
  }
}
