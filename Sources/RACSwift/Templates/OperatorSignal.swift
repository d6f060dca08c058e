/// A signal whose subscribe function reads its parameters from `state`: one allocation per
/// operator, and a subscribe function that captures nothing.
///
/// Lock discipline: immutable; `state` is only read.
@usableFromInline
final class OperatorSignal<Value, Failure: Error, State>: Signal<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline let state: State

  @inlinable
  init(name: SignalNameNode, state: State, subscribe: @escaping SubscribeFunction) {
    self.state = state
    super.init(name: name, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, state: State,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.state = state
    super.init(synchronous: name, subscribe: subscribe)
  }

  /// The state of `signal`, which must be an `OperatorSignal` of this type (it is: only this
  /// class's subscribe functions call this, with the signal they belong to).
  @inlinable @inline(__always)
  static func state(of signal: Signal<Value, Failure>) -> State {
    unsafeDowncast(signal, to: OperatorSignal<Value, Failure, State>.self).state
  }

  @usableFromInline
  override func describeState() -> String { String(describing: state) }
}
