/// A signal made by an operator that maps each value to a signal (`flattenMap`, …). See
/// CONTRIBUTING, rule 3, for why the function has its own class.
@usableFromInline
final class FlattenMapSignal<Input, Value, Failure: Error>: Signal<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline let input: InputReference<Input, Failure>
  @usableFromInline let function: (Input) -> Signal<Value, Failure>
  /// The input signal, kept alive by `input` (read without a reference count).
  @inlinable var source: Signal<Input, Failure> { input.signal }

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Signal<Value, Failure>,
    subscribe: @escaping SubscribeFunction
  ) {
    self.input = InputReference(source)
    self.function = function
    super.init(name: name, releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// `signal`, which must be a `FlattenMapSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> FlattenMapSignal {
    unsafeDowncast(signal, to: FlattenMapSignal.self)
  }

  @usableFromInline
  override func nameInput() -> AnyObject? { source }

  @usableFromInline
  override func releaseInputs() { input.release(at: releaseDepth) }
}
