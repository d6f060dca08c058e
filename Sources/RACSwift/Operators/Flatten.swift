extension Signal {
  /// Merges a signal of signals: every inner signal is subscribed as it arrives and its values
  /// are forwarded as they come (RAC's `-flatten`, same as `flatten(maxConcurrent: 0)` and
  /// `+merge:`). Completes when the outer and every inner signal have completed.
  ///
  /// ```swift
  /// let requests: Signal<Signal<Data, URLError>, URLError> = …
  /// requests.flatten()  // responses in arrival order
  /// ```
  @inlinable
  public func flatten<T>() -> Signal<T, Failure> where Value == Signal<T, Failure> {
    appending(flatten: MergeStage(concurrencyLimit: .max), name: .input("flatten"))
  }

  /// Merges a signal of signals with at most `maxConcurrent` inner signals subscribed at once;
  /// the others wait in a first-in, first-out queue (RAC's `-flatten:`). `0` means unlimited.
  /// Completes when the outer and every inner signal have completed. Inner signals that
  /// complete synchronously are run in a loop, so any number of them runs in constant stack;
  /// disposal drops the queued ones.
  ///
  /// ```swift
  /// uploads.flatten(maxConcurrent: 2)  // two uploads at a time, in order of arrival
  /// ```
  @inlinable
  public func flatten<T>(maxConcurrent: Int) -> Signal<T, Failure>
  where Value == Signal<T, Failure> {
    precondition(maxConcurrent >= 0, "maxConcurrent must not be negative")
    if maxConcurrent == 0 { return flatten() }
    return appending(
      flatten: MergeStage(concurrencyLimit: maxConcurrent),
      name: .inputCount("flatten:", maxConcurrent))
  }

  /// Concatenates a signal of signals: each inner signal is subscribed when the previous one
  /// completes (RAC's `-concat` on a signal of signals, `flatten(maxConcurrent: 1)`).
  ///
  /// ```swift
  /// saves.concat()  // one save at a time, in order
  /// ```
  @inlinable
  public func concat<T>() -> Signal<T, Failure> where Value == Signal<T, Failure> {
    flatten(maxConcurrent: 1)
  }
}

/// The stage of `flatten` and `flatten(maxConcurrent:)`: starts every inner signal as it
/// arrives, `concurrencyLimit` at a time.
@usableFromInline
struct MergeStage<Value, Failure: Error>: FlattenStage {
  @usableFromInline typealias Input = Signal<Value, Failure>
  @usableFromInline let concurrencyLimit: Int

  @inlinable init(concurrencyLimit: Int) { self.concurrencyLimit = concurrencyLimit }

  @inlinable @inline(__always)
  func receive(_ inner: Signal<Value, Failure>, state: inout Void, inners: InnerSignals<Self>) {
    inners.start(inner)
  }
}
