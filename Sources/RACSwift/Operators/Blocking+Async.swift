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
