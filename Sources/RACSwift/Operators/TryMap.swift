extension Signal {
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
    Signal(name: .source("+try:")) { _, sink, scope in
      do throws(Failure) {
        let value = try body()
        emit(.next(value), to: sink)
        if !scope.isDisposed { emit(.completed, to: sink) }
      } catch {
        emit(.error(error), to: sink)
      }
    }.startingSubscriptions(on: isolation)
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
