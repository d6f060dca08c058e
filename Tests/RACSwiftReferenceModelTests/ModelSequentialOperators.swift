// Operators that subscribe to a second signal when the first one ends: the second subscription
// is made at the time, and inside the cascade, of the terminal event that ends the first.

extension ModelContext {
  /// The first input's values, then — when it completes — the second's (RAC's `-concat:`).
  func concat(_ first: Chain, _ second: Chain, at time: Int, cause: Int) throws -> Timeline {
    let head = try evaluate(first, at: time, cause: cause)
    guard let end = head.terminal, end.kind == .completed else { return head }
    return head.dropLast() + (try evaluate(second, at: end.time, cause: end.cause))
  }

  /// No values of the first input; when it completes, the second input (RAC's `-then:`).
  func then(_ first: Chain, _ second: Chain, at time: Int, cause: Int) throws -> Timeline {
    let head = try evaluate(first, at: time, cause: cause).filter { $0.kind.isTerminal }
    guard let end = head.terminal, end.kind == .completed else { return head }
    return try evaluate(second, at: end.time, cause: end.cause)
  }

  /// The input until it fails; then the inner chain picked by the error code (RAC's `-catch:`).
  func catchError(_ input: Chain, at time: Int, cause: Int) throws -> Timeline {
    let head = try evaluate(input, at: time, cause: cause)
    guard let end = head.terminal, case .error(let code) = end.kind else { return head }
    return head.dropLast() + (try evaluate(inner(for: code), at: end.time, cause: end.cause))
  }

  /// The input, subscribed again at each error, at most `count` times (forever when `nil`);
  /// the last error is forwarded (RAC's `-retry:`; the library's `retry(0)` does not retry,
  /// `retry()` retries forever).
  func retry(_ count: Int?, _ input: Chain, at time: Int, cause: Int) throws -> Timeline {
    var output: Timeline = []
    var start = (time: time, cause: cause)
    var retriesLeft = count
    while true {
      let attempt = try evaluate(input, at: start.time, cause: start.cause)
      guard let end = attempt.terminal, case .error = end.kind, retriesLeft ?? 1 > 0 else {
        return output + attempt
      }
      // `retry()` of an input that fails while subscribing would retry forever at one instant
      // (so would the library): such a case is skipped.
      guard end.time > start.time || count != nil else {
        throw Ambiguous(reason: "retry() of a synchronous error never ends")
      }
      output += attempt.dropLast()
      start = (end.time, end.cause)
      retriesLeft = retriesLeft.map { $0 - 1 }
    }
  }

  /// The input, subscribed again each time it completes, forever; an error ends it (RAC's
  /// `-repeat`).
  func repeatForever(_ input: Chain, at time: Int, cause: Int) throws -> Timeline {
    var output: Timeline = []
    var start = (time: time, cause: cause)
    while true {
      let attempt = try evaluate(input, at: start.time, cause: start.cause)
      guard let end = attempt.terminal, end.kind == .completed else { return output + attempt }
      // An input that completes while subscribing repeats forever at one instant (so would the
      // library): such a case is skipped.
      guard end.time > start.time else {
        throw Ambiguous(reason: "repeat() of a synchronous completion never ends")
      }
      output += attempt.dropLast()
      start = (end.time, end.cause)
    }
  }
}
