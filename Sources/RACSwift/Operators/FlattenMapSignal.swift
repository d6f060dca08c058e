/// A signal made by an operator that maps each value to a signal (`flattenMap`, …). See
/// CONTRIBUTING, rule 3, for why the function has its own class.
@usableFromInline
final class FlattenMapSignal<Input, Value, Failure: Error>: InputSignal<
  Input, Failure, Value, Failure
>, @unchecked Sendable
{
  @usableFromInline let function: (Input) -> Signal<Value, Failure>

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Signal<Value, Failure>,
    subscribe: @escaping SubscribeFunction
  ) {
    self.function = function
    super.init(name: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `FlattenMapSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> FlattenMapSignal {
    unsafeDowncast(signal, to: FlattenMapSignal.self)
  }
}
