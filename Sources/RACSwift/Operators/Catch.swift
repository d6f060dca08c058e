extension Signal {
  /// On error, subscribes to the signal `handler` makes from it and forwards that instead
  /// (RAC's `-catch:`). Values and completion pass through; disposal disposes whichever is
  /// running.
  ///
  /// ```swift
  /// profile.catch { error in .just(.placeholder) }
  /// ```
  @inlinable
  public func `catch`<E: Error>(
    _ handler: @escaping (Failure) -> Signal<Value, E>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, E> {
    isolated(to: isolation).appending(
      subscribing: CatchStage(handler: handler), name: .input("catch:"))
  }

  /// On error, subscribes to `replacement` instead (RAC's `-catchTo:`);
  /// `catchTo(.empty)` swallows errors.
  ///
  /// ```swift
  /// refresh.catchTo(.empty)  // a failed refresh just ends
  /// ```
  @inlinable
  public func catchTo<E: Error>(_ replacement: Signal<Value, E>) -> Signal<Value, E> {
    self.catch { _ in replacement }
  }

  /// A signal that cannot fail: an error ends it with completion instead.
  ///
  /// ```swift
  /// let titles: Signal<String, Never> = fetchTitles.ignoreErrors()
  /// ```
  @inlinable
  public func ignoreErrors() -> Signal<Value, Never> {
    catchTo(.empty)
  }

  /// A signal that cannot fail: an error is replaced by `value`, then completion.
  ///
  /// ```swift
  /// avatar.replaceError(with: .placeholder)
  /// ```
  @inlinable
  public func replaceError(with value: Value) -> Signal<Value, Never>
  where Value: Sendable {
    self.catch { _ in .just(value) }
  }
}

/// The subscribing stage of `catch`: forwards the input's values and completion; on its error,
/// subscribes to the signal `handler` makes from it in the input's place.
@usableFromInline
struct CatchStage<Value, InputFailure: Error, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline let handler: (InputFailure) -> Signal<Value, Failure>
  @inlinable init(handler: @escaping (InputFailure) -> Signal<Value, Failure>) {
    self.handler = handler
  }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let sourceScope = scope.makeChild()
    // The sink reads the handler through `input`, so a subscription keeps this signal and its
    // input: one dropped undisposed stays alive with its sources, as `Disposable` documents.
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value): emit(.next(value), to: sink)
        case .completed: emit(.completed, to: sink)
        case .error(let error):
          scope.endChild(sourceScope)
          if scope.isDisposed { return }
          input.stage.handler(error).subscribe(sink: sink, scope: scope)
        }
      }, scope: sourceScope)
  }
}
