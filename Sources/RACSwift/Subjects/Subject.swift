/// A hot signal you send events into by hand (RAC's `RACSubject`): the bridge from imperative
/// code into signals.
///
/// A subject forwards each event to its current subscribers only; it replays nothing. It is a
/// ``Signal`` (every operator works on it) and a ``SubscriberProtocol`` (so
/// `signal.subscribe(subject)` shares one subscription among the subject's subscribers — prefer
/// that to sending by hand, as ReactiveCocoa 2's Design Guidelines advise).
///
/// **Delivery order.** Events, new subscribers and disposals are processed one at a time, in
/// arrival order. A send that arrives while the subject is delivering — from another thread, or
/// from inside one of its subscribers' handlers — is queued and delivered by the thread already
/// delivering, after every subscriber has received the current event. So all subscribers see
/// the same order, a handler can send into its own subject without deadlock, and `sendNext`
/// never waits for another thread's handlers. A subscriber added from inside a handler receives
/// the events sent after the current one.
///
/// **Feedback loops.** Because a send from inside a handler is queued rather than nested, a
/// chain that feeds a subject its own values — `echo.map { $0 + 1 }.subscribe(echo)` — runs in a
/// loop on the sending thread, in constant stack, until something in the chain stops it
/// (`filter`, `take(_:)`, `distinctUntilChanged()`); the first `sendNext` returns only then. One
/// that nothing stops never returns: a debug build stops it with a message once the subject has
/// been sent a million values by its own deliveries during one send.
/// A subject subscribed to itself directly (`subject.subscribe(subject)`) stops at once.
///
/// **Termination** (a deliberate difference from RAC 2, whose subject kept forwarding later
/// sends and told a late subscriber nothing): after `sendError` or `sendCompleted` the subject
/// ignores further sends, and a late subscriber receives the terminal event at once.
///
/// ```swift
/// let taps = Subject<String, Never>()
/// taps.subscribe(next: { print($0) })
/// taps.sendNext("A")
/// taps.sendNext("B")  // prints A, then B
/// ```
public final class Subject<Value, Failure: Error>: Signal<Value, Failure>, SubscriberProtocol,
  @unchecked Sendable
{
  // Lock discipline: immutable; the core serializes everything (see ``SubjectCore``).
  @usableFromInline let core: SubjectCore<Value, Failure>

  // The core's subscribers hold it (see `SubscriptionOwner`): they let go of it here.
  deinit { core.abandon() }

  /// A subject with no subscribers.
  @inlinable
  public init() {
    core = SubjectCore(policy: .none)
    super.init(name: .source("+subject")) { signal, sink, scope in
      unsafeDowncast(signal, to: Subject<Value, Failure>.self).core.attach(sink, scope: scope)
    }
  }

  // The six SubscriberProtocol members below are written on each subject (here, ReplaySubject,
  // BehaviorSubject), each documented for its own type. They cannot be shared without a change to
  // the public API: a public member cannot come from an internal protocol's extension, nor from an
  // internal base class (a public class cannot subclass one); from a public protocol's extension
  // they would no longer be members of the subjects (the API check reports each as removed); and
  // a public base class would be a second non-final class beside Signal.
  /// Sends `value` to every current subscriber.
  @inlinable
  public func sendNext(_ value: Value) { core.send(.next(value)) }

  /// Sends `error` to every current subscriber; later sends are ignored.
  @inlinable
  public func sendError(_ error: Failure) { core.send(.error(error)) }

  /// Sends completion to every current subscriber; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }

  /// Sends `event` to every current subscriber.
  @inlinable
  public func send(_ event: Event<Value, Failure>) { core.send(event) }

  /// Whether the subject has terminated.
  public var isDisposed: Bool { core.isTerminated }

  /// Keeps `disposable` (a subscription feeding the subject) until the subject terminates.
  public func didSubscribe(with disposable: any Disposable) { core.didSubscribe(with: disposable) }
}
