extension Signal {
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
/// Safe to carry across threads (inside the subscription that ends) although the body is not
/// `Sendable`: the body is only ever called on `actor` (carried there by a ``Hop`` when the
/// subscription ends elsewhere), or, added outside any actor, once per subscription by the thread
/// that ends it — RAC's rule for closures written outside an actor.
struct DisposalAction {
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
