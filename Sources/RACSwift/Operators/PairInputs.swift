/// The inputs of a two-input `combineLatest` or `zip` (`combineLatest(with:)`, `zip(with:)`,
/// `Signal.combineLatest(a, b)`, `Signal.zip(a, b)`).
@usableFromInline
struct PairInputs<A, B, Failure: Error>: FixedArityInputs {
  /// The two input signals.
  @usableFromInline typealias Signals = (Signal<A, Failure>, Signal<B, Failure>)
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    states = [first, second]
  }

  /// The number of inputs.
  @inlinable var count: Int { 2 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B) {
    (first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped)
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B) {
    (first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped)
  }

  /// Runs the engine's rule on the oldest pending value of input `index`.
  @inlinable
  func receivePending<EngineFailure>(
    at index: Int, into engine: CombiningEngine<Self, EngineFailure>
  ) {
    if index == 0 {
      engine.receive(first.takePending(), in: first)
    } else {
      engine.receive(second.takePending(), in: second)
    }
  }

  /// Subscribes the engine's inputs to `signals` in order, while its scope is not disposed.
  @inlinable
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>) {
    // The sinks capture only the engine: a closure whose one capture is an object uses it as
    // its context, with no box to allocate and one load less per event.
    if engine.scope.isDisposed { return }
    signals.0.subscribe(
      sink: { engine.send($0, from: engine.inputs.first) }, scope: engine.inputs.first.scope)
    if engine.scope.isDisposed { return }
    signals.1.subscribe(
      sink: { engine.send($0, from: engine.inputs.second) }, scope: engine.inputs.second.scope)
  }
}

/// A signal combining `first` and `second` by `rule` through ``PairInputs``:
/// `combineLatest(with:)`, `zip(with:)`, `Signal.combineLatest(a, b)` and `Signal.zip(a, b)`. A
/// ``BinarySignal`` keeps the inputs (so a chain built in a loop is released in bounded stack);
/// `label` and `shape` name them (``SignalNameNode/inputs(_:_:)``).
@inlinable
func combiningSignal<A, B, Failure: Error>(
  _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, rule: CombiningRule,
  label: OperatorLabel, shape: ListNameShape
) -> Signal<(A, B), Failure> {
  BinarySignal<A, B, (A, B), Failure, CombiningRule>(
    name: .inputs(label, shape), first: first, second: second, parameter: rule
  ) { rule, inputs, sink, scope in
    let engine = CombiningEngine(
      rule: rule, inputs: PairInputs<A, B, Failure>(in: scope), sink: sink, scope: scope)
    PairInputs.subscribe(inputs, to: engine)
  }
}
