import Synchronization

/// A subscriber you can hand to several signals, or the one a created signal sends into (RAC's
/// `RACSubscriber`).
///
/// Safe to call from any thread. Delivery is serialized: a send that arrives while another is
/// being delivered — from another thread, or re-entrantly from a handler — is queued and
/// delivered by the thread already delivering, right after the current event, in send order.
/// An uncontended send is delivered before `sendNext` returns; `sendNext` never blocks on
/// another thread's handler. After a terminal event the subscriber disposes every subscription
/// feeding it (before running its error/completed handler, as RAC's subscriber does) and ignores
/// anything sent later.
///
/// ```swift
/// let printer = Subscriber<Int, Never>(next: { print($0) })
/// Signal.from([1, 2]).subscribe(printer)
/// ```
public final class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable,
  @unchecked Sendable
{
  // Lock discipline: `target` and `parent` are touched only by the owner of `gate` (see
  // `SerialGate`) once the initializer has returned, and by nobody after they are cleared;
  // `lifetime` is immutable and thread-safe.
  @usableFromInline let gate = SerialGate<Event<Value, Failure>>()
  /// What the subscriber sends into — the stages downstream of a created signal, or the handlers
  /// of a subscriber made with them — in a ``SinkBox``, held with a reference count of its own
  /// (released when it is cleared, or by `deinit`) so that a delivery calls its sink without
  /// taking another: only the gate's owner lets go of it, and never while it delivers a value.
  /// (Lock discipline: the gate's, as the comment above says; the unmanaged reference saves a
  /// retain and release per delivered event.)
  @usableFromInline var target: Unmanaged<SinkBox<Value, Failure>>?
  @usableFromInline let lifetime: SubscriptionScope
  /// For a created signal's subscriber: the subscription scope its own child `lifetime` belongs
  /// to. The terminal event goes downstream first, then `lifetime` (the signal's resources) ends
  /// — not the downstream scope, which may still have work pending (a `delay`, a hop to an
  /// actor).
  /// Cleared with `target`: the subscription's scope is what holds its handlers.
  @usableFromInline var parent: SubscriptionScope?
  /// Whether `target` may still be set: cleared when it is, so that `releaseTarget()` after a
  /// terminal event does not go through the gate (whose queue a re-entrant pass allocates).
  @usableFromInline let holdsTarget = Atomic<Bool>(true)

  /// A subscriber running the given handlers; each is optional.
  ///
  /// Subscribed from an actor, the handlers run on that actor (see
  /// ``Signal/subscribe(next:error:completed:isolation:file:line:)``).
  public init(
    next: ((Value) -> Void)? = nil,
    error: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) {
    let lifetime = SubscriberLifetime<Value, Failure>(bag: ())
    // The handlers are fenced by the lifetime (`HandlerFence`): none starts once `dispose()` has
    // returned. The terminal event ends the lifetime where its handler runs (on the actor, for
    // an isolated subscriber), right before the handler, as in RAC.
    let handlers: (inout Event<Value, Failure>) -> Void = { event in
      switch event {
      case .next(let value):
        guard let next else { return }
        lifetime.fence.run(unlessDisposed: lifetime) { next(value) }
      case .error(let failure):
        lifetime.fence.runTerminal(
          of: lifetime, ending: { lifetime.disposeIfNeeded() }, handler: { error?(failure) })
      case .completed:
        lifetime.fence.runTerminal(
          of: lifetime, ending: { lifetime.disposeIfNeeded() }, handler: { completed?() })
      }
    }
    if let isolation {
      let hop = Hop<Event<Value, Failure>>(to: HopTarget(actor: isolation), deliver: handlers)
      target = .passRetained(SinkBox({ hop.receive($0) }))
    } else {
      target = .passRetained(SinkBox(handlers))
    }
    self.lifetime = lifetime
    parent = nil
    lifetime.subscriber = self
  }

  /// The subscriber handed to a created signal's closure: forwards into `sink` for the
  /// subscription in `scope`, in a child scope of its own (see `parent`).
  @inlinable
  init(
    forwardingTo sink: @escaping (inout Event<Value, Failure>) -> Void,
    within scope: SubscriptionScope
  ) {
    let lifetime = SubscriberLifetime<Value, Failure>(childOf: scope)
    target = .passRetained(SinkBox(sink))
    self.lifetime = lifetime
    self.parent = scope
    // Known to the lifetime before it is added to the subscription, so that disposing the
    // subscription from any thread finds it.
    lifetime.subscriber = self
    scope.add(lifetime)
  }

  /// Sends a value.
  @inlinable
  public func sendNext(_ value: Value) { send(.next(value)) }

  /// Sends a failure; everything sent afterwards is ignored.
  @inlinable
  public func sendError(_ error: Failure) { send(.error(error)) }

  /// Sends completion; everything sent afterwards is ignored.
  @inlinable
  public func sendCompleted() { send(.completed) }

  /// Sends any event.
  @inlinable
  public func send(_ event: Event<Value, Failure>) {
    if lifetime.isDisposed { return }
    gate.perform(event) { deliver($0) }
  }

  /// Owner of `gate` only.
  @inlinable
  func deliver(_ event: Event<Value, Failure>) {
    guard let target else { return }
    if lifetime.isDisposed {
      self.target = nil
      parent = nil
      holdsTarget.store(false, ordering: .releasing)
      target.release()
      return
    }
    if !event.isTerminal {
      // This call, the gate's owner, is the only one that lets go of `target`, and not before
      // it returns: the sink runs without a reference count of its own.
      target._withUnsafeGuaranteedRef { emit(event, to: $0.sink) }
      return
    }
    self.target = nil
    holdsTarget.store(false, ordering: .releasing)
    // Owned by this call from here: released once the terminal event has been delivered.
    let ended = target.takeRetainedValue()
    if let parent {
      self.parent = nil
      emit(event, to: ended.sink)
      parent.endChild(lifetime)
    } else {
      // A subscriber made with handlers: they end the lifetime (see `init`).
      emit(event, to: ended.sink)
    }
  }

  deinit { target?.release() }

  /// Whether the subscriber has terminated or been disposed.
  public var isDisposed: Bool { lifetime.isDisposed }

  /// Ends every subscription feeding this subscriber and lets go of its handlers (or of the
  /// subscription it forwards to), even while something still holds the subscriber; later events
  /// are ignored. Once it has returned no handler starts; called from another thread while a
  /// handler runs, it waits for that handler to return.
  public func dispose() { lifetime.dispose() }

  /// Lets go of `target` once `lifetime` is disposed. `target` belongs to the owner of `gate`, so
  /// the release goes through it: at once when the gate is free, else right after the event being
  /// delivered (`deliver` drops the target of a disposed subscriber without calling it).
  @usableFromInline
  func releaseTarget() {
    if !holdsTarget.load(ordering: .acquiring) { return }
    gate.perform(.completed) { deliver($0) }
  }

  /// Adds `disposable` to the subscriptions this subscriber ends when it terminates; it is
  /// forgotten again when it is disposed on its own, so finished subscriptions do not pile up.
  public func didSubscribe(with disposable: any Disposable) {
    lifetime.add(disposable)
    if let scope = disposable as? SubscriptionScope, scope !== lifetime {
      scope.add(AnyDisposable { [weak lifetime] in lifetime?.remove(scope) })
    }
  }
}

