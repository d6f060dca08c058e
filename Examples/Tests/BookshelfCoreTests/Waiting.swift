import RACSwift

extension Property where Value: Sendable {
  /// Waits until the value satisfies `condition` and returns it: for values that arrive from the
  /// loopback server's threads and are carried to the main actor. Never sleeps.
  @discardableResult
  func wait(
    until condition: (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) async -> Value? {
    for await value in signal.values where condition(value) {
      return value
    }
    return nil
  }
}

/// Yields to the main actor until `condition` holds: for what other threads change.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}
