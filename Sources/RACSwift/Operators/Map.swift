extension Signal {
  /// Transforms each value with `transform` (RAC's `-map:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 3]).map { $0 * 10 }  // 10, 20, 30
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `transform` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func map<T>(
    _ transform: @escaping (Value) -> T, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    // `consuming`: the new signal takes over the caller's reference to `self`, so a chain built
    // in one expression hands its temporaries on without a retain and a release per operator.
    (consume self).isolated(to: isolation).appending(MapStage(transform), name: .input("map:"))
  }

  /// Replaces every value with `value`, where the values arrive: the form of
  /// ``mapReplace(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// buttonTaps.mapReplace(true)
  /// ```
  @inlinable @_disfavoredOverload
  public func mapReplace<T: Sendable>(_ value: T) -> Signal<T, Failure> {
    replacingValues(with: value, from: self)
  }

  /// Replaces every value with `value` (RAC's `-mapReplace:`).
  ///
  /// Written on an actor (a `@MainActor` view model), the stage runs on that actor, as a
  /// closure's would: values that arrive elsewhere are carried there first, so `value` need not
  /// be `Sendable` — it never leaves the actor. Written outside any actor, `value` is sent where
  /// the values arrive.
  ///
  /// ```swift
  /// buttonTaps.mapReplace(true)
  /// refreshes.mapReplace(client)  // a non-Sendable client, in a @MainActor view model
  /// ```
  @inlinable
  public func mapReplace<T>(_ value: T, isolation: isolated (any Actor)? = #isolation)
    -> Signal<T, Failure>
  {
    replacingValues(with: value, from: isolated(to: isolation))
  }

  /// The `mapReplace` stage on `source`.
  @inlinable
  func replacingValues<T>(with value: T, from source: Signal<Value, Failure>) -> Signal<T, Failure>
  {
    source.appending(MapReplaceStage(value), name: .inputWithState("mapReplace:"))
  }
}

/// The stage of `map` and of the operators that are a `map` under another name (`not`, `and`,
/// `or`): sends each value transformed, and the terminal event.
@usableFromInline
struct MapStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let transform: (Input) -> Value
  @inlinable init(_ transform: @escaping (Input) -> Value) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    emit(event.map(transform), to: send)
  }
}

/// The stage of `mapReplace`: sends `replacement` for each value. Its description is the
/// replacement, which the operator's name shows (`-mapReplace: true`).
@usableFromInline
struct MapReplaceStage<Input, Value, Failure: Error>: SignalStage, CustomStringConvertible {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let replacement: Value
  @inlinable init(_ replacement: Value) { self.replacement = replacement }

  @usableFromInline var description: String { String(describing: replacement) }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next: emit(.next(replacement), to: send)
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}
