extension Signal {
  /// Pairs each value of the receiver with the latest value of `other`: nothing until `other`
  /// has sent one, and a value of the receiver that arrives before then is dropped. `other` is
  /// subscribed first, so a value it sends at once (`just`, a ``BehaviorSubject``, a property's
  /// signal) pairs with the receiver's first value. Its error ends the result; its completion
  /// does not (its last value stays the latest). The result completes or fails when the
  /// receiver does.
  ///
  /// ```swift
  /// let submissions = submitTaps.withLatest(from: formFields)  // each tap with the fields then
  /// ```
  @inlinable
  public func withLatest<T>(from other: Signal<T, Failure>) -> Signal<(Value, T), Failure> {
    appending(paired: WithLatestStage(other: other), name: "withLatestFrom:")
  }
}

extension Signal {
  /// `withLatest(from:)` with an `other` signal that cannot fail, beside a receiver that can:
  /// no `promoteError()` to write.
  ///
  /// ```swift
  /// let saves: Signal<Void, SaveError> = …
  /// let drafts: Signal<Draft, Never> = …
  /// saves.withLatest(from: drafts)  // Signal<(Void, Draft), SaveError>
  /// ```
  @inlinable @_disfavoredOverload
  public func withLatest<T>(from other: Signal<T, Never>) -> Signal<(Value, T), Failure> {
    withLatest(from: other.promotedImplicitly(Failure.self))
  }
}

extension Signal where Failure == Never {
  /// `withLatest(from:)` with a receiver that cannot fail beside an `other` signal that can: the
  /// result fails as `other` does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let taps: Signal<Void, Never> = …
  /// let session: Signal<Session, AuthError> = …
  /// taps.withLatest(from: session)  // Signal<(Void, Session), AuthError>
  /// ```
  @inlinable @_disfavoredOverload
  public func withLatest<T, E: Error>(from other: Signal<T, E>) -> Signal<(Value, T), E> {
    promotedImplicitly(E.self).withLatest(from: other)
  }
}

/// The stage of `withLatest(from:)`: keeps the other signal's latest value and pairs each of the
/// receiver's values with it.
@usableFromInline
struct WithLatestStage<Input, Failure: Error, Other>: PairedStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline typealias OtherFailure = Failure
  @usableFromInline typealias Value = (Input, Other)
  /// The signal whose latest value each of the receiver's values is paired with.
  @usableFromInline let other: Signal<Other, Failure>

  @inlinable init(other: Signal<Other, Failure>) { self.other = other }

  /// A value `other` sends at once is there for the receiver's first value.
  @inlinable static var otherFirst: Bool { true }

  /// The other signal's latest value: none yet.
  @inlinable func makeState() -> Other? { nil }

  @inlinable
  func receive(
    _ event: PairedEvent<Input, Failure, Other, Failure>, state latest: inout Other?,
    output: PairedOutput<Self>
  ) {
    switch event {
    case .input(.next(let value)): if let latest { output.send(.next((value, latest))) }
    case .input(let end): output.send(end.terminal())
    case .other(.next(let value)): latest = value
    case .other(.error(let error)): output.send(.error(error))
    case .other(.completed): break  // the latest value stays
    }
  }
}
