/// A signal made by `combineLatest` or `zip` of three or four signals, or of a parameter pack or
/// an array of them: the combining rule and the input signals, typed, as the engine subscribes
/// them, and the same inputs untyped, which its name reads (``SignalNameNode/inputs(_:_:)``)
/// instead of holding them a third time.
///
/// Both are kept in ``ChainInputs``, so a chain built in a loop (`s = Signal.combineLatest(s, a,
/// b).map { $0.0 }`, 100,000 times) is released in bounded stack, like every operator's (see
/// ``ChainDepth/release``).
///
/// Lock discipline: `held` is written by the initializer and by `releaseInputs()`, which runs in
/// `deinit`, when nobody else holds the signal; everything else only reads it.
@usableFromInline
final class CombiningSignal<Signals, Value, Failure: Error>: Signal<Value, Failure>,
  @unchecked Sendable
{
  /// The rule and the typed inputs, and the inputs untyped, in order.
  @usableFromInline var held:
    ChainInputs<(parameters: CombiningParameters<Signals>, inputs: [AnyObject])>

  /// A combining signal named `label` followed by its inputs (`+zip: (a, b, c)`), whose
  /// subscriptions run `body` with `parameters`; `inputs` are the signals of `parameters`, in
  /// order. `body` is the operator's closure literal, which captures nothing: inlined here, in
  /// the operator's `@inlinable` body, the function the signal keeps reads the parameters back
  /// from the signal (the downcast is this class's) and captures nothing either — one allocation
  /// per operator.
  @inlinable @inline(__always)
  init(
    label: OperatorLabel, parameters: CombiningParameters<Signals>, inputs: [AnyObject],
    subscribe body:
      @escaping (
        _ parameters: CombiningParameters<Signals>, _ sink: @escaping Sink,
        _ scope: SubscriptionScope
      ) -> Void
  ) {
    held = ChainInputs((parameters, inputs))
    super.init(
      name: .inputs(label, .prefix),
      depth: ChainDepth(aboveAll: inputs.lazy.map { ($0 as! any NamedSignalInternals).chainDepth })
    ) { signal, sink, scope in
      body(unsafeDowncast(signal, to: CombiningSignal.self).held.inputs.parameters, sink, scope)
    }
  }

  @usableFromInline
  override func nameInputs() -> [AnyObject] { held.inputs.inputs }

  @usableFromInline
  override func releaseInputs() { held.release(atLoopPoint: depth.isReleaseLoopPoint) }
}
