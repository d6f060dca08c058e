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
    typealias Op = UnarySignal<Signal<T, Failure>, Failure, T, Failure, Void>
    return Op(name: .input("switchToLatest"), source: self, parameter: ()) {
      signal, sink, scope in
      let state = SwitchState<T, Failure>(sink: sink, scope: scope)
      Op.cast(signal).subscribeInput(
        sink: { state.receiveOuter($0) }, scope: state.outerScope)
    }
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
    typealias Op = UnarySignal<Signal<T, Never>, Failure, T, Failure, Void>
    return Op(name: .input("switchToLatest"), source: self, parameter: ()) {
      signal, sink, scope in
      let state = SwitchState<T, Failure>(sink: sink, scope: scope)
      Op.cast(signal).subscribeInput(
        sink: { event in
          state.receiveOuter(event.map { inner in inner.promotedImplicitly(Failure.self) })
        }, scope: state.outerScope)
    }
  }
}

/// An event of `switchToLatest`, tagged with the generation of the inner signal it comes from.
@usableFromInline
enum SwitchOperation<Value, Failure: Error> {
  case switchTo(generation: Int)
  case inner(Event<Value, Failure>, generation: Int)
  case outerError(Failure)
  case outerCompleted
}

/// One subscription to `switchToLatest`.
///
/// Lock discipline: `current` and `generation` are touched only by the outer signal's sink
/// (the outer signal delivers serially). Everything that decides what to forward — the latest
/// generation, whether it completed, whether the outer completed — runs as operations of its
/// ``SerializedSink`` base, so an event from a replaced inner signal that races in from another
/// thread is dropped; that state is touched only by the gate's owner.
@usableFromInline
final class SwitchState<Value, Failure: Error>:
  SerializedSink<Value, Failure, SwitchOperation<Value, Failure>>, @unchecked Sendable
{
  @usableFromInline let outerScope: SubscriptionScope
  @usableFromInline @exclusivity(unchecked) var current: SubscriptionScope?
  @usableFromInline @exclusivity(unchecked) var generation = 0
  // Owner of `gate` only:
  @usableFromInline @exclusivity(unchecked) var latestGeneration = 0
  @usableFromInline @exclusivity(unchecked) var latestCompleted = true
  @usableFromInline @exclusivity(unchecked) var outerCompleted = false

  /// The state of a subscription delivering to `sink`, for the subscription of `scope`.
  @inlinable
  override init(sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    self.outerScope = scope.makeChild()
    super.init(sink: sink, scope: scope)
  }

  @inlinable
  func receiveOuter(_ event: Event<Signal<Value, Failure>, Failure>) {
    switch event {
    case .next(let inner):
      generation += 1
      let mine = generation
      if let previous = current { scope.endChild(previous) }
      perform(.switchTo(generation: mine))
      let child = scope.makeChild()
      current = child
      inner.subscribe(
        sink: { self.perform(.inner($0, generation: mine)) }, scope: child)
    case .error(let error):
      perform(.outerError(error))
    case .completed:
      scope.endChild(outerScope)
      perform(.outerCompleted)
    }
  }

  @inlinable
  func perform(_ operation: SwitchOperation<Value, Failure>) {
    perform(operation) { execute($0) }
  }

  /// Owner of the gate only, through ``SerializedSink/perform(_:_:)`` (so not after the output
  /// finished or the scope was disposed).
  @inlinable
  func execute(_ operation: SwitchOperation<Value, Failure>) {
    switch operation {
    case .switchTo(let generation):
      latestGeneration = generation
      latestCompleted = false
    case .inner(let event, let generation):
      guard generation == latestGeneration else { return }
      switch event {
      case .next, .error:
        deliver(event)
      case .completed:
        latestCompleted = true
        if outerCompleted { finish() }
      }
    case .outerError(let error):
      deliver(.error(error))
    case .outerCompleted:
      outerCompleted = true
      if latestCompleted { finish() }
    }
  }

  @inlinable
  func finish() {
    deliver(.completed)
  }
}
