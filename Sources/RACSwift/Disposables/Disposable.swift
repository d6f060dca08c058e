/// Something that can be cancelled or cleaned up, once (RAC's `RACDisposable`).
///
/// Disposing a subscription cancels its work (timers, requests, inner subscriptions) and releases
/// what it held. `dispose()` is idempotent and safe to call from any thread; `isDisposed` may
/// change concurrently, so read it as a hint.
///
/// ```swift
/// let subscription = ticks.subscribe(next: { print($0) })
/// subscription.dispose()  // no value is delivered after this returns
/// ```
public protocol Disposable: AnyObject, Sendable {
  /// Performs the disposal; later calls do nothing.
  func dispose()
  /// Whether `dispose()` has been called (or the subscription has finished).
  var isDisposed: Bool { get }
}

extension Disposable {
  /// A ``ScopedDisposable`` that disposes the receiver when the scoped one is deinitialized
  /// (RAC's `-asScopedDisposable`).
  public func scoped() -> ScopedDisposable { ScopedDisposable(self) }
}