/// The lifetime of a ``Subscriber``: a scope that, when it is disposed — `dispose()`, or the
/// subscription a created signal's subscriber belongs to disposed, from any thread — has the
/// subscriber let go of what it sends into (its handlers, or the stages downstream and the
/// handlers at their end), so that whoever still holds the subscriber (a network callback, a
/// delegate) keeps none of it.
///
/// Lock discipline: `subscriber` is set once, before the scope can be disposed by anyone but the
/// subscriber's creator (a created signal's is added to the subscription afterwards, a locked
/// publication), and only read afterwards; it is weak, so that the scope does not keep the
/// subscriber alive.
@usableFromInline
final class SubscriberLifetime<Value, Failure: Error>: SubscriptionScope, @unchecked Sendable {
  @usableFromInline weak var subscriber: Subscriber<Value, Failure>?
  /// For a subscriber made with handlers, which they run through: `dispose()` waits for one
  /// running on another thread.
  @usableFromInline let fence = HandlerFence()
  /// Whether the subscriber was made with handlers (else it forwards downstream, and the
  /// subscription's handler scope fences its handlers).
  @usableFromInline let runsHandlers: Bool

  @inlinable
  override init(childOf parent: SubscriptionScope) {
    runsHandlers = false
    super.init(childOf: parent)
  }

  /// The lifetime of a subscriber made with handlers (not counted as a subscription).
  @usableFromInline
  override init(bag: Void) {
    runsHandlers = true
    super.init(bag: ())
  }

  @usableFromInline
  override func didDispose() { subscriber?.releaseTarget() }

  @usableFromInline
  override func didReturnFromDisposal(_ didDispose: Bool) {
    if runsHandlers { fence.waitForHandlers(of: self, didDispose: didDispose) }
  }
}
