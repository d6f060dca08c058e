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
    typealias Op = UnarySignal<Value, Failure, Value, Failure, SubscriptionAction>
    return Op(name: .input("initially:"), source: self, parameter: SubscriptionAction(body)) {
      signal, sink, scope in
      let op = Op.cast(signal)
      op.parameter.body()
      if scope.isDisposed { return }
      op.subscribeInput(sink: sink, scope: scope)
    }.startingSubscriptions(on: isolation)
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
    typealias Op = UnarySignal<Value, Failure, Value, Failure, DisposalAction>
    return Op(name: .input("doDisposed:"), source: self, parameter: action) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let action = op.parameter
      scope.add(AnyDisposable { action.run() })
      op.subscribeInput(sink: sink, scope: scope)
    }
  }

  /// A stage that runs `effect` with each event, then forwards it, on `isolation` if there is one.
  func sideEffect(
    name: SignalNameNode, isolation: (any Actor)?,
    effect: @escaping (inout Event<Value, Failure>) -> Void
  ) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, SideEffect<Value, Failure>>
    // On an actor, the stage reads the receiver's events carried there (`isolated(to:)`, the
    // rule every closure-taking operator follows).
    let source = isolated(to: isolation)
    return Op(
      name: name, source: source,
      parameter: SideEffect(effect: effect, onActor: isolation != nil),
      deliveryActor: source.deliveryActor
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let effect = op.parameter.effect
      guard op.parameter.onActor else {
        op.subscribeInput(
          sink: { event in
            effect(&event)
            sink(&event)
          }, scope: scope)
        return
      }
      op.subscribeInput(
        sink: { event in
          // An effect written on an actor never starts once the subscription is disposed.
          if scope.isDisposed { return }
          effect(&event)
          sink(&event)
        }, scope: scope)
    }
  }
}

/// A side effect's closure, and whether it was added from an actor, kept in a struct so that the
/// closure keeps its declared shape in a ``UnarySignal`` (CONTRIBUTING, rule 3). The closure is
/// not `Sendable`: it is only ever called on the actor it was added from (or, without one, where
/// the signal delivers, one event at a time — RAC's rule).
struct SideEffect<Value, Failure: Error> {
  let effect: (inout Event<Value, Failure>) -> Void
  let onActor: Bool
}

/// The closure `initially` runs as each subscription starts, in a struct so that it keeps its
/// declared shape in a ``UnarySignal`` (CONTRIBUTING, rule 3).
struct SubscriptionAction {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// The closure `doDisposed` runs as each subscription ends, and the actor it was added from, in a
/// struct so that it keeps its declared shape in a ``UnarySignal`` (CONTRIBUTING, rule 3).
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
