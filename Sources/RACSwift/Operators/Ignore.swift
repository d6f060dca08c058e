extension Signal where Value: Equatable {
  /// Drops values equal to `value`, comparing where the values arrive: the form of
  /// ``ignore(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable @_disfavoredOverload
  public func ignore(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    ignoring(value, from: self)
  }

  /// Drops values equal to `value` (RAC's `-ignore:`).
  ///
  /// Written on an actor (a `@MainActor` view model), the comparison runs on that actor, as a
  /// closure's would: values that arrive elsewhere are carried there first, so `value` need not
  /// be `Sendable`. Written outside any actor, it runs where the values arrive.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable
  public func ignore(_ value: Value, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Value, Failure>
  {
    ignoring(value, from: isolated(to: isolation))
  }

  /// The `ignore` stage on `source`.
  @inlinable
  func ignoring(_ value: Value, from source: Signal<Value, Failure>) -> Signal<Value, Failure> {
    source.appending(IgnoreStage(ignored: value), name: .applied(nil, "ignore:", .state))
  }
}

extension Signal {
  /// Drops every value; passes the error or completion (RAC's `-ignoreValues`). The
  /// value type stays, as in RAC, so the result composes with the receiver (`then`, `merge`).
  ///
  /// ```swift
  /// save.ignoreValues().then { .just("saved") }
  /// ```
  @inlinable
  public func ignoreValues() -> Signal<Value, Failure> {
    appending(IgnoreValuesStage(), name: .input("ignoreValues"))
  }
}

/// The stage of `ignore(_:)`: drops the values equal to `ignored`. Its description is the
/// ignored value, which the operator's name shows (`-ignore: 0`).
@usableFromInline
struct IgnoreStage<Value: Equatable, Failure: Error>: SignalStage, CustomStringConvertible {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let ignored: Value
  @inlinable init(ignored: Value) { self.ignored = ignored }

  @usableFromInline var description: String { String(describing: ignored) }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if case .next(let value) = event, value == ignored { return }
    send(&event)
  }
}

/// The stage of `ignoreValues`: sends only the terminal event.
@usableFromInline
struct IgnoreValuesStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @inlinable init() {}

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if case .next = event { return }
    send(&event)
  }
}
