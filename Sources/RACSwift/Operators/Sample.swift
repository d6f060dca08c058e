extension Signal {
  /// On each value of `sampler`, sends the receiver's latest value — nothing before the
  /// receiver's first value, and the same value again if nothing new arrived (RAC's `-sample:`).
  /// Completes or fails when either side does.
  ///
  /// ```swift
  /// mousePosition.sample(clicks)  // where the mouse was at each click
  /// ```
  @inlinable
  public func sample<T>(_ sampler: Signal<T, Failure>) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Signal<T, Failure>>
    return Op(name: .inputWithState("sample:"), source: self, parameter: sampler) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let state = SampleState<Value, Failure>(sink: sink, scope: scope)
      op.subscribeInput(sink: { state.perform(.value($0)) }, scope: scope.makeChild())
      if scope.isDisposed { return }
      op.parameter.subscribe(
        sink: { event in
          switch event {
          case .next: state.perform(.tick)
          case .error(let error): state.perform(.value(.error(error)))
          case .completed: state.perform(.value(.completed))
          }
        }, scope: scope.makeChild())
    }
  }
}

/// An event of `sample`: the receiver's event, or a tick of the sampler.
@usableFromInline
enum SampleOperation<Value, Failure: Error> {
  case value(Event<Value, Failure>)
  case tick
}

/// One subscription to `sample`: both inputs' events pass, as operations, through its
/// ``SerializedSink`` base.
///
/// Lock discipline: ``SerializedSink``'s; `latest` is touched only by the owner of the gate.
@usableFromInline
final class SampleState<Value, Failure: Error>:
  SerializedSink<Value, Failure, SampleOperation<Value, Failure>>, @unchecked Sendable
{
  /// The receiver's latest value. Owner of the gate only.
  @usableFromInline @exclusivity(unchecked) var latest: Value?

  /// The state of a subscription delivering to `sink`, for the subscription of `scope`.
  @inlinable
  override init(sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    super.init(sink: sink, scope: scope)
  }

  /// Runs `operation` serialized with the other input's (from either input's thread).
  @inlinable
  func perform(_ operation: SampleOperation<Value, Failure>) {
    perform(operation) { execute($0) }
  }

  /// Owner of the gate only, through ``SerializedSink/perform(_:_:)`` (so not after the output
  /// finished or the scope was disposed).
  @inlinable
  func execute(_ operation: SampleOperation<Value, Failure>) {
    switch operation {
    case .tick:
      if let latest { deliver(.next(latest)) }
    case .value(.next(let value)):
      latest = value
    case .value(let terminal):
      deliver(terminal)
    }
  }
}
