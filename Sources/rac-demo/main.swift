import Foundation

let usage = """
  usage: swift run rac-demo [--svg DIR] [<scenario>...]
         swift run rac-demo --list | --help

  Plays examples from ReactiveCocoa 2 and the articles written about it, rebuilt with RACSwift:
  each one is told, run, drawn as a marble diagram (with a key to its marks and labels) and
  checked against what it claims. With no scenario named, every scenario runs, in order. Type
  the commands in the package's folder, as they are written here: `swift run rac-demo cold`,
  `swift run rac-demo --list`, `swift run rac-demo --svg /tmp/diagrams cold`. (Once built, the
  program itself, .build/debug/rac-demo, takes the same arguments.)

    <scenario>  run only the named scenarios (see --list)
    --svg DIR   also write each scenario's marble diagram to DIR/<scenario>.svg
    --list      list the scenarios
    --help      show this help

  Exit status: 0 when every scenario shows what it claims, 1 when one does not, 64 for bad
  arguments, 73 when the SVG folder cannot be created or a file in it cannot be written.
  """

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("rac-demo: \(message)\n".utf8))
  exit(status)
}

/// The widest line the demo prints, in terminal columns.
let lineLimit = 100

/// `text` broken into lines of at most `width` terminal columns (see `columns(_:)`), each
/// indented by `indent`; the first line instead starts with `first` (as long as `indent`) when
/// given. Lines break only at plain spaces: words joined by `unbroken(_:)` stay on one line,
/// printed with plain spaces.
func wrap(_ text: String, width: Int = lineLimit, indent: String = "", first: String? = nil)
  -> String
{
  var lines: [String] = []
  var line = ""
  var lineColumns = 0
  for word in text.split(separator: " ") {
    let wordColumns = columns(word)
    if !line.isEmpty && lineColumns + 1 + wordColumns > width - indent.count {
      lines.append(line)
      line = ""
    }
    lineColumns = line.isEmpty ? wordColumns : lineColumns + 1 + wordColumns
    line += line.isEmpty ? String(word) : " " + word
  }
  if !line.isEmpty { lines.append(line) }
  return lines.enumerated().map { index, line in
    (index == 0 ? first ?? indent : indent) + line.replacingOccurrences(of: noBreakSpace, with: " ")
  }.joined(separator: "\n")
}

/// Plays `scenario`, prints its story, writes its SVG into `svgDirectory` if given; returns
/// whether it passed.
func present(_ scenario: Scenario, number: Int, of total: Int, svgDirectory: URL?) -> Bool {
  let heading = "━━ \(number)/\(total)  "
  print(
    wrap(
      scenario.title, indent: String(repeating: " ", count: heading.count), first: heading))
  print(
    wrap(
      unbroken("`swift run rac-demo \(scenario.name)`")
        + " runs this one alone. \(scenario.source)",
      indent: "   "))
  print(
    wrap(
      "More in the DocC article \(scenario.article) "
        + "(RACSwift.docc/\(scenario.article).md)", indent: "   "))
  print()
  print(wrap(scenario.narration))
  print()
  for line in scenario.code.split(separator: "\n", omittingEmptySubsequences: false) {
    print(line.isEmpty ? "" : "    \(line)")
  }
  print()
  let stage = Stage()
  let started = ContinuousClock.now
  let verdict = scenario.run(stage)
  let elapsed = ContinuousClock.now - started
  print("  what happened (tN: at step N of the diagram below):")
  for line in stage.lines {
    // "t12  …": a long line goes on under its text, not under the step.
    let step = String(line.prefix { $0 != " " }) + "  "
    let text = String(line.dropFirst(step.count))
    let indent = String(repeating: " ", count: 4 + step.count)
    print(wrap(text, indent: indent, first: "    " + step))
  }
  print()
  let diagram = stage.diagram(title: scenario.title, labels: scenario.labels)
  print("  marble diagram (a row per signal, a column per step of the story):")
  for line in diagram.text.split(separator: "\n") { print("    \(line)") }
  print("  key:")
  let entries = diagram.legendEntries
  let symbolWidth = entries.map(\.symbol.count).max() ?? 0
  for entry in entries {
    // "symbol  meaning", the meanings in a column: a long one goes on under itself.
    let symbol = entry.symbol.padding(toLength: symbolWidth, withPad: " ", startingAt: 0)
    let indent = String(repeating: " ", count: 4 + symbolWidth + 2)
    print(wrap(entry.meaning, indent: indent, first: "    " + symbol + "  "))
  }
  if let svgDirectory {
    let file = svgDirectory.appendingPathComponent("\(scenario.name).svg")
    do {
      try diagram.writeSVG(to: file)
      print("  drawn to \(file.path)")
    } catch {
      fail("cannot write \(file.path): \(error.localizedDescription)", status: 73)
    }
  }
  print()
  let milliseconds =
    elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
  print(
    wrap(
      "\(scenario.name): \(verdict.summary)  (\(milliseconds) ms)", indent: "  ",
      first: verdict.passed ? "✔ " : "✘ "))
  print()
  return verdict.passed
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
if arguments.contains("--list") {
  guard arguments == ["--list"] else {
    fail("--list takes no other arguments (see swift run rac-demo --help)", status: 64)
  }
  let width = Scenario.all.map(\.name.count).max() ?? 0
  for scenario in Scenario.all {
    print(
      scenario.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + scenario.title)
  }
  exit(0)
}
var svgDirectory: URL?
if let index = arguments.firstIndex(of: "--svg") {
  guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
    fail("--svg needs a directory (see swift run rac-demo --help)", status: 64)
  }
  let directory = URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
  if let problem = createFolder(directory) {
    fail("cannot create the folder \(directory.path): \(problem)", status: 73)
  }
  svgDirectory = directory
  arguments.removeSubrange(index...(index + 1))
}
var selected: [Scenario] = []
for name in arguments {
  if name.hasPrefix("-") {
    fail("unknown option '\(name)' (see swift run rac-demo --help)", status: 64)
  }
  guard let scenario = Scenario.all.first(where: { $0.name == name }) else {
    fail("unknown scenario '\(name)' (swift run rac-demo --list lists them)", status: 64)
  }
  selected.append(scenario)
}
if selected.isEmpty { selected = Scenario.all }
let started = ContinuousClock.now
var failed: [String] = []
for (index, scenario) in selected.enumerated()
where !present(scenario, number: index + 1, of: selected.count, svgDirectory: svgDirectory) {
  failed.append(scenario.name)
}
let seconds =
  Double((ContinuousClock.now - started).components.attoseconds) / 1e18
  + Double((ContinuousClock.now - started).components.seconds)
let timing = String(format: "%.1f s", seconds)
if failed.isEmpty {
  print(
    selected.count == 1
      ? "The scenario showed what it claims, in \(timing)."
      : "All \(selected.count) scenarios showed what they claim, in \(timing).")
  exit(0)
} else if selected.count == 1 {
  print("The scenario did not show what it claims: \(failed[0]).")
  exit(1)
} else {
  print(
    "\(failed.count) of \(selected.count) scenarios did not: \(failed.joined(separator: ", ")).")
  exit(1)
}
