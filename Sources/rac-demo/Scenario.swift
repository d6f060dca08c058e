import RACSwift

/// One demonstration: a seed scenario told, run and judged.
struct Scenario: Sendable {
  /// The name used on the command line.
  let name: String
  /// One line saying what it shows.
  let title: String
  /// Which seed document it comes from.
  let seed: String
  /// The DocC article that explains it.
  let article: String
  /// A paragraph of narration.
  let narration: String
  /// The shape of the code it demonstrates.
  let code: String
  /// What the labels of its diagram stand for, one per line: `"s  a press that started…"`.
  let labels: [String]
  /// Plays the scenario on `stage` and returns the verdict.
  let run: @Sendable (_ stage: Stage) -> Verdict
}

/// How a scenario turned out.
struct Verdict: Sendable {
  /// Whether the scenario showed what it claims.
  let passed: Bool
  /// One line saying what was shown (or what went wrong).
  let summary: String

  /// A verdict that passes when `condition` holds; `failure` says what went wrong otherwise.
  static func check(_ condition: Bool, _ summary: String, failure: @autoclosure () -> String = "")
    -> Verdict
  {
    if condition { return Verdict(passed: true, summary: summary) }
    let reason = failure()
    return Verdict(passed: false, summary: reason.isEmpty ? "NOT SHOWN: \(summary)" : reason)
  }
}

extension Scenario {
  /// Every scenario, in the order `rac-demo` runs them.
  static let all: [Scenario] = [
    .cold, .multicast, .command, .buttonSignal, .sequence, .operators, .schedulers,
  ]
}
