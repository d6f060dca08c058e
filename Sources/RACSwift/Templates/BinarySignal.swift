/// A signal made by an operator over two signals of any value types that fail alike
/// (`combineLatest(with:)`, `zip(with:)`, `Signal.combineLatest(a, b)`, `Signal.zip(a, b)`): it
/// keeps the pair in ``ChainInputs``, and its name reads them
/// (``SignalNameNode/inputs(_:_:)``) rather than holding them a second time.
///
/// So a chain built in a loop (`s = s.combineLatest(with: t).map { $0.0 }`, 100,000 times) is
/// released in bounded stack, like every operator's (see ``ChainDepth/release``).
///
/// Lock discipline: `inputs` is written by the initializer and by `releaseInputs()`, which runs
/// in `deinit`, when nothing else can reach the signal; everything else only reads it.
@usableFromInline
final class BinarySignal<First, Second, Value, Failure: Error, Parameter>: Signal<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline var inputs: ChainInputs<(Signal<First, Failure>, Signal<Second, Failure>)>
  @usableFromInline let parameter: Parameter

  /// The first input signal.
  @inlinable var first: Signal<First, Failure> { inputs.inputs.0 }
  /// The second input signal.
  @inlinable var second: Signal<Second, Failure> { inputs.inputs.1 }

  /// A signal over `first` and `second` whose subscriptions run `body` with `parameter` and the
  /// two inputs, typed. `body` is the operator's closure literal, which captures nothing: inlined
  /// here, in the operator's `@inlinable` body, the function the signal keeps reads them back
  /// from the signal (the downcast is this class's) and captures nothing either — one allocation
  /// per operator.
  @inlinable @inline(__always)
  init(
    name: SignalNameNode, first: Signal<First, Failure>, second: Signal<Second, Failure>,
    parameter: Parameter,
    subscribe body:
      @escaping (
        _ parameter: Parameter, _ inputs: (Signal<First, Failure>, Signal<Second, Failure>),
        _ sink: @escaping Sink, _ scope: SubscriptionScope
      ) -> Void
  ) {
    inputs = ChainInputs((first, second))
    self.parameter = parameter
    super.init(
      name: name, depth: ChainDepth(aboveAll: [first.depth, second.depth])
    ) { signal, sink, scope in
      let op = unsafeDowncast(signal, to: BinarySignal.self)
      body(op.parameter, op.inputs.inputs, sink, scope)
    }
  }

  @usableFromInline
  override func nameInputs() -> [AnyObject] { [first, second] }

  @usableFromInline
  override func releaseInputs() { inputs.release(atLoopPoint: depth.isReleaseLoopPoint) }

  @usableFromInline
  override func describeState() -> String { String(describing: parameter) }
}
