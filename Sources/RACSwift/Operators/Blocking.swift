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

/// The state a blocking operator waits on.
///
/// Lock discipline: `values` and `outcome` are read and written with `condition` locked.
final class BlockingWaiter<Value, Failure: Error>: @unchecked Sendable {
  private let condition = NSCondition()
  private var values: [Value] = []
  private var outcome: Result<Void, Failure>?

  func receive(_ event: Event<Value, Failure>, keep: Bool) {
    condition.lock()
    defer { condition.unlock() }
    guard outcome == nil else { return }
    switch event {
    case .next(let value): if keep { values.append(value) }
    case .error(let error):
      outcome = .failure(error)
      condition.broadcast()
    case .completed:
      outcome = .success(())
      condition.broadcast()
    }
  }

  /// Waits for the outcome. A thread that holds `actor` runs the work queued for it meanwhile
  /// (see ``ActorRunQueue``): the signal may need that actor to get there.
  func wait(holding actor: (any Actor)?) -> Result<[Value], Failure> {
    if let actor { runQueuedWork(of: actor) }
    condition.lock()
    defer { condition.unlock() }
    while outcome == nil { condition.wait() }
    switch outcome! {
    case .success: return .success(values)
    case .failure(let error): return .failure(error)
    }
  }

  /// Runs the work queued for `actor` until the outcome is known.
  private func runQueuedWork(of actor: any Actor) {
    let waker = ActorWaiter(condition: condition)
    ActorRunQueue.shared.register(waker, for: actor)
    defer { ActorRunQueue.shared.unregister(waker, for: actor) }
    let id = ObjectIdentifier(actor)
    while true {
      ActorRunQueue.shared.runAll(id)
      condition.lock()
      while outcome == nil && waker.pokes == 0 { condition.wait() }
      let done = outcome != nil
      waker.pokes = 0
      condition.unlock()
      if done { return }
    }
  }
}

/// A thread blocked in a blocking operator while it holds an actor: woken when work is queued
/// for that actor, which it then runs (see ``ActorRunQueue``).
///
/// Lock discipline: `pokes` is read and written only with `condition` locked (the condition of
/// the ``BlockingWaiter`` it belongs to).
final class ActorWaiter: @unchecked Sendable {
  let condition: NSCondition
  /// How often work was queued since the waiter last looked.
  var pokes = 0

  init(condition: NSCondition) { self.condition = condition }

  /// Work was queued for the actor: wake the waiter.
  func poke() {
    condition.lock()
    pokes += 1
    condition.broadcast()
    condition.unlock()
  }
}

extension Signal {
  /// The first value, suspending (not blocking) until it arrives; `nil` if the signal completes
  /// without one. Cancelling the task disposes the subscription.
  ///
  /// ```swift
  /// let token = try await login.first()
  /// ```
  public func first() async throws(Failure) -> Value? {
    for try await value in values { return value }
    return nil
  }

  /// The first value, or `defaultValue` if the signal completes without one.
  public func firstOrDefault(_ defaultValue: Value) async throws(Failure) -> Value {
    try await first() ?? defaultValue
  }

  /// Suspends until the signal completes.
  public func waitUntilCompleted() async throws(Failure) {
    for try await _ in values {}
  }

  /// All values, once the signal completes.
  public func toArray() async throws(Failure) -> [Value] {
    var result: [Value] = []
    for try await value in values { result.append(value) }
    return result
  }

  /// The last value once the signal completes, `nil` if it had none.
  public func last() async throws(Failure) -> Value? {
    var result: Value?
    for try await value in values { result = value }
    return result
  }
}
