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

  /// The values of the receiver and `other`, merged as they arrive (RAC's `-merge:`).
  /// Completes when both complete; the first error ends both.
  ///
  /// ```swift
  /// localChanges.merge(remoteChanges)
  /// ```
  @inlinable
  public func merge(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal.merge([self, other], name: .inputs("merge:", .infix))
  }

  /// The values of every signal, merged as they arrive (RAC's `+merge:`). The signals are
  /// subscribed in order, and if one fails synchronously the rest are not subscribed.
  /// Completes when all have completed; the first error ends all.
  ///
  /// ```swift
  /// Signal.merge([clicks, keyPresses, timerTicks])
  /// ```
  @inlinable
  public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    merge(Array(signals), name: .inputs("+merge", .prefix))
  }

  /// The values of every signal, merged as they arrive (variadic ``merge(_:)-(S)``).
  ///
  /// ```swift
  /// Signal.merge(taps, swipes, keyPresses)
  /// ```
  @inlinable
  public static func merge(
    _ first: Signal<Value, Failure>, _ rest: Signal<Value, Failure>...
  ) -> Signal<Value, Failure> {
    merge([first] + rest)
  }

  @inlinable
  static func merge(_ list: [Signal<Value, Failure>], name: SignalNameNode) -> Signal<
    Value, Failure
  > {
    ListSignal(name: name, inputs: list) { signal, sink, scope in
      let signals = ListSignal.inputs(of: signal)
      let merge = MergeState(sink: sink, scope: scope)
      for inner in signals {
        // A synchronous error disposed everything: stop subscribing the rest.
        if scope.isDisposed { return }
        merge.subscribeInner(inner)
      }
      merge.sourceFinished()
    }
  }
}

// A signal that cannot fail merges with failing ones without promoteError().
// Each overload is disfavored: a merge of signals that all fail alike, or none of which can,
// resolves to the forms above, as before.
extension Signal where Failure == Never {
  /// The values of the receiver, which cannot fail, and of `other`, which can, merged as they
  /// arrive: the result fails as `other` does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let pullToRefresh: Signal<Void, Never> = …
  /// let pushes: Signal<Void, URLError> = …
  /// let refreshes = pullToRefresh.merge(pushes)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func merge<E: Error>(_ other: Signal<Value, E>) -> Signal<Value, E> {
    promotedImplicitly(E.self).merge(other)
  }
}

extension Signal {
  /// The values of the receiver, which can fail, and of `other`, which cannot, merged as they
  /// arrive: the result fails as the receiver does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let pushes: Signal<Void, URLError> = …
  /// let pullToRefresh: Signal<Void, Never> = …
  /// let refreshes = pushes.merge(pullToRefresh)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func merge(_ other: Signal<Value, Never>) -> Signal<Value, Failure> {
    merge(other.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge` of two signals whose first signal cannot fail: the result fails as the other
  /// does, with no `promoteError()` to write; it merges and completes as the other forms do.
  ///
  /// ```swift
  /// let taps: Signal<Refresh, Never> = …
  /// let polls: Signal<Refresh, URLError> = …
  /// let refreshes = Signal.merge(taps, polls)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Never>, _ second: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    merge(first.promotedImplicitly(Failure.self), second)
  }

  /// `Signal.merge` of two signals whose second signal cannot fail: the result fails as the other
  /// does, with no `promoteError()` to write; it merges and completes as the other forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Refresh, URLError> = …
  /// let shortcuts: Signal<Refresh, Never> = …
  /// let refreshes = Signal.merge(pushes, shortcuts)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Failure>, _ second: Signal<Value, Never>
  ) -> Signal<Value, Failure> {
    merge(first, second.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge` of three signals whose first signal cannot fail: the result fails as the others
  /// do, with no `promoteError()` to write; it merges and completes as the other forms do.
  ///
  /// ```swift
  /// let taps: Signal<Refresh, Never> = …
  /// let polls: Signal<Refresh, URLError> = …
  /// let sync: Signal<Refresh, URLError> = …
  /// let refreshes = Signal.merge(taps, polls, sync)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Never>, _ second: Signal<Value, Failure>, _ third: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    merge(first.promotedImplicitly(Failure.self), second, third)
  }

  /// `Signal.merge` of three signals whose second signal cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it merges and completes as the other forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Refresh, URLError> = …
  /// let shortcuts: Signal<Refresh, Never> = …
  /// let sync: Signal<Refresh, URLError> = …
  /// let refreshes = Signal.merge(pushes, shortcuts, sync)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Failure>, _ second: Signal<Value, Never>, _ third: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    merge(first, second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.merge` of three signals whose third signal cannot fail: the result fails as the others
  /// do, with no `promoteError()` to write; it merges and completes as the other forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Refresh, URLError> = …
  /// let polls: Signal<Refresh, URLError> = …
  /// let timer: Signal<Refresh, Never> = …
  /// let refreshes = Signal.merge(pushes, polls, timer)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>, _ third: Signal<Value, Never>
  ) -> Signal<Value, Failure> {
    merge(first, second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge` of three signals whose first and second signals cannot fail: the result fails
  /// as the other does, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let taps: Signal<Refresh, Never> = …
  /// let shortcuts: Signal<Refresh, Never> = …
  /// let sync: Signal<Refresh, URLError> = …
  /// let refreshes = Signal.merge(taps, shortcuts, sync)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Never>, _ second: Signal<Value, Never>, _ third: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    merge(first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.merge` of three signals whose first and third signals cannot fail: the result fails as
  /// the other does, with no `promoteError()` to write; it merges and completes as the other forms
  /// do.
  ///
  /// ```swift
  /// let taps: Signal<Refresh, Never> = …
  /// let polls: Signal<Refresh, URLError> = …
  /// let timer: Signal<Refresh, Never> = …
  /// let refreshes = Signal.merge(taps, polls, timer)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Never>, _ second: Signal<Value, Failure>, _ third: Signal<Value, Never>
  ) -> Signal<Value, Failure> {
    merge(first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge` of three signals whose second and third signals cannot fail: the result fails
  /// as the other does, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Refresh, URLError> = …
  /// let shortcuts: Signal<Refresh, Never> = …
  /// let timer: Signal<Refresh, Never> = …
  /// let refreshes = Signal.merge(pushes, shortcuts, timer)  // Signal<Refresh, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge(
    _ first: Signal<Value, Failure>, _ second: Signal<Value, Never>, _ third: Signal<Value, Never>
  ) -> Signal<Value, Failure> {
    merge(first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self))
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
