/// A subscriber you can hand to several signals, or the one a created signal sends into (RAC's
/// `RACSubscriber`).
///
/// Safe to call from any thread. Delivery is serialized: a send that arrives while another is
/// being delivered — from another thread, or re-entrantly from a handler — is queued and
/// delivered by the thread already delivering, right after the current event, in send order
/// (DESIGN §3.4). An uncontended send is delivered before `sendNext` returns; `sendNext` never
/// blocks on another thread's handler. After a terminal event the subscriber disposes every
/// subscription feeding it (before running its error/completed handler, RAC's rule A1-07) and
/// ignores anything sent later.
///
/// ```swift
/// let printer = Subscriber<Int, Never>(next: { print($0) })
/// Signal.from([1, 2]).subscribe(printer)
/// ```
public final class Subscriber<Value, Failure: Error>: SubscriberProtocol, Disposable,
  @unchecked Sendable
{
  // Lock discipline: `sink` is touched only by the owner of `gate` (see `SerialGate`), and by
  // nobody after it is cleared; `lifetime` is immutable and thread-safe.
  @usableFromInline let gate = SerialGate<Event<Value, Failure>>()
  @usableFromInline @exclusivity(unchecked) var sink: ((Event<Value, Failure>) -> Void)?
  @usableFromInline let lifetime: SubscriptionScope
  /// For a created signal's subscriber: the subscription scope its own child `lifetime` belongs
  /// to. The terminal event goes downstream first, then `lifetime` (the signal's resources) ends
  /// — not the downstream scope, which may still have work pending (a `delay`, a hop to an
  /// actor).
  @usableFromInline let parent: SubscriptionScope?
  @usableFromInline var forwards: Bool { parent != nil }

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
    let handlers: (Event<Value, Failure>) -> Void = { event in
      switch event {
      case .next(let value): next?(value)
      case .error(let failure): error?(failure)
      case .completed: completed?()
      }
    }
    if let isolation {
      let hop = Hop<Event<Value, Failure>>(to: HopTarget(actor: isolation), deliver: handlers)
      sink = { hop.receive($0) }
    } else {
      sink = handlers
    }
    lifetime = SubscriptionScope(bag: ())
    parent = nil
  }

  /// The subscriber handed to a created signal's closure: forwards into `sink` for the
  /// subscription in `scope`, in a child scope of its own (see `parent`).
  @inlinable
  init(
    forwardingTo sink: @escaping (Event<Value, Failure>) -> Void, within scope: SubscriptionScope
  ) {
    self.sink = sink
    self.lifetime = scope.makeChild()
    self.parent = scope
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
    guard let sink else { return }
    if lifetime.isDisposed {
      self.sink = nil
      return
    }
    if event.isTerminal {
      self.sink = nil
      if let parent {
        sink(event)
        parent.endChild(lifetime)
      } else {
        lifetime.dispose()
        sink(event)
      }
    } else {
      sink(event)
    }
  }

  /// Whether the subscriber has terminated or been disposed.
  public var isDisposed: Bool { lifetime.isDisposed }

  /// Ends every subscription feeding this subscriber; later events are ignored.
  public func dispose() { lifetime.dispose() }

  /// Adds `disposable` to the subscriptions this subscriber ends when it terminates; it is
  /// forgotten again when it is disposed on its own, so finished subscriptions do not pile up.
  public func didSubscribe(with disposable: any Disposable) {
    lifetime.add(disposable)
    if let scope = disposable as? SubscriptionScope, scope !== lifetime {
      scope.add(AnyDisposable { [weak lifetime] in lifetime?.remove(scope) })
    }
  }
}
