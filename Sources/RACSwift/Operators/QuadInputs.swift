/// The inputs of a four-input `Signal.combineLatest(a, b, c, d)` or `Signal.zip(a, b, c, d)`.
@usableFromInline
struct QuadInputs<A, B, C, D, Failure: Error>: FixedArityInputs {
  /// The four input signals.
  @usableFromInline typealias Signals = (
    Signal<A, Failure>, Signal<B, Failure>, Signal<C, Failure>, Signal<D, Failure>
  )
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The third input.
  @usableFromInline let third: CombiningInput<C>
  /// The fourth input.
  @usableFromInline let fourth: CombiningInput<D>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    third = CombiningInput(index: 2, scope: scope.makeChild())
    fourth = CombiningInput(index: 3, scope: scope.makeChild())
    states = [first, second, third, fourth]
  }

  /// The number of inputs.
  @inlinable var count: Int { 4 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B, C, D) {
    (
      first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped,
      third.latest.unsafelyUnwrapped, fourth.latest.unsafelyUnwrapped
    )
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B, C, D) {
    (
      first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped,
      third.queue.popFirst().unsafelyUnwrapped, fourth.queue.popFirst().unsafelyUnwrapped
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
    case 2: engine.receive(third.takePending(), in: third)
    default: engine.receive(fourth.takePending(), in: fourth)
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
    if engine.scope.isDisposed { return }
    signals.3.subscribe(
      sink: { engine.send($0, from: engine.inputs.fourth) }, scope: engine.inputs.fourth.scope)
  }
}
