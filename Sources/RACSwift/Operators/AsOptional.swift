extension Signal {
  /// The same values, typed as optionals: a `Signal<T, Failure>` where a `Signal<T?, Failure>` is
  /// expected. RAC's `id` took `nil` or a value alike; Swift converts a `T` to a `T?` by itself,
  /// but not a signal of `T` to a signal of `T?`. `<~` into an optional property lifts by itself.
  ///
  /// ```swift
  /// func photos(matching query: String) -> Signal<[Photo]?, Never> {
  ///   query.isEmpty ? .just(nil) : service.search(query).asOptional()  // Signal<[Photo], Never>
  /// }
  /// ```
  @inlinable
  public func asOptional() -> Signal<Value?, Failure> {
    appending(AsOptionalStage(), name: .input("asOptional"))
  }

  /// `asOptional()` where the caller did not write it: the overloads that merge a signal of `T`
  /// with one of `T?`. Named as the receiver, so the result's name reads as the call was written.
  @inlinable
  func optionalImplicitly() -> Signal<Value?, Failure> {
    appending(AsOptionalStage(), name: .alias(nil))
  }
}

/// The stage of `asOptional()`: each value wrapped in an optional, the same terminal event.
@usableFromInline
struct AsOptionalStage<Input, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline typealias Value = Input?
  @inlinable init() {}

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Input?, Failure>.Sink
  ) {
    switch event {
    case .next(let value): emit(.next(value), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
