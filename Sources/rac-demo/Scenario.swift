import RACSwift

/// One demonstration: a ReactiveCocoa 2 example told, run and judged.
struct Scenario: Sendable {
  /// The name used on the command line.
  let name: String
  /// What it shows, in a reader's words: the heading of its section and of its SVG.
  let title: String
  /// Where the example comes from in ReactiveCocoa 2 and the articles about it, in a sentence.
  let source: String
  /// The DocC article that explains it.
  let article: String
  /// A paragraph of narration.
  let narration: String
  /// The shape of the code it demonstrates.
  let code: String
  /// What the labels of its diagram stand for: `("s", "a press that started a submission")`.
  let labels: [(labels: String, meaning: String)]
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
    .cold, .multicast, .command, .buttonSignal, .sequence, .operators, .schedulers, .leak,
  ]
}
