import Foundation

/// **These block the calling thread** until the signal produces what they wait for. Calling one
/// on a thread the signal needs — for instance on the main queue for a signal that delivers on
/// the main queue — deadlocks. In async code, Swift picks the `async` overloads with the same
/// names, which suspend instead of blocking.
extension Signal {
  /// Blocks until the first value, then disposes the subscription and returns it; `nil` if the
  /// signal completes without one (RAC's `-first`). Throws the signal's error.
  ///
  /// ```swift
  /// let token = try login.first()
  /// ```
  public func first() throws(Failure) -> Value? {
    try blockingWait(stopAtFirstValue: true).get().first
  }

  /// Blocks until the first value, or returns `defaultValue` if the signal completes without one
  /// (RAC's `-firstOrDefault:`). Throws the signal's error.
  ///
  /// ```swift
  /// let name = try profile.map(\.name).firstOrDefault("anonymous")
  /// ```
  public func firstOrDefault(_ defaultValue: Value) throws(Failure) -> Value {
    try first() ?? defaultValue
  }

  /// Blocks until the signal completes (RAC's `-waitUntilCompleted:`). Throws its error.
  ///
  /// ```swift
  /// try saveAll.waitUntilCompleted()  // blocks this thread; never call it on the main thread
  /// ```
  public func waitUntilCompleted() throws(Failure) {
    _ = try blockingWait(stopAtFirstValue: false, keepValues: false).get()
  }

  /// Blocks until the signal completes and returns all its values (RAC's `-toArray`). Throws its
  /// error.
  ///
  /// ```swift
  /// let pages = try pageSignal.toArray()  // blocks until the last page has arrived
  /// ```
  public func toArray() throws(Failure) -> [Value] {
    try blockingWait(stopAtFirstValue: false).get()
  }

  /// Blocks until the signal completes and returns its last value, `nil` if it had none. Throws
  /// its error.
  public func last() throws(Failure) -> Value? {
    try blockingWait(stopAtFirstValue: false).get().last
  }

  private func blockingWait(
    stopAtFirstValue: Bool, keepValues: Bool = true
  ) -> Result<[Value], Failure> {
    let waiter = BlockingWaiter<Value, Failure>()
    let subscription = subscribe(
      next: { value in
        waiter.receive(.next(value), keep: keepValues)
        if stopAtFirstValue { waiter.receive(.completed, keep: false) }
      },
      error: { waiter.receive(.error($0), keep: false) },
      completed: { waiter.receive(.completed, keep: false) },
      isolation: nil)
    let result = waiter.wait()
    subscription.dispose()
    return result
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

  func wait() -> Result<[Value], Failure> {
    condition.lock()
    defer { condition.unlock() }
    while outcome == nil { condition.wait() }
    switch outcome! {
    case .success: return .success(values)
    case .failure(let error): return .failure(error)
    }
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
