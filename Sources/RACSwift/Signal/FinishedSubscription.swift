/// The disposable returned for a subscription that finished before `subscribe` returned: a
/// synchronous signal (``Signal/isSynchronous``) subscribed with handlers, without an actor to
/// deliver on. Such a subscription delivers all its events, the terminal one included, during
/// `subscribe`, so it needs no subscription record on the heap and is not counted in a
/// ``SubscriptionLedger``; what it returns is already disposed, and disposing it does nothing.
///
/// One instance serves every such subscription. It is created statically (a final class with no
/// stored properties), so the runtime never counts references to it and threads returning it
/// share nothing they write.
@usableFromInline
final class FinishedSubscription: Disposable {
  @usableFromInline init() {}

  /// Does nothing: the subscription has finished.
  @usableFromInline func dispose() {}

  /// Always `true`.
  @usableFromInline var isDisposed: Bool { true }
}

/// The one ``FinishedSubscription``.
@usableFromInline let finishedSubscription = FinishedSubscription()
