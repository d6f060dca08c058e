extension Signal {
  /// On error, subscribes to the signal `handler` makes from it and forwards that instead
  /// (RAC's `-catch:`). Values and completion pass through; disposal disposes whichever is
  /// running.
  ///
  /// ```swift
  /// profile.catch { error in .just(.placeholder) }
  /// ```
  @inlinable
  public func `catch`<E: Error>(
    _ handler: @escaping (Failure) -> Signal<Value, E>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, E> {
    isolated(to: isolation).appending(
      subscribing: CatchStage(handler: handler), name: .input("catch:"))
  }

  /// On error, subscribes to `replacement` instead (RAC's `-catchTo:`);
  /// `catchTo(.empty)` swallows errors.
  ///
  /// ```swift
  /// refresh.catchTo(.empty)  // a failed refresh just ends
  /// ```
  @inlinable
  public func catchTo<E: Error>(_ replacement: Signal<Value, E>) -> Signal<Value, E> {
    self.catch { _ in replacement }
  }

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

  /// A signal that cannot fail: an error ends it with completion instead.
  ///
  /// ```swift
  /// let titles: Signal<String, Never> = fetchTitles.ignoreErrors()
  /// ```
  @inlinable
  public func ignoreErrors() -> Signal<Value, Never> {
    catchTo(.empty)
  }

  /// A signal that cannot fail: an error is replaced by `value`, then completion.
  ///
  /// ```swift
  /// avatar.replaceError(with: .placeholder)
  /// ```
  @inlinable
  public func replaceError(with value: Value) -> Signal<Value, Never>
  where Value: Sendable {
    self.catch { _ in .just(value) }
  }

  /// Transforms each value with a closure that may fail with the signal's own failure type; a
  /// thrown error ends the signal with that error (RAC's `-tryMap:`, with typed throws).
  ///
  /// ```swift
  /// rawData.tryMap { data throws(ParseError) in try Profile(parsing: data) }
  /// ```
  @inlinable
  public func tryMap<T>(
    _ transform: @escaping (Value) throws(Failure) -> T,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    isolated(to: isolation).appending(TryMapStage(transform), name: .input("tryMap:"))
  }

  /// Passes each value on if `body` does not throw; a thrown error ends the signal with it
  /// (RAC's `-try:`, with typed throws).
  ///
  /// ```swift
  /// uploads.try { upload throws(UploadError) in try upload.validate() }
  /// ```
  @inlinable
  public func `try`(
    _ body: @escaping (Value) throws(Failure) -> Void,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).appending(
      TryMapStage { value throws(Failure) in
        try body(value)
        return value
      }, name: .input("try:"))
  }

  /// A signal that runs `body` on each subscription and sends its result then completes, or
  /// fails with the error it throws (RAC's `+try:`).
  ///
  /// ```swift
  /// let settings = Signal.try { () throws(ConfigError) in try Settings.load() }
  /// ```
  @inlinable
  public static func `try`(
    _ body: @escaping () throws(Failure) -> Value, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    OperatorSignal<Value, Failure, ThrowingBody<Value, Failure>>(
      name: .source("+try:"), state: ThrowingBody(body)
    ) { signal, sink, scope in
      let body = OperatorSignal<Value, Failure, ThrowingBody<Value, Failure>>.state(of: signal)
      do throws(Failure) {
        let value = try body.run()
        emit(.next(value), to: sink)
        if !scope.isDisposed { emit(.completed, to: sink) }
      } catch {
        emit(.error(error), to: sink)
      }
    }.startingSubscriptions(on: isolation)
  }
}

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

/// The subscribing stage of `catch`: forwards the input's values and completion; on its error,
/// subscribes to the signal `handler` makes from it in the input's place.
@usableFromInline
struct CatchStage<Value, InputFailure: Error, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline let handler: (InputFailure) -> Signal<Value, Failure>
  @inlinable init(handler: @escaping (InputFailure) -> Signal<Value, Failure>) {
    self.handler = handler
  }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let sourceScope = scope.makeChild()
    // The sink reads the handler through `input`, so a subscription keeps this signal and its
    // input: one dropped undisposed stays alive with its sources, as `Disposable` documents.
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value): emit(.next(value), to: sink)
        case .completed: emit(.completed, to: sink)
        case .error(let error):
          scope.endChild(sourceScope)
          if scope.isDisposed { return }
          input.stage.handler(error).subscribe(sink: sink, scope: scope)
        }
      }, scope: sourceScope)
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

/// The stage of `tryMap` and `try`: sends each value transformed, or ends with the error the
/// transform throws.
@usableFromInline
struct TryMapStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let transform: (Input) throws(Failure) -> Value
  @inlinable init(_ transform: @escaping (Input) throws(Failure) -> Value) {
    self.transform = transform
  }

  @inlinable static var mayEndBeforeInput: Bool { true }
  /// Closed once the subscription has sent its terminal event (a thrown error, or the input's).
  @inlinable func makeState() -> TerminalLatch { TerminalLatch() }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state latch: inout TerminalLatch,
    send: Signal<Value, Failure>.Sink
  ) {
    if latch.isClosed { return }
    let output: Event<Value, Failure>
    switch event {
    case .next(let value):
      do throws(Failure) {
        output = .next(try transform(value))
      } catch {
        output = .error(error)
      }
    case .error(let error): output = .error(error)
    case .completed: output = .completed
    }
    if latch.admit(output) { emit(output, to: send) }
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

/// A typed-throwing body kept with its declared shape.
@usableFromInline
struct ThrowingBody<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let run: () throws(Failure) -> Value
  @inlinable init(_ run: @escaping () throws(Failure) -> Value) { self.run = run }
}

/// Forwards events until the first terminal one, then nothing: for stages that can end a
/// subscription themselves (a thrown error) while upstream keeps sending. The unserialized
/// counterpart of ``SerializedSink`` for one input, sharing its ``TerminalLatch``: upstream
/// delivers serially, so it needs no gate, and like any unary stage it leaves checking the
/// subscription's scope to the source.
///
/// Lock discipline: none needed — `latch` is touched only from `send`, which upstream calls one
/// event at a time.
@usableFromInline
final class TerminalGuard<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void
  @usableFromInline @exclusivity(unchecked) var latch = TerminalLatch()

  @inlinable init(sink: @escaping (inout Event<Value, Failure>) -> Void) { self.sink = sink }

  @inlinable @inline(__always)
  func send(_ event: Event<Value, Failure>) {
    if latch.admit(event) { emit(event, to: sink) }
  }
}
