extension Signal {
  /// Runs `body` with each value, then forwards it (RAC's `-doNext:`).
  ///
  /// Added from an actor (a `@MainActor` view model), `body` runs on that actor, and so does the
  /// delivery of everything after it: events that arrive elsewhere are moved there in order (the
  /// side effect still runs before the event is forwarded). Added outside any actor, it runs where
  /// the events arrive — RAC's rule.
  ///
  /// ```swift
  /// request.doNext { print("got", $0) }.subscribe()
  /// ```
  public func doNext(
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Value) -> Void
  ) -> Signal<Value, Failure> {
    sideEffect(name: .input("doNext:"), isolation: isolation) { event in
      if case .next(let value) = event { body(value) }
    }
  }

  /// Runs `body` with the error, then forwards it (RAC's `-doError:`). See ``doNext(isolation:_:)``
  /// for where it runs.
  ///
  /// ```swift
  /// request.doError { error in analytics.record(error) }
  /// ```
  public func doError(
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping (Failure) -> Void
  ) -> Signal<Value, Failure> {
    sideEffect(name: .input("doError:"), isolation: isolation) { event in
      if case .error(let error) = event { body(error) }
    }
  }

  /// Runs `body` on completion, then forwards it (RAC's `-doCompleted:`).
  ///
  /// ```swift
  /// upload.doCompleted { progressView.isHidden = true }
  /// ```
  public func doCompleted(
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping () -> Void
  ) -> Signal<Value, Failure> {
    sideEffect(name: .input("doCompleted:"), isolation: isolation) { event in
      if case .completed = event { body() }
    }
  }

  /// Runs `body` when the receiver completes or fails — not when the subscription is disposed
  /// (RAC's `-finally:`).
  ///
  /// ```swift
  /// work.initially { button.isEnabled = false }.finally { button.isEnabled = true }
  /// ```
  public func finally(
    isolation: isolated (any Actor)? = #isolation, _ body: @escaping () -> Void
  ) -> Signal<Value, Failure> {
    sideEffect(name: .input("finally:"), isolation: isolation) { event in
      if event.isTerminal { body() }
    }
  }

  /// A stage that runs `effect` with each event, then forwards it, on `isolation` if there is one.
  func sideEffect(
    name: SignalNameNode, isolation: (any Actor)?,
    effect: @escaping (inout Event<Value, Failure>) -> Void
  ) -> Signal<Value, Failure> {
    // On an actor, the stage reads the receiver's events carried there (`isolated(to:)`, the
    // rule every closure-taking operator follows).
    isolated(to: isolation).appending(
      subscribing: SideEffectStage(effect: effect, onActor: isolation != nil), name: name)
  }
}

/// The subscribing stage of `doNext`, `doError`, `doCompleted` and `finally`: runs `effect` with
/// each event, then forwards it. The closure is not `Sendable`: it is only ever called on the
/// actor it was added from (or, without one, where the signal delivers, one event at a time —
/// RAC's rule).
struct SideEffectStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let effect: (inout Event<Value, Failure>) -> Void
  /// Whether the effect was added from an actor: it then never starts once the subscription is
  /// disposed.
  let onActor: Bool

  /// It sends only while one of its input's events is delivered.
  static var sendsOnInputDelivery: Bool { true }

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let effect = self.effect
    guard onActor else {
      input.subscribe(
        sink: { event in
          effect(&event)
          sink(&event)
        }, scope: scope)
      return
    }
    input.subscribe(
      sink: { event in
        // An effect written on an actor never starts once the subscription is disposed.
        if scope.isDisposed { return }
        effect(&event)
        sink(&event)
      }, scope: scope)
  }
}
