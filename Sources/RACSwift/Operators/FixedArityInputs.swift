/// Inputs of a fixed number of signals of fixed types (``PairInputs``, ``TripleInputs``,
/// ``QuadInputs``): not parameter packs, which Swift 6.3 does not specialize, so the engine's
/// per-event path is specialized where the chain is built. Measured with two `Int` subjects and a
/// `map` (callgrind): about 240 instructions per send this way, about 5,600 through
/// ``PackInputs``.
@usableFromInline
protocol FixedArityInputs: CombiningInputs {
  /// The inputs' failure type.
  associatedtype Failure: Error
  /// The tuple of the input signals, in order.
  associatedtype Signals

  /// One input per signal, each with a new child scope of `scope`, in order.
  init(in scope: SubscriptionScope)

  /// Subscribes `engine`'s inputs to `signals` in order, stopping once `engine`'s scope is
  /// disposed (an input may fail synchronously).
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>)
}

/// A signal combining the signals `signals` by `rule` through fixed-arity inputs (see
/// ``FixedArityInputs``): `Signal.combineLatest` and `Signal.zip` of three or four inputs.
@inlinable
func combiningSignal<Inputs: FixedArityInputs>(
  _: Inputs.Type, _ signals: Inputs.Signals, rule: CombiningRule, label: OperatorLabel,
  inputs: [AnyObject]
) -> Signal<Inputs.Output, Inputs.Failure> {
  typealias Parameters = CombiningParameters<Inputs.Signals>
  typealias Combining = CombiningSignal<Inputs.Signals, Inputs.Output, Inputs.Failure>
  let parameters = Parameters(rule: rule, signals: signals)
  return Combining(label: label, parameters: parameters, inputs: inputs) {
    parameters, sink, scope in
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: Inputs(in: scope), sink: sink, scope: scope)
    Inputs.subscribe(parameters.signals, to: engine)
  }
}
