/// The end of a chain subscribed with `subscribe(next:error:completed:)`: the root scope of the
/// subscription and the user's handlers in one object, returned to the caller as the
/// subscription's disposable.
///
/// It needs no lock: a signal delivers serially (sources and subjects serialize at the
/// boundary). A terminal event disposes the subscription before its handler runs, as in
/// RAC; nothing is delivered once the subscription is disposed, and once `dispose()` has
/// returned no handler starts (``HandlerFence``).
@usableFromInline
final class HandlerScope<Value, Failure: Error>: SubscriptionScope, @unchecked Sendable {
  @usableFromInline let next: ((Value) -> Void)?
  @usableFromInline let error: ((Failure) -> Void)?
  @usableFromInline let completed: (() -> Void)?
  @usableFromInline let fence = HandlerFence()

  @inlinable
  init(
    next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?,
    origin: SubscriptionOrigin
  ) {
    self.next = next
    self.error = error
    self.completed = completed
    super.init(origin: origin)
  }

  @inlinable @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    switch event {
    case .next(let value):
      guard let next else { return }
      fence.run(unlessDisposed: self) { next(value) }
    case .error(let failure):
      fence.runTerminal(
        of: self, ending: { disposeIfNeeded() }, handler: { error?(failure) })
    case .completed:
      fence.runTerminal(
        of: self, ending: { disposeIfNeeded() }, handler: { completed?() })
    }
  }

  @usableFromInline
  override func didReturnFromDisposal(_ didDispose: Bool) {
    fence.waitForHandlers(of: self, didDispose: didDispose)
  }
}

/// ``HandlerScope`` for the common `subscribe(next:)`: only a value handler, 32 bytes smaller.
@usableFromInline
final class NextHandlerScope<Value, Failure: Error>: SubscriptionScope, @unchecked Sendable {
  @usableFromInline let next: (Value) -> Void
  @usableFromInline let fence = HandlerFence()

  @inlinable
  init(next: @escaping (Value) -> Void, origin: SubscriptionOrigin) {
    self.next = next
    super.init(origin: origin)
  }

  @inlinable @inline(__always)
  func receive(_ event: Event<Value, Failure>) {
    if case .next(let value) = event {
      fence.run(unlessDisposed: self) { next(value) }
    } else {
      fence.runTerminal(
        of: self, ending: { disposeIfNeeded() }, handler: {})
    }
  }

  @usableFromInline
  override func didReturnFromDisposal(_ didDispose: Bool) {
    fence.waitForHandlers(of: self, didDispose: didDispose)
  }
}
