/// The inputs of a parameter-pack `combineLatest` or `zip`: one typed input per value type.
@usableFromInline
struct PackInputs<each V>: CombiningInputs {
  @usableFromInline let inputs: (repeat CombiningInput<each V>)
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// One input per signal of `signals`, each with a new child scope of `scope`, in order.
  @inlinable
  init<Failure>(for signals: repeat Signal<each V, Failure>, in scope: SubscriptionScope) {
    var states = ContiguousArray<CombiningInputState>()
    func makeInput<T>(_: Signal<T, Failure>) -> CombiningInput<T> {
      let input = CombiningInput<T>(index: states.count, scope: scope.makeChild())
      states.append(input)
      return input
    }
    inputs = (repeat makeInput(each signals))
    self.states = states
  }

  @inlinable var count: Int { states.count }

  @inlinable
  func latestOutput() -> (repeat each V) {
    (repeat (each inputs).latest.unsafelyUnwrapped)
  }

  @inlinable
  func zippedOutput() -> (repeat each V) {
    (repeat (each inputs).queue.popFirst().unsafelyUnwrapped)
  }

  @inlinable
  func receivePending<Failure>(at index: Int, into engine: CombiningEngine<Self, Failure>) {
    for input in repeat each inputs {
      if input.index == index {
        engine.receive(input.takePending(), in: input)
        return
      }
    }
  }
}

/// A signal combining `signals` by `rule`: the parameter-pack forms of `combineLatest` and `zip`.
@inlinable
func combiningSignal<each V, Failure: Error>(
  _ signals: repeat Signal<each V, Failure>, rule: CombiningRule, label: OperatorLabel,
  inputs: [AnyObject]
) -> Signal<(repeat each V), Failure> {
  typealias Parameters = CombiningParameters<(repeat Signal<each V, Failure>)>
  typealias Combining = CombiningSignal<(repeat Signal<each V, Failure>), (repeat each V), Failure>
  let parameters = Parameters(rule: rule, signals: (repeat each signals))
  return Combining(label: label, parameters: parameters, inputs: inputs) {
    parameters, sink, scope in
    let inputs = PackInputs(for: repeat each parameters.signals, in: scope)
    if inputs.count == 0 {
      emit(.completed, to: sink)
      return
    }
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: inputs, sink: sink, scope: scope)
    for (signal, input) in repeat (each parameters.signals, each inputs.inputs) {
      if scope.isDisposed { return }
      signal.subscribe(sink: { engine.send($0, from: input) }, scope: input.scope)
    }
  }
}
