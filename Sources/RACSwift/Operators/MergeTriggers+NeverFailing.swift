// Triggers that cannot fail merge with failing ones without promoteError(), as in
// Merge+NeverFailing.swift. Each overload is disfavored: a merge of triggers that all fail alike,
// or none of which can, resolves to the forms of MergeTriggers.swift, as before.

extension Signal where Value == Void {
  /// `Signal.merge(triggers:)` of two triggers whose first trigger cannot fail: the result fails as
  /// the other does, with no `promoteError()` to write; it merges and completes as the other forms
  /// do.
  ///
  /// ```swift
  /// let taps: Signal<Void, Never> = …
  /// let uploads: Signal<Int, URLError> = …
  /// let reloads = Signal.merge(triggers: taps, uploads)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B>(
    triggers first: Signal<A, Never>, _ second: Signal<B, Failure>
  ) -> Signal<Void, Failure> {
    merge(triggers: first.promotedImplicitly(Failure.self), second)
  }

  /// `Signal.merge(triggers:)` of two triggers whose second trigger cannot fail: the result fails
  /// as the other does, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Data, URLError> = …
  /// let query: Signal<String, Never> = …
  /// let reloads = Signal.merge(triggers: pushes, query)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Never>
  ) -> Signal<Void, Failure> {
    merge(triggers: first, second.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge(triggers:)` of three triggers whose first and second triggers cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it merges and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let taps: Signal<Void, Never> = …
  /// let query: Signal<String, Never> = …
  /// let syncs: Signal<Date, URLError> = …
  /// let reloads = Signal.merge(triggers: taps, query, syncs)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<Void, Failure> {
    merge(
      triggers: first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self),
      third)
  }

  /// `Signal.merge(triggers:)` of three triggers whose first and third triggers cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it merges and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let taps: Signal<Void, Never> = …
  /// let uploads: Signal<Int, URLError> = …
  /// let dayChanges: Signal<Notification, Never> = …
  /// let reloads = Signal.merge(triggers: taps, uploads, dayChanges)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<Void, Failure> {
    merge(
      triggers: first.promotedImplicitly(Failure.self), second,
      third.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge(triggers:)` of three triggers whose first trigger cannot fail: the result fails
  /// as the others do, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let taps: Signal<Void, Never> = …
  /// let uploads: Signal<Int, URLError> = …
  /// let syncs: Signal<Date, URLError> = …
  /// let reloads = Signal.merge(triggers: taps, uploads, syncs)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<Void, Failure> {
    merge(triggers: first.promotedImplicitly(Failure.self), second, third)
  }

  /// `Signal.merge(triggers:)` of three triggers whose second and third triggers cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it merges and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Data, URLError> = …
  /// let query: Signal<String, Never> = …
  /// let dayChanges: Signal<Notification, Never> = …
  /// let reloads = Signal.merge(triggers: pushes, query, dayChanges)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>
  ) -> Signal<Void, Failure> {
    merge(
      triggers: first, second.promotedImplicitly(Failure.self),
      third.promotedImplicitly(Failure.self))
  }

  /// `Signal.merge(triggers:)` of three triggers whose second trigger cannot fail: the result fails
  /// as the others do, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Data, URLError> = …
  /// let query: Signal<String, Never> = …
  /// let syncs: Signal<Date, URLError> = …
  /// let reloads = Signal.merge(triggers: pushes, query, syncs)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<Void, Failure> {
    merge(triggers: first, second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.merge(triggers:)` of three triggers whose third trigger cannot fail: the result fails
  /// as the others do, with no `promoteError()` to write; it merges and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let pushes: Signal<Data, URLError> = …
  /// let uploads: Signal<Int, URLError> = …
  /// let dayChanges: Signal<Notification, Never> = …
  /// let reloads = Signal.merge(triggers: pushes, uploads, dayChanges)  // Signal<Void, URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func merge<A, B, C>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<Void, Failure> {
    merge(triggers: first, second, third.promotedImplicitly(Failure.self))
  }
}
