extension Signal {
  /// The signal an operator's stage reads from when its closure was written on `isolation`
  /// (such a closure runs on that actor): the receiver itself when there is no actor — the
  /// stage runs where the events arrive, serially, as in RAC, at no extra cost — else the
  /// receiver's events carried to the actor by a ``Hop``. Every operator that takes a user
  /// closure reads through this, so the rule lives in one place:
  ///
  /// - an event that reaches the stage on the actor with nothing queued ahead of it runs inline
  ///   (a `sendNext` on the main thread passes a main-actor chain before it returns);
  /// - any other event is carried to the actor, in send order;
  /// - a stage after another on the same actor reads its input as it is: the events already
  ///   arrive there (``Signal/deliveryActor``), so consecutive stages on one actor cost one hop
  ///   per event, not one each, and `map` and `filter` still fuse.
  ///
  /// The name is the receiver's: hops do not show in descriptions.
  @inlinable
  consuming func isolated(to isolation: (any Actor)?) -> Signal<Value, Failure> {
    guard let isolation else { return self }
    if delivers(on: isolation) { return self }
    return carried(to: isolation)
  }

  /// The receiver's events, delivered on `actor` through a ``Hop`` (see ``isolated(to:)``). A
  /// subscription made on the actor to a synchronous receiver needs none: every event arrives
  /// during the call, on the actor already. Inlinable, so that the hop's pass on the actor (once
  /// per event) is specialized where the chain is built.
  @inlinable
  func carried(to actor: any Actor) -> Signal<Value, Failure> {
    appending(subscribing: CarriedStage(to: actor), name: .alias(nil))
  }
}

/// The subscribing stage of ``Signal/carried(to:)``: each subscription's events delivered on one
/// actor, through a ``Hop``.
@usableFromInline
struct CarriedStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure

  /// Where the events go.
  @usableFromInline let target: HopTarget
  /// The actor's identity, which the chain shows as where its events arrive.
  @usableFromInline let actor: ObjectIdentifier

  @inlinable init(to actor: any Actor) {
    target = HopTarget(actor: actor)
    self.actor = ObjectIdentifier(actor)
  }

  @inlinable
  func deliveryActor(after inputActor: ObjectIdentifier?) -> ObjectIdentifier? { actor }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    if input.source.isSynchronous, target.isCurrent {
      input.subscribe(sink: sink, scope: scope)
      return
    }
    let hop = Hop<Event<Value, Failure>>(to: target, scope: scope, deliver: sink)
    // A child scope: events still queued for the actor must survive the end of the source's
    // subscription (a created signal ends its own scope right after its terminal event).
    input.subscribe(sink: { hop.receive($0) }, scope: scope.makeChild())
  }
}

extension Signal {
  /// The receiver, whose subscriptions start on `isolation` — for closures that run when a
  /// subscription starts (`Signal { subscriber in … }`, `Signal.defer`, `Signal.try`,
  /// `initially`) written on an actor: the receiver itself when there is none. A subscription
  /// made on the actor with nothing queued for this signal starts at once; one made elsewhere
  /// starts when the actor gets to it. Events go on from wherever the signal sends them.
  @inlinable
  consuming func startingSubscriptions(on isolation: (any Actor)?) -> Signal<Value, Failure> {
    guard let isolation else { return self }
    return started(on: isolation)
  }

  /// The receiver, subscribed on `actor` (see ``startingSubscriptions(on:)``).
  @usableFromInline
  func started(on actor: any Actor) -> Signal<Value, Failure> {
    let source = self
    let target = HopTarget(actor: actor)
    return Signal(name: .alias(self)) { _, sink, scope in
      let hop = Hop<Void>(to: target, scope: scope) { _ in
        if !scope.isDisposed { source.subscribe(sink: sink, scope: scope) }
      }
      hop.receive(())
    }
  }
}

extension Signal {
  /// The signal `make` returns, with `make` — a user's work closure, such as a command's —
  /// called on `isolation`: at once when there is no actor or the caller already runs on it,
  /// else when a subscription to the result starts on the actor.
  @usableFromInline
  static func made(on isolation: (any Actor)?, _ make: @escaping () -> Signal<Value, Failure>)
    -> Signal<Value, Failure>
  {
    guard let isolation, !HopTarget(actor: isolation).isCurrent else { return make() }
    let deferred = Signal<Value, Failure>(name: .source("+defer")) { _, sink, scope in
      make().subscribe(sink: sink, scope: scope)
    }
    return deferred.started(on: isolation)
  }
}

/// A user closure written on an actor, kept by an operator that calls it only on that actor
/// (behind ``Signal/isolated(to:)``), or, written outside any actor, only where the events
/// arrive, one at a time, as in RAC.
///
/// That is what makes sharing a closure that is not `Sendable` across threads safe: the wrapper
/// only carries it to the one place it runs. Lock discipline: immutable.
@usableFromInline
struct IsolatedClosure<Function>: @unchecked Sendable {
  @usableFromInline let function: Function
  @inlinable init(_ function: Function) { self.function = function }
}
