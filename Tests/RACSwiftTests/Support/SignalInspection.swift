import RACSwiftTesting
import Testing

@testable import RACSwift

/// Every event a signal sends, as text, for signals whose values are tuples.
final class EventLog: @unchecked Sendable {
  private(set) var lines: [String] = []
  private var subscriptions: [any Disposable] = []

  func record<Value, Failure>(_ signal: Signal<Value, Failure>) {
    subscriptions.append(
      signal.subscribe(
        next: { self.lines.append("\($0)") }, error: { self.lines.append("error \($0)") },
        completed: { self.lines.append("completed") }))
  }

  /// The events of a signal that finishes while it is subscribed.
  static func of<Value, Failure>(_ signal: Signal<Value, Failure>) -> [String] {
    let log = EventLog()
    log.record(signal)
    return log.lines
  }
}

/// The signals `signal` was made from, as its name records them: the inputs of an operator with
/// several, the receiver of any other.
func inputs<Value, Failure>(of signal: Signal<Value, Failure>) -> [AnyObject] {
  switch signal.nameNode {
  case .many(_, let inputs): inputs
  case .inputs: signal.nameInputs()
  case .binary(let input, _, let other): [input, other]
  case .applied(let input, _, _): [input ?? signal.nameInput()!]
  case .alias(let input): [input ?? signal.nameInput()!]
  case .source: []
  }
}

/// Whether `signals` are `expected`, object for object: the operator was applied to them, not to
/// `promoteError()`s of them.
func areInputs(_ signals: [AnyObject], _ expected: [AnyObject]) -> Bool {
  signals.count == expected.count && zip(signals, expected).allSatisfy { $0 === $1 }
}

let failure = TestError(code: 9)
