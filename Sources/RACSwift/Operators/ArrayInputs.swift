/// The inputs of an array `combineLatest` or `zip`: any number of inputs of one value type.
@usableFromInline
struct ArrayInputs<Element>: CombiningInputs {
  @usableFromInline let inputs: ContiguousArray<CombiningInput<Element>>
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// One input per signal of `signals`, each with a new child scope of `scope`, in order.
  @inlinable
  init<Failure>(for signals: [Signal<Element, Failure>], in scope: SubscriptionScope) {
    var inputs = ContiguousArray<CombiningInput<Element>>()
    var states = ContiguousArray<CombiningInputState>()
    inputs.reserveCapacity(signals.count)
    states.reserveCapacity(signals.count)
    for index in 0..<signals.count {
      let input = CombiningInput<Element>(index: index, scope: scope.makeChild())
      inputs.append(input)
      states.append(input)
    }
    self.inputs = inputs
    self.states = states
  }

  @inlinable var count: Int { inputs.count }

  @inlinable
  func latestOutput() -> [Element] {
    var values: [Element] = []
    values.reserveCapacity(inputs.count)
    for input in inputs { values.append(input.latest.unsafelyUnwrapped) }
    return values
  }

  @inlinable
  func zippedOutput() -> [Element] {
    var values: [Element] = []
    values.reserveCapacity(inputs.count)
    for input in inputs { values.append(input.queue.popFirst().unsafelyUnwrapped) }
    return values
  }

  @inlinable
  func receivePending<Failure>(at index: Int, into engine: CombiningEngine<Self, Failure>) {
    let input = inputs[index]
    engine.receive(input.takePending(), in: input)
  }
}

/// A signal combining the array `signals` by `rule` into arrays: the array forms of
/// `combineLatest` and `zip`.
@inlinable
func combiningSignal<Element, Failure: Error>(
  _ signals: [Signal<Element, Failure>], rule: CombiningRule, label: OperatorLabel
) -> Signal<[Element], Failure> {
  typealias Parameters = CombiningParameters<[Signal<Element, Failure>]>
  typealias Combining = CombiningSignal<[Signal<Element, Failure>], [Element], Failure>
  let parameters = Parameters(rule: rule, signals: signals)
  return Combining(label: label, parameters: parameters, inputs: signals) {
    parameters, sink, scope in
    if parameters.signals.isEmpty {
      emit(.completed, to: sink)
      return
    }
    let inputs = ArrayInputs(for: parameters.signals, in: scope)
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: inputs, sink: sink, scope: scope)
    for index in 0..<parameters.signals.count {
      if scope.isDisposed { return }
      let input = inputs.inputs[index]
      parameters.signals[index].subscribe(
        sink: { engine.send($0, from: input) }, scope: input.scope)
    }
  }
}
