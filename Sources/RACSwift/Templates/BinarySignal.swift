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
  @usableFromInline @exclusivity(unchecked) var inputs:
    ChainInputs<(Signal<First, Failure>, Signal<Second, Failure>)>
  @usableFromInline let parameter: Parameter

  /// The first input signal.
  @inlinable var first: Signal<First, Failure> { inputs.inputs.0 }
  /// The second input signal.
  @inlinable var second: Signal<Second, Failure> { inputs.inputs.1 }

  @inlinable
  init(
    name: SignalNameNode, first: Signal<First, Failure>, second: Signal<Second, Failure>,
    parameter: Parameter, subscribe: @escaping SubscribeFunction
  ) {
    inputs = ChainInputs((first, second))
    self.parameter = parameter
    super.init(
      name: name, depth: ChainDepth(aboveAll: [first.depth, second.depth]), subscribe: subscribe)
  }

  /// `signal`, which must be a `BinarySignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> BinarySignal {
    unsafeDowncast(signal, to: BinarySignal.self)
  }

  @usableFromInline
  override func nameInputs() -> [AnyObject] { [first, second] }

  @usableFromInline
  override func releaseInputs() { inputs.release(atLoopPoint: depth.isReleaseLoopPoint) }

  @usableFromInline
  override func describeState() -> String { String(describing: parameter) }
}
