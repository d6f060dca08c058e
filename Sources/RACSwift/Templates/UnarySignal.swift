/// A signal with one input and one parameter of any type, whose subscribe function reads the
/// parameter back with ``cast(_:)``: the engine's own `carried(to:)`, the hop of the isolation
/// rule. Operators are written on the templates instead (``SubscribingStage``, ``SignalStage``).
///
/// Lock discipline: immutable; `parameter` is only read.
@usableFromInline
final class UnarySignal<Input, InputFailure: Error, Value, Failure: Error, Parameter>: InputSignal<
  Input, InputFailure, Value, Failure
>, @unchecked Sendable
{
  @usableFromInline let parameter: Parameter

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, InputFailure>, parameter: Parameter,
    deliveryActor: ObjectIdentifier? = nil, subscribe: @escaping SubscribeFunction
  ) {
    self.parameter = parameter
    super.init(name: name, source: source, deliveryActor: deliveryActor, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``): for an operator that forwards a
  /// synchronous input's events as they come (`compactMap` of `just`, `from`, …).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Input, InputFailure>, parameter: Parameter,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.parameter = parameter
    super.init(synchronous: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `UnarySignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> UnarySignal {
    unsafeDowncast(signal, to: UnarySignal.self)
  }

  @usableFromInline
  override func describeState() -> String { String(describing: parameter) }
}
