extension Signal {
  /// A signal that sends `value`, then completes (RAC's `+return:`).
  @inlinable
  public static func just(_ value: Value) -> Signal<Value, Failure> {
    source(JustSource(value: value), name: .sourceWithState("+just"))
  }
}

extension Signal where Failure == Never {
  /// A signal that sends `value`, then completes; it never fails.
  ///
  /// ```swift
  /// Signal.just(42).subscribe(next: { print($0) })
  /// ```
  @inlinable
  public static func just(_ value: Value) -> Signal<Value, Never> {
    source(JustSource(value: value), name: .sourceWithState("+just"))
  }
}

/// The source of `just`: sends `value`, then completes, unless the subscription was disposed in
/// between. Its description is the value, which the name shows (`+just: 1`).
@usableFromInline
struct JustSource<Value, Failure: Error>: SynchronousSourceStage, CustomStringConvertible {
  @usableFromInline let value: Value

  @inlinable init(value: Value) { self.value = value }

  @usableFromInline var description: String { String(describing: value) }

  @inlinable @inline(__always)
  func run(_ send: (inout Event<Value, Failure>) -> Void, scope: SynchronousScope) {
    emit(.next(value), to: send)
    if !scope.isDisposed { emit(.completed, to: send) }
  }
}
