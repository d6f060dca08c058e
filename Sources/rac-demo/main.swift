import Foundation

let usage = """
  usage: rac-demo [--list | --help | <scenario>...]

  Runs the ReactiveCocoa seed scenarios with RACSwift: each one is narrated, run, and judged.
  With no argument every scenario runs, in order.

    --list      list the scenarios
    --help      show this help
  """

/// Prints one scenario's story and returns whether it passed.
func present(_ scenario: Scenario) -> Bool {
  print("== \(scenario.name) — \(scenario.title)")
  print("   seed \(scenario.seed)")
  print()
  print(scenario.narration)
  print()
  for line in scenario.code.split(separator: "\n", omittingEmptySubsequences: false) {
    print("    \(line)")
  }
  print()
  let verdict = scenario.run { print("  \($0)") }
  print()
  print("\(verdict.passed ? "✔" : "✘") \(verdict.summary)")
  print()
  return verdict.passed
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
if arguments.contains("--list") {
  for scenario in Scenario.all { print("\(scenario.name)\t\(scenario.title)") }
  exit(0)
}
var selected: [Scenario] = []
for name in arguments {
  guard let scenario = Scenario.all.first(where: { $0.name == name }) else {
    let message = "rac-demo: unknown scenario '\(name)' (try --list)\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(64)
  }
  selected.append(scenario)
}
if selected.isEmpty { selected = Scenario.all }
let failures = selected.filter { !present($0) }.count
exit(failures == 0 ? 0 : 1)
