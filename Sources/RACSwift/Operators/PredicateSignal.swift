/// A signal made by an operator with a predicate on its input's values (`filter`,
/// `take(while:)`, …). Its own class keeps the predicate with its declared shape (CONTRIBUTING,
/// rule 3).
@usableFromInline
final class PredicateSignal<Value, Failure: Error>: InputSignal<Value, Failure, Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline let predicate: (Value) -> Bool

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Value, Failure>,
    predicate: @escaping (Value) -> Bool, subscribe: @escaping SubscribeFunction
  ) {
    self.predicate = predicate
    super.init(name: name, source: source, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Value, Failure>,
    predicate: @escaping (Value) -> Bool,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.predicate = predicate
    super.init(synchronous: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `PredicateSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> PredicateSignal {
    unsafeDowncast(signal, to: PredicateSignal.self)
  }
}
