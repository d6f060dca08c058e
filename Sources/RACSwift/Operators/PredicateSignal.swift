/// A signal made by an operator with a predicate on its input's values (`filter`,
/// `take(while:)`, …). Its own class keeps the predicate with its declared shape (CONTRIBUTING, rule 3).
@usableFromInline
final class PredicateSignal<Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
  @usableFromInline let input: InputReference<Value, Failure>
  /// The input signal, kept alive by `input` (read without a reference count).
  @inlinable var source: Signal<Value, Failure> { input.signal }
  @usableFromInline let predicate: (Value) -> Bool

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Value, Failure>,
    predicate: @escaping (Value) -> Bool, subscribe: @escaping SubscribeFunction
  ) {
    self.input = InputReference(source)
    self.predicate = predicate
    super.init(name: name, releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Value, Failure>,
    predicate: @escaping (Value) -> Bool,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.input = InputReference(source)
    self.predicate = predicate
    super.init(
      synchronous: name, depth: source.synchronousDepth &+ 1,
      releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// `signal`, which must be a `PredicateSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> PredicateSignal {
    unsafeDowncast(signal, to: PredicateSignal.self)
  }

  @usableFromInline
  override func nameInput() -> AnyObject? { source }

  @usableFromInline
  override func releaseInputs() { input.release(at: releaseDepth) }
}
