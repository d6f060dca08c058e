import Foundation

/// **These block the calling thread** until the signal produces what they wait for. Called on an
/// actor — the main actor, say — they run the work that the chain's stages carry to that actor
/// while they wait (a `@MainActor` `doNext`, `map`, `deliverOnMainThread()`, …), so such a chain
/// still completes. Calling one on a thread that something else in the chain waits
/// for (a `deliver(on:)` scheduler's queue) still deadlocks. In async code, Swift picks the
/// `async` overloads with the same names, which suspend instead of blocking.
extension Signal {
  /// Blocks until the first value, then disposes the subscription and returns it; `nil` if the
  /// signal completes without one (RAC's `-first`). Throws the signal's error.
  ///
  /// ```swift
  /// let token = try login.first()
  /// ```
  public func first(isolation: isolated (any Actor)? = #isolation) throws(Failure) -> Value? {
    try blockingWait(stopAtFirstValue: true, holding: isolation).get().first
  }

  /// Blocks until the first value, or returns `defaultValue` if the signal completes without one
  /// (RAC's `-firstOrDefault:`). Throws the signal's error.
  ///
  /// ```swift
  /// let name = try profile.map(\.name).firstOrDefault("anonymous")
  /// ```
  public func firstOrDefault(
    _ defaultValue: Value, isolation: isolated (any Actor)? = #isolation
  ) throws(Failure) -> Value {
    try first(isolation: isolation) ?? defaultValue
  }

  /// Blocks until the signal completes (RAC's `-waitUntilCompleted:`). Throws its error.
  ///
  /// ```swift
  /// try saveAll.waitUntilCompleted()  // blocks this thread; never call it on the main thread
  /// ```
  public func waitUntilCompleted(isolation: isolated (any Actor)? = #isolation) throws(Failure) {
    _ = try blockingWait(stopAtFirstValue: false, keepValues: false, holding: isolation).get()
  }

  /// Blocks until the signal completes and returns all its values (RAC's `-toArray`). Throws its
  /// error.
  ///
  /// ```swift
  /// let pages = try pageSignal.toArray()  // blocks until the last page has arrived
  /// ```
  public func toArray(isolation: isolated (any Actor)? = #isolation) throws(Failure) -> [Value] {
    try blockingWait(stopAtFirstValue: false, holding: isolation).get()
  }

  /// Blocks until the signal completes and returns its last value, `nil` if it had none. Throws
  /// its error.
  public func last(isolation: isolated (any Actor)? = #isolation) throws(Failure) -> Value? {
    try blockingWait(stopAtFirstValue: false, holding: isolation).get().last
  }

  /// Subscribes without an actor and waits. `actor` is the caller's: the one this thread holds
  /// while it blocks, or the main actor for code on the main queue that Swift does not know to be
  /// isolated (a nonisolated function called there).
  ///
  /// Detached from the thread's stack guard (``StackGuard/detached(_:)``): called from deep
  /// inside a chain, its subscription must not wait for a frame below this blocked call.
  private func blockingWait(
    stopAtFirstValue: Bool, keepValues: Bool = true, holding actor: (any Actor)?
  ) -> Result<[Value], Failure> {
    StackGuard.detached {
      let waiter = BlockingWaiter<Value, Failure>()
      let subscription = subscribe(
        next: { value in
          waiter.receive(.next(value), keep: keepValues)
          if stopAtFirstValue { waiter.receive(.completed, keep: false) }
        },
        error: { waiter.receive(.error($0), keep: false) },
        completed: { waiter.receive(.completed, keep: false) },
        isolation: nil)
      let held: (any Actor)? = actor ?? (MainThread.isCurrent ? MainActor.shared : nil)
      let result = waiter.wait(holding: held)
      subscription.dispose()
      return result
    }
  }
}
