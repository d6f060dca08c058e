/// Something that can be cancelled or cleaned up, once (RAC's `RACDisposable`).
///
/// Disposing a subscription cancels its work (timers, requests, inner subscriptions) and releases
/// what it held. `dispose()` is idempotent and safe to call from any thread; `isDisposed` may
/// change concurrently, so read it as a hint.
///
/// ```swift
/// let subscription = ticks.subscribe(next: { print($0) })
/// subscription.dispose()  // no handler starts after this returns
/// ```
///
/// For a subscription made with handlers (`subscribe(next:error:completed:)`, a ``Subscriber``),
/// `dispose()` is a fence: from another thread while one of its handlers runs, it waits for that
/// handler to return; from inside one of its own handlers, it returns at once. So a handler that
/// blocks until the disposing thread does something deadlocks, as with RAC 2's subscriber.
///
/// **End every subscription you start**: by its own `error` or `completed`, by `dispose()`, or by
/// tying it to an owner (``Signal/take(during:)``, a binding into an ``Observed`` property, a
/// ``ScopedDisposable``). A subscription that never ends, dropped by everyone, is freed when its
/// sources are — for operators with one input, `combineLatest`, `zip`, `switchToLatest` and
/// `take(until:)` — but not for those that run inner subscriptions in child scopes (`merge`,
/// `flattenMap`, `flatten`, `concat`, `catch`, `retry`): the subscription reaches each inner one
/// to cancel it, and each inner one reaches the shared state to deliver, and breaking that cycle
/// without a terminal event would cost every inner subscription an allocation. Such a
/// subscription stays in the ``SubscriptionLedger``, which is how a test finds it.
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
