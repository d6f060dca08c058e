/// The base of the operator signals with one input (``StageSignal``, ``SubscribingSignal``,
/// ``PairedSignal``, ``FlattenSignal``): an operator on one input signal, which it keeps through an
/// ``InputReference`` and names as its own `source`. A subclass adds the one parameter it needs,
/// with the declared shape of the user's closure (CONTRIBUTING, rule 3).
///
/// It keeps the input the same way for every operator: released from the base class's `deinit`,
/// through the stack guard every ``ChainDepth/releaseInterval`` signals of a chain, so releasing
/// a chain built in a loop takes bounded stack. It counts the signal's ``ChainDepth`` from its
/// input's: every operator built on it — the whole stage template — gets bounded stack from here
/// and mentions none of it.
///
/// Lock discipline: immutable.
@usableFromInline
class InputSignal<Input, InputFailure: Error, Value, Failure: Error>: Signal<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline final let input: InputReference<Input, InputFailure>
  /// The input signal, kept alive by `input` (read without a reference count).
  @inlinable final var source: Signal<Input, InputFailure> { input.object }

  /// An operator on `source`. `deliveryActor` is the actor its events arrive on when the chain
  /// shows it (see ``Signal/deliveryActor``): `source.deliveryActor` for an operator whose stage
  /// sends only while one of the input's events is delivered.
  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, InputFailure>,
    deliveryActor: ObjectIdentifier? = nil, subscribe: @escaping SubscribeFunction
  ) {
    input = InputReference(source)
    super.init(
      name: name, depth: ChainDepth(above: source.depth), deliveryActor: deliveryActor,
      subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``): an operator that forwards its
  /// synchronous `source`'s events as they come.
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Input, InputFailure>,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    input = InputReference(source)
    super.init(
      synchronous: name, depth: ChainDepth(synchronouslyAbove: source.depth),
      subscribe: subscribe)
  }

  /// Subscribes `sink` to the input, in `scope`. The input is read without a reference count
  /// (``ChainReference/withObject(_:)``): this signal holds it, and the subscribe function calling
  /// this runs on this signal, which its caller holds (through ``source`` the compiler retains
  /// and releases the input around the call).
  @inlinable @inline(__always)
  final func subscribeInput(
    sink: @escaping Signal<Input, InputFailure>.Sink, scope: SubscriptionScope
  ) {
    input.withObject { $0.subscribe(sink: sink, scope: scope) }
  }

  /// Runs the input's synchronous path with `stage`, in `scope`: only from the subscribe
  /// function of a signal made synchronous, whose input therefore is (read as
  /// ``subscribeInput(sink:scope:)`` reads it).
  @inlinable @inline(__always)
  final func subscribeInputSynchronously(
    stage: (inout Event<Input, InputFailure>) -> Void, scope: SynchronousScope
  ) {
    input.withObject { source in
      source.subscribe(source.synchronousPath!, stage: stage, scope: scope)
    }
  }

  @usableFromInline
  override final func nameInput() -> AnyObject? { source }

  @usableFromInline
  override final func releaseInputs() { input.release(atLoopPoint: depth.isReleaseLoopPoint) }
}
