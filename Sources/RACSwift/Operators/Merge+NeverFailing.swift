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
