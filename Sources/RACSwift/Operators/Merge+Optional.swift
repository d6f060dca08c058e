// A signal of `T` merges with a signal of `T?`, as RAC merged any values: the result sends
// optionals. Each overload is disfavored: a merge of two signals of one type resolves to
// `merge(_:)` as before; these apply only where it does not.

extension Signal {
  /// The values of the receiver and of `other`, which sends optionals of the receiver's type,
  /// merged as they arrive (RAC's `-merge:`): the result sends optionals.
  ///
  /// ```swift
  /// let loaded: Signal<[Photo], Never> = …
  /// let cleared: Signal<[Photo]?, Never> = …
  /// let shown = loaded.merge(cleared)  // Signal<[Photo]?, Never>
  /// ```
  @inlinable @_disfavoredOverload
  public func merge(_ other: Signal<Value?, Failure>) -> Signal<Value?, Failure> {
    optionalImplicitly().merge(other)
  }

  /// The values of the receiver, which sends optionals, and of `other`, which sends the wrapped
  /// type, merged as they arrive (RAC's `-merge:`): the result sends optionals.
  ///
  /// ```swift
  /// let cached: Signal<[Photo]?, Never> = …
  /// let fresh: Signal<[Photo], Never> = …
  /// let shown = cached.merge(fresh)  // Signal<[Photo]?, Never>
  /// ```
  @inlinable @_disfavoredOverload
  public func merge<Wrapped>(_ other: Signal<Wrapped, Failure>) -> Signal<Value, Failure>
  where Value == Wrapped? {
    merge(other.optionalImplicitly())
  }
}
