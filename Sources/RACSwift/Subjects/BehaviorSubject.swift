/// A subject that holds a current value (RAC's `RACBehaviorSubject`): a new subscriber receives
/// the latest value (or the initial one) at once, then live events.
///
/// Once terminated, a late subscriber receives only the terminal event, as with ``Subject``. See
/// ``Subject`` for delivery order.
///
/// ```swift
/// let volume = BehaviorSubject<Int, Never>(value: 5)
/// volume.subscribe(next: { print($0) })  // 5
/// volume.sendNext(7)                      // 7
/// volume.value                            // 7
/// ```
public final class BehaviorSubject<Value, Failure: Error>: Signal<Value, Failure>,
  SubscriberProtocol, @unchecked Sendable
{
  // Lock discipline: immutable; the core serializes everything (see ``SubjectCore``).
  @usableFromInline let core: SubjectCore<Value, Failure>

  // The core's subscribers hold it (see `SubscriptionOwner`): they let go of it here.
  deinit { core.abandon() }

  /// A behavior subject whose current value is `value`.
  @inlinable
  public init(value: Value) {
    core = SubjectCore(policy: .latest, initial: value)
    super.init(name: .source("+behaviorSubject")) { signal, sink, scope in
      unsafeDowncast(signal, to: BehaviorSubject<Value, Failure>.self).core.attach(
        sink, scope: scope)
    }
  }

  /// The latest value sent (or the initial one).
  public var value: Value { core.currentValue! }

  /// Makes `value` current and sends it to every current subscriber.
  @inlinable
  public func sendNext(_ value: Value) { core.send(.next(value)) }

  /// Sends `error`; later sends are ignored.
  @inlinable
  public func sendError(_ error: Failure) { core.send(.error(error)) }

  /// Sends completion; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }

  /// Sends `event`.
  @inlinable
  public func send(_ event: Event<Value, Failure>) { core.send(event) }

  /// Whether the subject has terminated.
  public var isDisposed: Bool { core.isTerminated }

  /// Keeps `disposable` (a subscription feeding the subject) until the subject terminates.
  public func didSubscribe(with disposable: any Disposable) { core.didSubscribe(with: disposable) }
}
