/// A signal made by an operator over two signals of any value types that fail alike
/// (`combineLatest(with:)`, `zip(with:)`, `Signal.combineLatest(a, b)`, `Signal.zip(a, b)`): it
/// keeps each input through an ``InputReference``, and its name reads them
/// (``SignalNameNode/inputs(_:_:)``) rather than holding them a second time.
///
/// So a chain built in a loop (`s = s.combineLatest(with: t).map { $0.0 }`, 100,000 times) is
/// released in bounded stack, like the one-input operators: every ``releaseLoopInterval``th
/// signal of such a chain lets go of its inputs through the ``StackGuard`` from the base class's
/// `deinit`, instead of leaving them to Swift's release of stored properties, one nested level
/// per operator.
///
/// Lock discipline: immutable; the inputs are released once, by the signal's `deinit`.
@usableFromInline
final class BinarySignal<First, Second, Value, Failure: Error, Parameter>: Signal<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline let firstInput: InputReference<First, Failure>
  @usableFromInline let secondInput: InputReference<Second, Failure>
  @usableFromInline let parameter: Parameter

  /// The first input signal, kept alive by `firstInput` (read without a reference count).
  @inlinable var first: Signal<First, Failure> { firstInput.object }
  /// The second input signal, kept alive by `secondInput` (read without a reference count).
  @inlinable var second: Signal<Second, Failure> { secondInput.object }

  @inlinable
  init(
    name: SignalNameNode, first: Signal<First, Failure>, second: Signal<Second, Failure>,
    parameter: Parameter, subscribe: @escaping SubscribeFunction
  ) {
    firstInput = InputReference(first)
    secondInput = InputReference(second)
    self.parameter = parameter
    super.init(
      name: name, releaseDepth: max(first.releaseDepth, second.releaseDepth) &+ 1,
      subscribe: subscribe)
  }

  /// `signal`, which must be a `BinarySignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> BinarySignal {
    unsafeDowncast(signal, to: BinarySignal.self)
  }

  @usableFromInline
  override func nameInputs() -> [AnyObject] { [first, second] }

  @usableFromInline
  override func releaseInputs() {
    firstInput.release(atLoopPoint: isReleaseLoopPoint)
    secondInput.release(atLoopPoint: isReleaseLoopPoint)
  }

  @usableFromInline
  override func describeState() -> String { String(describing: parameter) }
}
