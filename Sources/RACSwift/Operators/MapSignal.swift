/// A signal made by `map`: its input and its transform.
///
/// It can also filter: `filter` on a map that nobody else references yet (`just(x).map(f)
/// .filter(p)`, `subject.map(f).filter(p)`, built in one expression) stores its predicate here
/// instead of making a signal of its own — one allocation less per chain and, for a signal that
/// delivers over time, one stage less per event.
///
/// Lock discipline: `predicate` and `isFiltered` are written only by ``fuseFilter(_:)``, which
/// `filter` calls while its thread holds the only reference to the signal — before anyone else
/// can read them. Everything else is immutable.
@usableFromInline
final class MapSignal<Input, Value, Failure: Error>: InputSignal<Input, Failure, Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline let function: (Input) -> Value
  /// The fused filter's predicate when `isFiltered`, else one that passes everything. Not an
  /// optional: a function stored in an optional would be wrapped in a reabstraction thunk (an
  /// allocation). Set in the inlinable initializers rather than by a default value, which an
  /// unspecialized function would build, with a closure context (an allocation per signal).
  @usableFromInline @exclusivity(unchecked) var predicate: (Value) -> Bool
  /// Whether a `filter` was fused into this signal.
  @usableFromInline @exclusivity(unchecked) var isFiltered = false

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Value,
    subscribe: @escaping SubscribeFunction
  ) {
    self.function = function
    self.predicate = { _ in true }
    // Its stage sends only while the input's event is delivered, fused `filter` included.
    super.init(
      name: name, source: source, deliveryActor: source.deliveryActor, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Value,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.function = function
    self.predicate = { _ in true }
    super.init(synchronous: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `MapSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> MapSignal {
    unsafeDowncast(signal, to: MapSignal.self)
  }

  @usableFromInline
  override func currentNameNode() -> SignalNameNode {
    if isFiltered, case .applied(nil, let op, _) = nameNode {
      return .applied(nil, op, .then("filter:"))
    }
    return nameNode
  }

  @usableFromInline
  override func fuseFilter(_ isIncluded: @escaping (Value) -> Bool) -> Bool {
    // Both subscribe functions of `map` apply the predicate (the caller checks that the signal
    // has no name of its own and that it holds the only reference).
    if isFiltered { return false }
    predicate = isIncluded
    isFiltered = true
    return true
  }
}
