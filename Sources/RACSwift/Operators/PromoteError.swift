extension Signal where Failure == Never {
  /// The same signal, typed as able to fail with `E` (it never does).
  ///
  /// ```swift
  /// let clicks: Signal<Void, Never> = …
  /// let requests = clicks.promoteError(URLError.self)  // Signal<Void, URLError>
  /// ```
  ///
  /// Combining operators do this themselves: `combineLatest`, `zip`, `merge`, `flattenMap` and
  /// `switchToLatest` take signals that cannot fail beside failing ones
  /// (`clicks.flattenMap { _ in request }` is a `Signal<Data, URLError>`).
  @inlinable
  public func promoteError<E: Error>(_: E.Type = E.self) -> Signal<Value, E> {
    promoteError(name: .input("promoteError"))
  }

  /// `promoteError()` where the caller did not write it: the overloads that combine a signal
  /// that cannot fail with failing ones (`Signal.combineLatest(name, available)`). Named as the
  /// receiver, so the result's name reads as the call was written.
  @inlinable
  func promotedImplicitly<E: Error>(_: E.Type = E.self) -> Signal<Value, E> {
    promoteError(name: .alias(self))
  }

  @inlinable
  func promoteError<E: Error>(name: SignalNameNode) -> Signal<Value, E> {
    appending(PromoteErrorStage(), name: name)
  }
}

/// The stage of `promoteError`: the same events, typed as able to fail.
@usableFromInline
struct PromoteErrorStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Never
  @inlinable init() {}

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Never>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value): emit(.next(value), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
