/// Something that receives a signal's events (RAC's `RACSubscriber`): a ``Subscriber`` or any of
/// the subjects, which is what lets `signal.subscribe(subject)` share one subscription.
///
/// Conforming types must accept calls from any thread and deliver serially, ignore everything
/// after a terminal event, and dispose the subscriptions handed to ``didSubscribe(with:)`` when
/// they terminate.
public protocol SubscriberProtocol<Value, Failure>: AnyObject, Sendable {
  /// The type of the values received.
  associatedtype Value
  /// The type of the failure received.
  associatedtype Failure: Error

  /// Receives a value.
  func sendNext(_ value: Value)
  /// Receives a failure; nothing is received after it.
  func sendError(_ error: Failure)
  /// Receives completion; nothing is received after it.
  func sendCompleted()
  /// Receives any event.
  func send(_ event: Event<Value, Failure>)
  /// Whether the subscriber has terminated or been disposed (it then ignores events).
  var isDisposed: Bool { get }
  /// Hands the subscriber the disposable of one subscription feeding it (RAC's
  /// `didSubscribeWithDisposable:`); a terminal event must dispose all of them.
  func didSubscribe(with disposable: any Disposable)
}

extension SubscriberProtocol {
  /// Forwards to ``sendNext(_:)``, ``sendError(_:)`` or ``sendCompleted()``.
  @inlinable
  public func send(_ event: Event<Value, Failure>) {
    switch event {
    case .next(let value): sendNext(value)
    case .error(let error): sendError(error)
    case .completed: sendCompleted()
    }
  }
}
