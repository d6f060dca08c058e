extension Signal {
  /// Sends `value` first, on the subscribing thread, then the receiver's values: the form of
  /// ``startWith(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// results.startWith([])  // an empty list until the first result
  /// ```
  @inlinable @_disfavoredOverload
  public func startWith(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    startingWith(value)
  }

  /// Sends `value` first, then the receiver's values (RAC's `-startWith:`).
  ///
  /// Written on an actor (a `@MainActor` view model), each subscription starts on that actor,
  /// where `value` is sent — at once for a subscription made there — so `value` need not be
  /// `Sendable`. Written outside any actor, `value` is sent on the subscribing thread.
  ///
  /// ```swift
  /// results.startWith([])  // an empty list until the first result
  /// selections.startWith(nil)  // optional non-Sendable models, in a @MainActor view model
  /// ```
  @inlinable
  public func startWith(_ value: Value, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Value, Failure>
  {
    startingWith(value).startingSubscriptions(on: isolation)
  }

  /// The `startWith` stage: sends `value` on the subscribing thread, then subscribes.
  @inlinable
  func startingWith(_ value: Value) -> Signal<Value, Failure> {
    appending(subscribing: StartWithStage(value: value), name: .applied(nil, "startWith:", .state))
  }
}

/// The subscribing stage of `startWith`: sends `value` as each subscription starts, then
/// subscribes to the input unless that disposed the subscription. Its description is the value,
/// which the operator's name shows (`-startWith: 0`).
@usableFromInline
struct StartWithStage<Value, Failure: Error>: SubscribingStage, CustomStringConvertible {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let value: Value
  @inlinable init(value: Value) { self.value = value }

  @usableFromInline var description: String { String(describing: value) }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    emit(.next(value), to: sink)
    if scope.isDisposed { return }
    input.subscribe(sink: sink, scope: scope)
  }
}
