/// A signal made by `combineLatest` or `zip` of three or four signals, or of a parameter pack or
/// an array of them: the combining rule and the input signals, typed, as the engine subscribes
/// them, and the same inputs untyped, which its name reads (``SignalNameNode/inputs(_:_:)``)
/// instead of holding them a third time.
///
/// A chain built in a loop (`s = Signal.combineLatest(s, a, b).map { $0.0 }`, 100,000 times) is
/// released in bounded stack, like the chains of ``ChainReference`` holders: every
/// ``releaseLoopInterval``th signal of the chain moves its inputs out in its `deinit` and lets go
/// of them through the ``StackGuard``, instead of leaving them to Swift's release of stored
/// properties, one nested level per operator.
///
/// Lock discipline: `parameters` and `inputs` are written only by `deinit` (when nobody else
/// holds the signal); before that they are immutable.
@usableFromInline
final class CombiningSignal<Signals, Value, Failure: Error>: Signal<Value, Failure>,
  @unchecked Sendable
{
  /// The rule and the typed inputs; `nil` only once `deinit` has moved them out.
  @usableFromInline @exclusivity(unchecked) var parameters: CombiningParameters<Signals>?
  /// The inputs, untyped, in order.
  @usableFromInline @exclusivity(unchecked) var inputs: [AnyObject]

  /// A combining signal named `label` followed by its inputs (`+zip: (a, b, c)`); `inputs` are
  /// the signals of `parameters`, in order.
  @inlinable
  init(
    label: OperatorLabel, parameters: CombiningParameters<Signals>, inputs: [AnyObject],
    subscribe: @escaping SubscribeFunction
  ) {
    self.parameters = parameters
    self.inputs = inputs
    super.init(
      name: .inputs(label, .prefix), releaseDepth: Self.releaseDepth(above: inputs),
      subscribe: subscribe)
  }

  /// The parameters of `signal`, which must be a `CombiningSignal` of this type that is alive.
  @inlinable @inline(__always)
  static func parameters(of signal: Signal<Value, Failure>) -> CombiningParameters<Signals> {
    unsafeDowncast(signal, to: CombiningSignal.self).parameters.unsafelyUnwrapped
  }

  /// One more than the deepest of `inputs` (see ``Signal/releaseDepth``).
  @usableFromInline
  static func releaseDepth(above inputs: [AnyObject]) -> UInt32 {
    var deepest: UInt32 = 0
    for input in inputs {
      deepest = max(deepest, (input as! any NamedSignalInternals).releaseDepthValue)
    }
    return deepest &+ 1
  }

  @usableFromInline
  override func nameInputs() -> [AnyObject] { inputs }

  @usableFromInline
  override func releaseInputs() {
    // Both hold the inputs: the second release, the last, frees them inside the guard.
    guard isReleaseLoopPoint else { return }
    StackGuard.releaseMovingOut(&parameters, leaving: nil)
    StackGuard.releaseMovingOut(&inputs, leaving: [])
  }
}
