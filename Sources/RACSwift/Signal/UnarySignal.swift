/// A signal made by an operator with one input and one parameter of any type (`take`, `skip`,
/// `startWith`, …).
@usableFromInline
final class UnarySignal<Input, InputFailure: Error, Value, Failure: Error, Parameter>: Signal<
  Value, Failure
>, @unchecked Sendable
{
  @usableFromInline let input: InputReference<Input, InputFailure>
  @usableFromInline let parameter: Parameter
  /// The input signal, kept alive by `input` (read without a reference count).
  @inlinable var source: Signal<Input, InputFailure> { input.signal }

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, InputFailure>, parameter: Parameter,
    subscribe: @escaping SubscribeFunction
  ) {
    self.input = InputReference(source)
    self.parameter = parameter
    super.init(name: name, releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``): for an operator that forwards a
  /// synchronous input's events as they come (`compactMap` of `just`, `from`, …).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Input, InputFailure>, parameter: Parameter,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.input = InputReference(source)
    self.parameter = parameter
    super.init(
      synchronous: name, depth: source.synchronousDepth &+ 1,
      releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// `signal`, which must be a `UnarySignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> UnarySignal {
    unsafeDowncast(signal, to: UnarySignal.self)
  }

  @usableFromInline
  override func nameInput() -> AnyObject? { source }

  @usableFromInline
  override func releaseInputs() { input.release(at: releaseDepth) }

  @usableFromInline
  override func describeState() -> String { String(describing: parameter) }
}
