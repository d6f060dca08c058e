extension Signal {
  /// Maps each value to a signal and merges the results: inner signals run concurrently, values
  /// arrive as they are sent, and the result completes when the receiver and every inner signal
  /// have completed; any error ends everything (RAC's `-flattenMap:`).
  ///
  /// ```swift
  /// userIDs.flattenMap { id in api.fetchUser(id) }
  /// ```
  ///
  /// Written on an actor, `transform` may use the actor's state and runs only on it (see
  /// <doc:Concurrency>); the inner signals deliver wherever they send.
  @inlinable
  public func flattenMap<T>(
    _ transform: @escaping (Value) -> Signal<T, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    isolated(to: isolation).appending(
      flatten: FlattenMapStage(transform), name: .input("flattenMap:"))
  }

  /// Maps each value to a signal and forwards it, while no inner signal runs: a value that
  /// arrives while the inner signal of an earlier one runs is dropped (RxSwift's `flatMapFirst`;
  /// not in RAC 2). Completes when the receiver and the running inner signal have completed; any
  /// error ends everything.
  ///
  /// ```swift
  /// refreshTaps.flattenMapFirst { _ in api.reload() }  // taps during a reload are ignored
  /// ```
  ///
  /// Written on an actor, `transform` may use the actor's state and runs only on it (see
  /// <doc:Concurrency>); it runs only for the values that start an inner signal.
  @inlinable
  public func flattenMapFirst<T>(
    _ transform: @escaping (Value) -> Signal<T, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    isolated(to: isolation).appending(
      flatten: FlattenMapFirstStage(transform), name: .input("flattenMapFirst:"))
  }
}

/// The stage of `flattenMap`: starts the inner signal of every value.
@usableFromInline
struct FlattenMapStage<Input, Value, Failure: Error>: FlattenStage {
  @usableFromInline let transform: (Input) -> Signal<Value, Failure>

  @inlinable
  init(_ transform: @escaping (Input) -> Signal<Value, Failure>) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(_ value: Input, state: inout Void, inners: InnerSignals<Self>) {
    inners.start(transform(value))
  }
}

/// The stage of `flattenMapFirst`: starts the inner signal of a value only while none runs.
@usableFromInline
struct FlattenMapFirstStage<Input, Value, Failure: Error>: FlattenStage {
  @usableFromInline let transform: (Input) -> Signal<Value, Failure>

  @inlinable
  init(_ transform: @escaping (Input) -> Signal<Value, Failure>) { self.transform = transform }

  @inlinable
  func receive(_ value: Input, state: inout Void, inners: InnerSignals<Self>) {
    if !inners.isRunning { inners.start(transform(value)) }
  }
}

// flattenMap between a signal that cannot fail and inner signals that can, either way round,
// without promoteError(). Disfavored: where the inner signals fail as the receiver
// does, the form above applies, as before.
extension Signal where Failure == Never {
  /// `flattenMap` of a receiver that cannot fail to inner signals that can: the result fails as
  /// they do, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let searchTerms: Signal<String, Never> = …
  /// let results = searchTerms.flattenMap { term in api.search(term) }
  /// // api.search returns Signal<[Item], URLError>: results is Signal<[Item], URLError>
  /// ```
  ///
  /// Written on an actor, `transform` may use the actor's state and runs only on it (see
  /// <doc:Concurrency>).
  @inlinable @_disfavoredOverload
  public func flattenMap<T, E: Error>(
    _ transform: @escaping (Value) -> Signal<T, E>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, E> {
    promotedImplicitly(E.self).flattenMap(transform, isolation: isolation)
  }

  /// `flattenMapFirst` of a receiver that cannot fail to inner signals that can: the result
  /// fails as they do, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let refreshTaps: Signal<Void, Never> = …
  /// refreshTaps.flattenMapFirst { _ in api.reload() }  // Signal<Feed, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func flattenMapFirst<T, E: Error>(
    _ transform: @escaping (Value) -> Signal<T, E>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, E> {
    promotedImplicitly(E.self).flattenMapFirst(transform, isolation: isolation)
  }
}

extension Signal {
  /// `flattenMap` of a receiver that can fail to inner signals that cannot: the result fails as
  /// the receiver does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let sessions: Signal<Session, AuthError> = …
  /// let names = sessions.flattenMap { session in session.user.name.signal }
  /// // name.signal is Signal<String, Never>: names is Signal<String, AuthError>
  /// ```
  ///
  /// Written on an actor, `transform` may use the actor's state and runs only on it (see
  /// <doc:Concurrency>).
  @inlinable @_disfavoredOverload
  public func flattenMap<T>(
    _ transform: @escaping (Value) -> Signal<T, Never>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    flattenMap({ transform($0).promotedImplicitly(Failure.self) }, isolation: isolation)
  }

  /// `flattenMapFirst` of a receiver that can fail to inner signals that cannot: the result
  /// fails as the receiver does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let sessions: Signal<Session, AuthError> = …
  /// sessions.flattenMapFirst { session in session.user.name.signal }  // fails as sessions do
  /// ```
  @inlinable @_disfavoredOverload
  public func flattenMapFirst<T>(
    _ transform: @escaping (Value) -> Signal<T, Never>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    flattenMapFirst({ transform($0).promotedImplicitly(Failure.self) }, isolation: isolation)
  }
}
