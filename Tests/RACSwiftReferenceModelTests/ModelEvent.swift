/// What one event of a model timeline is: values are non-negative `Int`s, an error carries a
/// code (the library side's `ModelError`).
enum Kind: Equatable, CustomStringConvertible {
  case next(Int)
  case error(Int)
  case completed

  var isTerminal: Bool {
    if case .next = self { return false }
    return true
  }

  var description: String {
    switch self {
    case .next(let value): "next(\(value))"
    case .error(let code): "error(\(code))"
    case .completed: "completed"
    }
  }
}

/// An event at a virtual time (milliseconds since the top-level subscription), with its cause.
///
/// The cause names the synchronous cascade the event belongs to: one action of the scheduler (a
/// source's recorded event, a timer) or the top-level subscription. Everything one action
/// does happens before the scheduler runs the next one, so events of one cause keep the order
/// the model builds; events of two causes at the same time are ordered by the scheduler's
/// bookkeeping, which the model does not imitate: where their order matters, the model throws
/// ``Ambiguous`` and the case is skipped (and counted).
struct Stamped: CustomStringConvertible {
  var time: Int
  var cause: Int
  var kind: Kind

  var description: String { "\(kind)@\(time)" }
}

/// A finite stretch of a signal's life: its events in delivery order (times never decrease), at
/// most one terminal event, last.
typealias Timeline = [Stamped]

/// The model cannot tell the order of two events at the same virtual time from independent
/// causes; the case is skipped.
struct Ambiguous: Error, CustomStringConvertible {
  let reason: String
  var description: String { "ambiguous: \(reason)" }
}

/// The evaluation state of one case: the horizon (the subscriber's disposal time: nothing later
/// is observed) and a supply of fresh causes.
final class ModelContext {
  let horizon: Int
  let inners: [Chain]
  let leaves: [ColdTimeline]
  private var lastCause = 0

  init(horizon: Int, leaves: [ColdTimeline], inners: [Chain]) {
    self.horizon = horizon
    self.leaves = leaves
    self.inners = inners
  }

  /// A cause no other event has.
  func freshCause() -> Int {
    lastCause += 1
    return lastCause
  }

  /// The inner chain a higher-order operator picks for `value` (or an error code).
  func inner(for value: Int) -> Chain { inners[innerIndex(value, count: inners.count)] }
}

extension Array where Element == Stamped {
  /// The events up to and including the first terminal one.
  func endingAtFirstTerminal() -> Timeline {
    guard let index = firstIndex(where: { $0.kind.isTerminal }) else { return self }
    return Array(self[...index])
  }

  /// The terminal event, if the timeline has one.
  var terminal: Stamped? { last.flatMap { $0.kind.isTerminal ? $0 : nil } }

  /// The events a subscriber disposed of at `horizon` observes.
  func upTo(_ horizon: Int) -> Timeline { filter { $0.time <= horizon } }
}

/// Which of `count` inner chains a value (or an error code) picks: `value` modulo `count`, also
/// for the negative values `materialize` encodes.
func innerIndex(_ value: Int, count: Int) -> Int { (value % count + count) % count }
