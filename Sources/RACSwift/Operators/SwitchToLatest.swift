extension Signal {
  /// For a signal of signals, forwards only the latest inner signal: each new inner signal
  /// disposes the previous one (RAC's `-switchToLatest`). Errors from the outer or the latest
  /// inner signal are forwarded; completes when the outer and the latest inner signal have
  /// completed.
  ///
  /// ```swift
  /// searchTerms.map { term in api.search(term) }.switchToLatest()  // results of the latest term
  /// ```
  @inlinable
  public func switchToLatest<T>() -> Signal<T, Failure> where Value == Signal<T, Failure> {
    appending(flatten: SwitchToLatestStage { $0 }, name: .input("switchToLatest"))
  }

  /// Passes through `then` while `condition`'s latest value is `true` and `otherwise` while it
  /// is `false`, switching as the condition changes (RAC's `+if:then:else:`). Completes when
  /// the condition and the current branch have completed.
  ///
  /// ```swift
  /// Signal.if(isLoggedIn, then: inbox, else: .just([]))
  /// ```
  @inlinable
  public static func `if`(
    _ condition: Signal<Bool, Failure>, then: Signal<Value, Failure>,
    else otherwise: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    condition.map { $0 ? then : otherwise }.switchToLatest()
      .setName(describedBy: { "+if: \(condition) then: \(then) else: \(otherwise)" })
  }

  /// Switches between `cases` according to the latest key: passes through the signal for the
  /// key, or `default` when no case matches (RAC's `+switch:cases:default:`; the default is not
  /// optional, so there is no "no matching case" error).
  ///
  /// ```swift
  /// Signal.switch(selectedTab, cases: [.inbox: inbox, .sent: sent], default: .empty)
  /// ```
  @inlinable
  public static func `switch`<Key: Hashable & Sendable>(
    _ key: Signal<Key, Failure>, cases: [Key: Signal<Value, Failure>],
    default fallback: Signal<Value, Failure>
  ) -> Signal<Value, Failure> {
    key.map { cases[$0] ?? fallback }.switchToLatest()
      .setName(describedBy: { "+switch: \(key) cases: \(cases.count) default: \(fallback)" })
  }
}

// switchToLatest between a signal that cannot fail and inner signals that can, either way round,
// without promoteError(). Disfavored: where the inner signals fail as the outer one
// does, the form above applies, as before.
extension Signal where Failure == Never {
  /// `switchToLatest` of an outer signal that cannot fail whose inner signals can: the result
  /// fails as the latest inner signal does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let searchTerms: Signal<String, Never> = …
  /// let results = searchTerms.map { term in api.search(term) }.switchToLatest()
  /// // api.search returns Signal<[Item], URLError>: results is Signal<[Item], URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func switchToLatest<T, E: Error>() -> Signal<T, E> where Value == Signal<T, E> {
    promotedImplicitly(E.self).switchToLatest()
  }
}

extension Signal {
  /// `switchToLatest` of an outer signal that can fail whose inner signals cannot: the result
  /// fails as the outer signal does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let sessions: Signal<Session, AuthError> = …
  /// let names = sessions.map { session in session.user.name.signal }.switchToLatest()
  /// // name.signal is Signal<String, Never>: names is Signal<String, AuthError>
  /// ```
  @inlinable @_disfavoredOverload
  public func switchToLatest<T>() -> Signal<T, Failure> where Value == Signal<T, Never> {
    appending(
      flatten: SwitchToLatestStage { $0.promotedImplicitly(Failure.self) },
      name: .input("switchToLatest"))
  }
}

/// The stage of `switchToLatest`: each inner signal replaces the one before (promoted to the
/// result's failure first, for inner signals that cannot fail).
@usableFromInline
struct SwitchToLatestStage<Value, InnerFailure: Error, Failure: Error>: FlattenStage {
  @usableFromInline typealias Input = Signal<Value, InnerFailure>
  @usableFromInline let promote: (Signal<Value, InnerFailure>) -> Signal<Value, Failure>

  @inlinable
  init(_ promote: @escaping (Signal<Value, InnerFailure>) -> Signal<Value, Failure>) {
    self.promote = promote
  }

  @inlinable
  func receive(_ inner: Input, state: inout Void, inners: InnerSignals<Self>) {
    inners.switchTo(promote(inner))
  }
}
