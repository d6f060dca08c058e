extension Signal {
  /// Transforms the failure (`mapError`).
  ///
  /// ```swift
  /// request.mapError { AppError.network($0) }
  /// ```
  @inlinable
  public func mapError<E: Error>(
    _ transform: @escaping (Failure) -> E, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, E> {
    isolated(to: isolation).appending(MapErrorStage(transform), name: .input("mapError:"))
  }
}

/// The stage of `mapError`: sends the transformed failure; values and completion pass through.
@usableFromInline
struct MapErrorStage<Value, InputFailure: Error, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline let transform: (InputFailure) -> Failure
  @inlinable init(_ transform: @escaping (InputFailure) -> Failure) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, InputFailure>, state: inout Void,
    send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value): emit(.next(value), to: send)
    case .error(let error): emit(.error(transform(error)), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
