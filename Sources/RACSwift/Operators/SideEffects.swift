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

  /// Runs `body` each time the signal is subscribed, before the receiver is (RAC's
  /// `-initially:`); it runs on the subscribing thread.
  ///
  /// ```swift
  /// fetch.initially { spinner.start() }
  /// ```
  ///
  /// Written on an actor, `body` may use the actor's state and runs only on it: the subscription
  /// starts there (see <doc:Concurrency>).
  public func initially(
    _ body: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    appending(subscribing: InitiallyStage(body: body), name: .input("initially:"))
      .startingSubscriptions(on: isolation)
  }

  /// Runs `body` when the subscription ends for any reason: completion, error or disposal.
  ///
  /// Added outside any actor, `body` runs on the thread that ends the subscription. Added from an
  /// actor (a `@MainActor` view model), `body` may use the actor's state and runs only on it: at
  /// once when the subscription ends there, else carried to the actor right after.
  ///
  /// ```swift
  /// download.doDisposed { progress.hide() }
  /// ```
  public func doDisposed(
    _ body: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    disposalEffect(DisposalAction(body, on: isolation))
  }

  /// Runs `body` when the subscription ends, on the thread that ends it: the form of
  /// ``doDisposed(_:isolation:)`` for a `@Sendable` closure, kept for code compiled against it.
  ///
  /// ```swift
  /// download.doDisposed { @Sendable in log("download ended") }
  /// ```
  @_disfavoredOverload
  public func doDisposed(_ body: @escaping @Sendable () -> Void) -> Signal<Value, Failure> {
    disposalEffect(DisposalAction(body, on: nil))
  }

  /// The `doDisposed` stage: adds `action` to each subscription's scope.
  func disposalEffect(_ action: DisposalAction) -> Signal<Value, Failure> {
    appending(subscribing: DoDisposedStage(action: action), name: .input("doDisposed:"))
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

/// The subscribing stage of `initially`: runs `body` as each subscription starts, then
/// subscribes to the input unless that disposed the subscription.
struct InitiallyStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let body: () -> Void

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    body()
    if scope.isDisposed { return }
    input.subscribe(sink: sink, scope: scope)
  }
}

/// The subscribing stage of `doDisposed`: adds `action` to each subscription's scope, then
/// subscribes to the input.
struct DoDisposedStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let action: DisposalAction

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let action = self.action
    scope.add(AnyDisposable { action.run() })
    input.subscribe(sink: sink, scope: scope)
  }
}

/// The closure `doDisposed` runs as each subscription ends, and the actor it was added from.
///
/// Sendable because the body is only ever called on `actor` (carried there by a ``Hop`` when the
/// subscription ends elsewhere), or, added outside any actor, once per subscription by the thread
/// that ends it — RAC's rule for closures written outside an actor.
struct DisposalAction: @unchecked Sendable {
  let body: () -> Void
  let target: HopTarget?

  init(_ body: @escaping () -> Void, on actor: (any Actor)?) {
    self.body = body
    target = actor.map { HopTarget(actor: $0) }
  }

  /// Runs the body where it belongs: here without an actor, else on the actor — inline when
  /// this thread runs there already.
  func run() {
    guard let target else { return body() }
    Hop<Void>(to: target) { _ in body() }.receive(())
  }
}
