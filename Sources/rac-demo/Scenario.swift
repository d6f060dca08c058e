/// One demonstration: a seed scenario told, run and judged.
struct Scenario: Sendable {
  /// The name used on the command line.
  let name: String
  /// One line saying what it shows.
  let title: String
  /// Which seed document it comes from.
  let seed: String
  /// A paragraph of narration.
  let narration: String
  /// The shape of the code it demonstrates.
  let code: String
  /// Runs the scenario, printing what happens through `log`; returns the verdict.
  let run: @Sendable (_ log: (String) -> Void) -> Verdict
}

/// How a scenario turned out.
struct Verdict: Sendable {
  let passed: Bool
  let summary: String

  static func check(_ condition: Bool, _ summary: String) -> Verdict {
    Verdict(passed: condition, summary: summary)
  }
}

extension Scenario {
  /// Every scenario, in the order `rac-demo` runs them.
  static let all: [Scenario] = [.cold, .multicast]
}
