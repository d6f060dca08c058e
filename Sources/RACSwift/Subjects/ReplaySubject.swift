/// A subject that remembers values and gives them to new subscribers (RAC's
/// `RACReplaySubject`): a new subscriber receives up to `capacity` of the latest values, then
/// the terminal event if there was one, then live events.
///
/// Works for both orders: subscribe then send (live delivery) and send then subscribe (replay).
/// Replay to a new subscriber happens before any value sent concurrently, and stops early if the
/// subscription is disposed during it. `ReplaySubject()` keeps every value; capacity 1 is what
/// `replayLast()` uses; capacity 0 replays only the terminal event.
///
/// See ``Subject`` for delivery order and termination.
///
/// ```swift
/// let results = ReplaySubject<Int, Never>()
/// results.sendNext(1)
/// results.sendCompleted()
/// results.subscribe(next: { print($0) }, completed: { print("done") })  // 1, done
/// ```
public final class ReplaySubject<Value, Failure: Error>: Signal<Value, Failure>, SubscriberProtocol,
  @unchecked Sendable
{
  // Lock discipline: immutable; the core serializes everything (see ``SubjectCore``).
  @usableFromInline let core: SubjectCore<Value, Failure>

  // The core's subscribers hold it (see `SubscriptionOwner`): they let go of it here.
  deinit { core.abandon() }

  /// The number of values kept for new subscribers (`Int.max` means unlimited).
  public let capacity: Int

  /// A replay subject keeping the latest `capacity` values (unlimited by default).
  @inlinable
  public init(capacity: Int = .max) {
    precondition(capacity >= 0, "ReplaySubject capacity must not be negative")
    self.capacity = capacity
    core = SubjectCore(policy: .buffer(capacity: capacity))
    super.init(name: .source("+replaySubject")) { signal, sink, scope in
      unsafeDowncast(signal, to: ReplaySubject<Value, Failure>.self).core.attach(sink, scope: scope)
    }
  }

  /// Records `value` and sends it to every current subscriber.
  @inlinable
  public func sendNext(_ value: Value) { core.send(.next(value)) }

  /// Records and sends `error`; later sends are ignored.
  @inlinable
  public func sendError(_ error: Failure) { core.send(.error(error)) }

  /// Records and sends completion; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }

  /// Records and sends `event`.
  @inlinable
  public func send(_ event: Event<Value, Failure>) { core.send(event) }

  /// Whether the subject has terminated.
  public var isDisposed: Bool { core.isTerminated }

  /// Keeps `disposable` (a subscription feeding the subject) until the subject terminates.
  public func didSubscribe(with disposable: any Disposable) { core.didSubscribe(with: disposable) }
}
