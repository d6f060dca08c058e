import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `rac-demo` binary the way a new user does (README's first command) and checks
/// what it prints and how it exits (issue 8).
@Suite("rac-demo, the runnable tour", .checksLiveSubscriptions)
struct DemoTests {
  /// What a run of the demo printed and how it ended.
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The scenario names, in the order the demo runs them.
  static let scenarios = [
    "cold", "multicast", "command", "button-signal", "sequence", "operators", "schedulers",
    "leak",
  ]

  /// Where SwiftPM put the products: the directory of the test executable (Linux) or of the
  /// `.xctest` bundle (macOS).
  static var productsDirectory: URL {
    #if os(macOS)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  func demo(_ arguments: String...) async throws -> Run { try await demo(arguments) }

  func demo(_ arguments: [String]) async throws -> Run {
    let binary = Self.productsDirectory.appendingPathComponent("rac-demo")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "rac-demo is not built at \(binary.path)")
    return try await Self.running(binary, arguments)
  }

  /// Runs `binary` to its end, as ``run(_:_:)`` does, without blocking a thread of the test pool.
  ///
  /// Running a program blocks a thread until it exits (reading its pipes, waiting for it): that
  /// thread is one of Dispatch's, never one of the cooperative pool's, which has as many threads
  /// as cores. Blocked there, two demo tests would leave no thread for anything else.
  static func running(_ binary: URL, _ arguments: [String]) async throws -> Run {
    try await withCheckedThrowingContinuation { finished in
      DispatchQueue.global().async {
        finished.resume(with: Result { try Self.run(binary, arguments) })
      }
    }
  }

  /// Runs `binary` to its end, reading its output here and its errors on a thread of their own,
  /// so that neither pipe can fill up and stall it.
  static func run(_ binary: URL, _ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let complaints = PipeDrain(errors.fileHandleForReading)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
      errors: String(decoding: complaints.wait(), as: UTF8.self))
  }

  /// A pipe read to its end on a thread of its own.
  ///
  /// Lock discipline: `data` is written once, by the reading thread, before it signals `done`;
  /// it is read only after waiting for `done`.
  final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      Thread.detachNewThread {
        self.data = handle.readDataToEndOfFile()
        self.done.signal()
      }
    }

    /// Everything the pipe carried, once its writer closed it.
    func wait() -> Data {
      done.wait()
      return data
    }
  }

  /// `text` with every run of white space made one space: log lines wrap where they wrap.
  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A marble diagram as the demo prints it, read back.
  struct Diagram {
    /// The step line, from its column 0 on: "0    1    2".
    let ruler: String
    /// Each lane's name and its columns, from column 0 on.
    let lanes: [(name: String, cells: String)]
    /// The lines under the lanes: "# in doSomethingElse, at step 13: disk full".
    let notes: [String]
    /// The key: each symbol and its meaning (wrapped lines joined).
    let key: [(symbol: String, meaning: String)]
    /// The width of a column: where 1 starts on the step line.
    var width: Int { Array(ruler).firstIndex(of: "1") ?? 0 }
    /// The number of steps numbered.
    var steps: Int { ruler.split(separator: " ").count }
  }

  /// The diagrams of `output`, in order.
  static func diagrams(in output: String) -> [Diagram] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var diagrams: [Diagram] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix("  marble diagram"), index + 1 < lines.count else { continue }
      let stepLine = lines[index + 1]
      guard stepLine.hasPrefix("    step  "), let zero = stepLine.firstIndex(of: "0") else {
        continue
      }
      let origin = stepLine.distance(from: stepLine.startIndex, to: zero)
      var lanes: [(name: String, cells: String)] = []
      var notes: [String] = []
      var line = index + 2
      while line < lines.count, lines[line] != "  key:" {
        let text = lines[line]
        if text.dropFirst(4).firstMatch(of: #/^\S in /#) != nil {
          notes.append(String(text.dropFirst(4)))
        } else {
          lanes.append(
            (
              String(text.prefix(origin).dropFirst(4)).trimmingCharacters(in: .whitespaces),
              String(text.dropFirst(origin))
            ))
        }
        line += 1
      }
      var key: [(symbol: String, meaning: String)] = []
      var meaningColumn = 0
      line += 1
      while line < lines.count, lines[line].hasPrefix("    ") {
        let text = lines[line]
        if text.dropFirst(4).first != " " {
          if key.isEmpty {
            let symbol = text.dropFirst(4).prefix { $0 != " " }
            let gap = text.dropFirst(4 + symbol.count).prefix { $0 == " " }
            meaningColumn = 4 + symbol.count + gap.count
          }
          key.append(
            (
              String(text.prefix(meaningColumn).dropFirst(4))
                .trimmingCharacters(in: .whitespaces),
              String(text.dropFirst(meaningColumn))
            ))
        } else if !key.isEmpty {
          key[key.count - 1].meaning += " " + text.trimmingCharacters(in: .whitespaces)
        }
        line += 1
      }
      diagrams.append(
        Diagram(ruler: String(stepLine.dropFirst(origin)), lanes: lanes, notes: notes, key: key))
      index = line - 1
    }
    return diagrams
  }

  /// Each scenario's part of `output`, by name: from its heading to its verdict.
  static func sections(of output: String) -> [String: String] {
    var sections: [String: String] = [:]
    for part in output.components(separatedBy: "\n━━ ").dropFirst() {
      guard let name = part.firstMatch(of: /`swift run rac-demo ([a-z-]+)`/)?.1 else { continue }
      sections[String(name)] = String(part)
    }
    if output.hasPrefix("━━ "), let first = output.components(separatedBy: "\n━━ ").first,
      let name = first.firstMatch(of: /`swift run rac-demo ([a-z-]+)`/)?.1
    {
      sections[String(name)] = first
    }
    return sections
  }

  /// The steps the story of `section` tells of: "    t4  …" is step 4.
  static func storySteps(in section: String) -> [Int] {
    section.split(separator: "\n").compactMap { line in
      line.firstMatch(of: #/^    t(\d+)  /#).flatMap { Int($0.1) }
    }
  }

  /// `lane` cut into columns of `width` characters.
  static func cells(_ lane: String, width: Int) -> [String] {
    let characters = Array(lane)
    return stride(from: 0, to: characters.count, by: width).map { start in
      String(characters[start..<min(start + width, characters.count)])
    }
  }

  // Before, the runner read standard output on a thread of the test pool and left standard error
  // to a task of that pool: with both threads of a 2-core machine reading, the task never ran,
  // and a child that wrote more than a pipe holds (64 KiB) to standard error, as the demo did
  // under LeakSanitizer, blocked forever, and so did the suite.
  @Test(
    "programs that fill both pipes finish, however many run at once: the test pool never blocks",
    .timeLimit(.minutes(1)))
  func pipesNeverStall() async throws {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let fill = "head -c 300000 /dev/zero >&2; head -c 300000 /dev/zero"
    try await withThrowingTaskGroup(of: Run.self) { group in
      for _ in 0..<8 {
        group.addTask { try await Self.running(shell, ["-c", fill]) }
      }
      for try await run in group {
        #expect(run.status == 0)
        #expect(run.output.utf8.count == 300_000)
        #expect(run.errors.utf8.count == 300_000)
      }
    }
  }

  @Test("every scenario runs and passes, without hanging, leaving no server port open")
  func allScenarios() async throws {
    let started = ContinuousClock.now
    let run = try await demo()
    let elapsed = ContinuousClock.now - started
    #expect(run.status == 0, "rac-demo failed:\n\(run.output)\n\(run.errors)")
    // It takes about a second alone; the bound only catches a hang (every wait in the demo
    // gives up after 60 s, and a scenario stops at the first that does), not a busy machine.
    #expect(elapsed < .seconds(300))
    // Nothing is warned about: the demo does not bind one key path twice.
    #expect(!run.output.contains("warning") && !run.errors.contains("warning"))
    for name in Self.scenarios {
      #expect(run.output.contains("✔ \(name): "), "no passing verdict for \(name)")
    }
    #expect(!run.output.contains("✘"))
    #expect(run.output.contains("All \(Self.scenarios.count) scenarios showed what they claim"))
    // Each scenario shows its events as a marble diagram with a step ruler, and its own key.
    #expect(run.output.components(separatedBy: "marble diagram").count - 1 == Self.scenarios.count)
    #expect(run.output.components(separatedBy: "\n    step  ").count - 1 == Self.scenarios.count)
    #expect(run.output.components(separatedBy: "\n  key:\n").count - 1 == Self.scenarios.count)
    // Headers say what a scenario shows in words, not by the numbers of internal documents.
    #expect(!run.output.lowercased().contains("seed"))
    #expect(!run.output.contains("STButtonSignal)"))
    // An article a scenario is retold from is cited by its title.
    for (name, section) in Self.sections(of: run.output) {
      let header = Self.flattened(
        String(
          section[
            ..<(section.range(of: "More in the DocC article")?.lowerBound ?? section.endIndex)]))
      for mention in header.matches(of: /article(.{0,2})/) {
        #expect(mention.1 == " \"", "\(name) cites an article without its title: \(header)")
      }
    }
    for title in [
      "the Meituan article \"RACSignal的Subscription深入分析\"",
      "the article \"ReactiveCocoa 中 RACCommand底层实现分析\"", "the article \"RAC实践采坑指北\"",
    ] {
      #expect(Self.flattened(run.output).contains(title), "no \(title)")
    }
    // The sketches define what they use.
    #expect(!run.output.contains("missilesToLaunch"))
    #expect(
      run.output.contains("    let mapRuns = Atomic<Int>(0)  // how many times the map has run\n"))
    // The key lines of the stories (a long line may wrap).
    let told = Self.flattened(run.output)
    #expect(told.contains("First will launch 1 missiles"))
    #expect(told.contains("Second will launch 2 missiles"))
    #expect(told.contains("requests for /profile so far: 2"))
    #expect(
      told.contains(
        "a late subscriber got \"response #1\", replayed; requests for /shared so far: still 1"))
    #expect(told.contains("the server saw the client hang up"))
    #expect(told.contains("result.name: [[[+zip: (first, second)] -map:] -filter:] -map:"))
    #expect(told.contains("scheduleRecursive ran 1000000 times"))
    #expect(told.contains("t5 on the io queue too: 1000000 runs"))
    #expect(told.contains("the fixed one went away, the leaky one is still alive"))
    #expect(
      told.contains(
        "[[query] -filter:] -map: subscribed at rac_demo/Leak.swift:"))
    #expect(told.contains("the leaky model went away; 0 live subscriptions left"))
    // Every article a scenario points to exists.
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Sources/RACSwift/RACSwift.docc").standardized
    let articles = run.output.split(separator: "\n").compactMap { line in
      line.range(of: "(RACSwift.docc/").map { line[$0.upperBound...].dropLast() }
    }
    #expect(articles.count == Self.scenarios.count)
    for article in articles {
      #expect(
        FileManager.default.fileExists(
          atPath: catalog.appendingPathComponent(String(article)).path),
        "no article \(article)")
    }
    // The loopback server the multicast scenario started is gone with the process.
    let port = try #require(
      run.output.split(separator: "\n").first { $0.contains("server listening on 127.0.0.1:") }?
        .split(separator: ":").last.flatMap { Int($0) })
    #expect(!Self.acceptsConnections(port: port))
  }

  @Test("--list names the eight scenarios in order; --help explains the arguments")
  func listAndHelp() async throws {
    let list = try await demo("--list")
    #expect(list.status == 0)
    let names = list.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(names == Self.scenarios)
    let help = try await demo("--help")
    #expect(help.status == 0)
    #expect(help.output.contains("usage: swift run rac-demo"))
    #expect(help.output.contains("--svg DIR"))
  }

  /// The package's folder, where the README's commands are typed.
  static var packageFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../..").standardized
  }

  /// The README's section `title`: from its heading to the next one.
  static func readmeSection(_ title: String) throws -> String {
    let readme = try String(
      contentsOf: packageFolder.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## \(title)\n"))
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  /// Every mention of `rac-demo` in `text` that is not a command as a new user types it in the
  /// package's folder (`swift run rac-demo …`), nor the path of the built program or its name at
  /// the head of an error: with the words around it.
  static func bareMentions(in text: String) -> [String] {
    let flat = flattened(text)
    return flat.ranges(of: "rac-demo").compactMap { range in
      let before = flat[..<range.lowerBound]
      if before.hasSuffix("swift run ") || before.hasSuffix(".build/debug/")
        || flat[range.upperBound...].hasPrefix(":")
      {
        return nil
      }
      let from = flat.index(range.lowerBound, offsetBy: -12, limitedBy: flat.startIndex)
      let to = flat.index(range.upperBound, offsetBy: 12, limitedBy: flat.endIndex)
      return String(flat[(from ?? flat.startIndex)..<(to ?? flat.endIndex)])
    }
  }

  /// The arguments of each `swift run rac-demo …` command that `text` shows in backticks.
  static func demoCommands(in text: String) -> [[String]] {
    flattened(text).matches(of: /`swift run rac-demo([^`]*)`/).map { match in
      match.1.split(separator: " ").map(String.init)
    }
  }

  @Test("every command the demo, its --help and the README's section print runs as typed")
  func commandsAsTyped() async throws {
    let all = try await demo()
    let help = try await demo("--help")
    let section = try Self.readmeSection("What you just saw")
    for (source, text) in [("the demo", all.output), ("--help", help.output), ("README", section)] {
      #expect(Self.bareMentions(in: text).isEmpty, "in \(source): \(Self.bareMentions(in: text))")
    }
    // Each scenario names the command that runs it alone.
    #expect(Self.demoCommands(in: all.output) == Self.scenarios.map { [$0] })
    #expect(help.output.hasPrefix("usage: swift run rac-demo [--svg DIR] [<scenario>...]\n"))
    // The commands of --help and the README, run as written (DIR a fresh folder).
    let commands = Self.demoCommands(in: help.output) + Self.demoCommands(in: section)
    for needed in [["--list"], ["cold"], ["--svg", "DIR", "cold"], ["--help"]] {
      #expect(Self.demoCommands(in: section).contains(needed), "README lacks \(needed)")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    for command in commands {
      let arguments = command.map { $0 == "DIR" || $0 == "/tmp/diagrams" ? directory.path : $0 }
      let run = try await demo(arguments)
      #expect(
        run.status == 0, "swift run rac-demo \(command.joined(separator: " ")): \(run.errors)")
    }
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("cold.svg").path))
    // Errors point at a command too.
    let unknown = try await demo("no-such-scenario")
    #expect(unknown.errors.contains("(swift run rac-demo --list lists them)"))
    #expect(Self.bareMentions(in: unknown.errors).isEmpty)
  }

  @Test("one scenario by name; --svg writes its diagram; bad arguments exit 64 with a message")
  func arguments() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let one = try await demo("--svg", directory.path, "sequence")
    #expect(one.status == 0)
    #expect(one.output.contains("✔ sequence: "))
    #expect(!one.output.contains("cold"))
    let svg = try String(
      contentsOf: directory.appendingPathComponent("sequence.svg"), encoding: .utf8)
    #expect(svg.contains("<svg") && svg.contains("</svg>"))

    let unknown = try await demo("no-such-scenario")
    #expect(unknown.status == 64)
    #expect(unknown.errors.contains("unknown scenario 'no-such-scenario'"))
    let missing = try await demo("--svg")
    #expect(missing.status == 64)
    #expect(missing.errors.contains("--svg needs a directory"))
    let option = try await demo("--frobnicate")
    #expect(option.status == 64)
    #expect(option.errors.contains("unknown option '--frobnicate'"))
  }

  /// How many columns of a terminal `line` takes: two for each East Asian wide character (the
  /// Chinese of an article's title), one for any other.
  static func columns(_ line: some StringProtocol) -> Int {
    line.unicodeScalars.reduce(0) { count, scalar in
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        count + 2
      default: count + 1
      }
    }
  }

  @Test("no line of the output, --help or --list is wider than 100 columns")
  func lineWidth() async throws {
    for arguments in [[], ["--help"], ["--list"]] {
      let run = try await demo(arguments)
      #expect(run.status == 0)
      let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count > 2)
      for line in lines {
        #expect(Self.columns(line) <= 100, "\(Self.columns(line)) columns: \(line)")
        #expect(line.last != " ", "trailing space: \(line)")
      }
    }
  }

  @Test("every diagram: one column width, numbers over their columns, a key of what is drawn")
  func diagramsAreHonest() async throws {
    let run = try await demo()
    let diagrams = Self.diagrams(in: run.output)
    #expect(diagrams.count == Self.scenarios.count)
    // Every step a story tells of ("t4  …") is a step its diagram draws, and its last step is the
    // diagram's.
    let sections = Self.sections(of: run.output)
    #expect(sections.keys.sorted() == Self.scenarios.sorted())
    for name in Self.scenarios {
      let section = try #require(sections[name])
      let diagram = try #require(Self.diagrams(in: section).first)
      let told = Set(Self.storySteps(in: section))
      #expect(
        told.isSubset(of: 0..<diagram.steps) && told.max() == diagram.steps - 1,
        "\(name): the story tells of steps \(told.sorted()), the diagram has 0–\(diagram.steps - 1)"
      )
    }
    for diagram in diagrams {
      let width = diagram.width
      // The widest mark of any lane, and a space.
      let widest =
        diagram.lanes.flatMap { lane in
          Self.cells(lane.cells, width: width).map { $0.trimmingCharacters(in: ["-", " "]).count }
        }.max() ?? 0
      #expect(width == max(widest + 1, String(diagram.steps - 1).count + 1), "\(diagram.ruler)")
      for step in 0..<diagram.steps {
        let column = Array(diagram.ruler.dropFirst(step * width).prefix(width))
        #expect(String(column).hasPrefix(String(step)), "step \(step) of \(diagram.ruler)")
      }
      // A row is blank before its subscription, marked ^ where it starts, when some row starts
      // later than step 0; then each column is all dashes, or a mark at its start and dashes.
      let marked = diagram.lanes.contains { $0.cells.first == " " }
      for lane in diagram.lanes {
        let cells = Self.cells(lane.cells, width: width)
        let start = cells.firstIndex { $0 != String(repeating: " ", count: width) } ?? 0
        #expect(!marked || cells[start].first == "^", "\(lane.name) starts unmarked")
        #expect(!lane.cells.dropFirst(start * width + 1).contains("^"), "\(lane.name): a second ^")
        for (index, cell) in cells.enumerated().dropFirst(start) {
          let last = index == cells.count - 1
          #expect(
            cell == String(repeating: "-", count: width)
              || (cell.first != "-" && cell.first != " " && (last || cell.last == "-")),
            "step \(index) of \(lane.name): '\(cell)'")
        }
      }
      // The key: its dash run is one empty column; every mark it explains is drawn, and every
      // kind of mark drawn is explained.
      // (It says too that a marble string gives a tick one character: so does the README.)
      let dashes = try #require(diagram.key.first)
      #expect(dashes.symbol == String(repeating: "-", count: width))
      #expect(
        dashes.meaning.contains(
          "every step is \(width) characters wide; a marble string gives each tick one character"))
      let drawn = diagram.lanes.map(\.cells).joined(separator: "\n")
      for entry in diagram.key where entry.symbol.count == 1 || entry.symbol.hasPrefix("(") {
        #expect(drawn.contains(entry.symbol), "\(entry.symbol) is explained, but not drawn")
      }
      for mark in ["|", "#", "!", "^"] where drawn.contains(mark) {
        #expect(diagram.key.contains { $0.symbol == mark }, "\(mark) is drawn, not explained")
      }
      if let group = drawn.firstMatch(of: /\([^-)][^)]*\)/) {
        #expect(diagram.key.contains { $0.symbol.hasPrefix("(") }, "\(group.0) is not explained")
      }
    }
  }

  @Test("README's \"What you just saw\" says the diagrams' steps are wider than a marble string's")
  func readmeStepWidth() throws {
    let section = Self.flattened(try Self.readmeSection("What you just saw"))
    #expect(
      section.contains(
        "A diagram draws every step several characters wide, so that labels and groups fit in "
          + "their column, where the marble strings of `RACSwiftTesting` give a tick one "
          + "character"))
  }

  @Test("one scenario: a ruler numbers the steps; the key explains the marks; singular total")
  func oneScenario() async throws {
    let run = try await demo("cold")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step    0     1
            First   ^(1|)
            Second        ^(2|)
          key:
            ------  a step in which nothing happens (every step is 6 characters wide; a marble string gives
                    each tick one character)
            ^       subscribed: the row starts when its subscription does (^ as in a marble string)
            |       completed: the signal ended
            (1|)    the events of one step, in the order they happened
            1, 2    the count in "will launch 1 missiles": how many times the map has run

        """))
    #expect(run.output.hasPrefix("━━ 1/1  Cold signals: every subscription runs the signal's work"))
    #expect(run.output.contains("\nThe scenario showed what it claims, in "))
    #expect(!run.output.contains("All 1 scenarios"))
    let two = try await demo("cold", "sequence")
    #expect(two.output.contains("All 2 scenarios showed what they claim"))
    #expect(two.output.components(separatedBy: "\n  key:\n").count - 1 == 2)
  }

  @Test("command: every press is drawn and told; the verdict counts what the diagram shows")
  func command() async throws {
    let run = try await demo("command")
    #expect(run.status == 0)
    // One column per step; the command's signals start with its state now (T, F: one step
    // each) and complete at step 10, when the screen closes — receipts included.
    #expect(
      run.output.contains(
        """
            step       0     1     2     3     4     5     6     7     8     9     10
            presses    ------(srr)-i-----------s-----------------s-----------------------
            enabled    T-----F-----------T-----F-----------T-----F-----------T-----|
            executing  F-----T-----------F-----T-----------F-----T-----------F-----|
            receipts   ------------------1-----------------------------------3-----|
            errors     ------------------------------------x-----------------------|
        """))
    let told = Self.flattened(run.output)
    for line in [
      "t0 the button: [ Submit order ] (enabled; drawn [ ············ ], its caption dotted out, "
        + "while disabled); the command is enabled and not executing",
      "t1 pressed [ Submit order ] 3 times, rapidly: submission #1 started; the command refused "
        + "2: it was executing",
      "t2 pressed [ ············ ]: the disabled button ignored it",
      "t3 submission #1 ended: receipt #1 on executionSignals; the button: [ Submit order ]",
      "t6 a submission failed: \"card declined\" on errors, as a value",
      "t10 the screen closed: the binding is disposed and the command released; its 4 signals "
        + "completed",
      "r a press the command refused: it was already executing",
    ] {
      #expect(told.contains(line), "not told: \(line)")
    }
    // The verdict's numbers are those of the diagram.
    let diagram = try #require(Self.diagrams(in: run.output).first)
    func marks(_ lane: String, _ mark: (Character) -> Bool) -> Int {
      diagram.lanes.first { $0.name == lane }?.cells.filter(mark).count ?? -1
    }
    let started = marks("presses") { $0 == "s" }
    let refused = marks("presses") { $0 == "r" }
    let ignored = marks("presses") { $0 == "i" }
    let receipts = marks("receipts") { $0.isNumber }
    let failures = marks("errors") { $0 == "x" }
    let counts: [Int] = [started, refused, ignored, receipts, failures]
    #expect(counts == [3, 2, 1, 2, 1])
    #expect(
      told.contains(
        "✔ command: \(started + refused + ignored) presses started \(started) submissions "
          + "(\(receipts) receipts and \(failures) failure): the command refused \(refused) "
          + "while one ran and the disabled button ignored \(ignored);"))
  }

  @Test("button signal: the enabled row starts with the button's state; ignored presses are drawn")
  func buttonSignal() async throws {
    let run = try await demo("button-signal")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step     0    1    2    3    4    5    6    7    8    9
            presses  -----s----i---------s----i---------s----i---------
            enabled  T----F---------T----F---------T----F---------T----
            results  ---------------(1c)-----------x--------------(3c)-
        """))
    let told = Self.flattened(run.output)
    // The faces are explained where the story first shows them.
    #expect(
      told.contains(
        "t0 the button: [ Pay ] (enabled; drawn [ ··· ], its caption dotted out, while disabled)"))
    #expect(told.contains("t2 pressed [ ··· ]: the disabled button ignored it"))
    #expect(
      told.contains(
        "t3 the subscription's next handler printed \"ordered receipt #1\"; the button: [ Pay ]"))
    #expect(
      told.contains(
        "t6 the subscription's error handler printed \"failed: card declined\", and the "
          + "subscription lives on; the button: [ Pay ]"))
    #expect(!told.contains("handled failed") && !told.contains("handled ordered"))
    #expect(
      told.contains(
        "one subscription handled all 3 taps: a receipt, a failure and a receipt; the button "
          + "was disabled exactly while each tap's work ran, and ignored 3 presses"))
    #expect(told.contains("━━ 1/1 A button signal: one subscription gets every tap's result"))
  }

  @Test("multicast: the same output every run, a log line for every step, the disposal drawn")
  func multicast() async throws {
    let run = try await demo("multicast")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step          0     1     2     3     4     5
            profile, 1st  ^(1|)
            profile, 2nd        ^(2|)
            replay, 1st               ^(1|)
            replay, late                    ^(1|)
            held request                          ^-----!
          key:
            ------  a step in which nothing happens (every step is 6 characters wide; a marble string gives
                    each tick one character)
            ^       subscribed: the row starts when its subscription does (^ as in a marble string)
            |       completed: the signal ended
            !       disposed: the subscriber ended its subscription before the signal ended
        """))
    let steps = run.output.split(separator: "\n").compactMap { line in
      line.hasPrefix("    t") ? line.dropFirst(4).prefix { $0 != " " } : nil
    }
    #expect(Set(steps) == ["t0", "t1", "t2", "t3", "t4", "t5"])
    let told = Self.flattened(run.output)
    #expect(
      told.contains(
        "t0 the 1st subscription to the cold request sent its own request and "
          + "got \"response #1\"; requests for /profile so far: 1"))
    #expect(
      told.contains(
        "t1 the 2nd subscription to the cold request sent its own request and "
          + "got \"response #2\"; requests for /profile so far: 2"))
    #expect(told.contains("t5 disposed the subscription: the server saw the client hang up"))
    #expect(
      told.contains(
        "cold: 2 subscribers, 2 requests for /profile; replay(): 2 subscribers, 1 request for "
          + "/shared"))
    // Each count says what it counts, and is never split across lines: no bare "server hits".
    #expect(!told.contains("hits"))
    let lines = run.output.split(separator: "\n")
    for count in [
      "requests for /profile so far: 1", "requests for /profile so far: 2",
      "requests for /shared so far: 1", "requests for /shared so far: still 1",
      "2 requests for /profile", "1 request for /shared",
    ] {
      #expect(lines.contains { $0.contains(count) }, "split or missing: \(count)")
    }
  }

  @Test("operators: each value is told at the step the diagram draws it; the caught error shows")
  func operators() async throws {
    let run = try await demo("operators")
    #expect(run.status == 0)
    let diagram = try #require(Self.diagrams(in: run.output).first)
    let result = try #require(diagram.lanes.first { $0.name == "result" })
    let resultCells = Self.cells(result.cells, width: diagram.width)
    // "t2  zip paired 1 and 10; result sent 12: (1+10)+1": 12 is drawn at step 2.
    var sent: [Int: String] = [:]
    for line in run.output.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^    t(\d+)  .*result sent (\d+)/),
        let step = Int(match.1)
      else { continue }
      sent[step] = String(match.2)
    }
    #expect(sent == [2: "12", 7: "9"])
    for (step, value) in sent {
      let cell = resultCells[step].trimmingCharacters(in: ["(", "-", " "])
      #expect(
        cell.hasPrefix(value), "result sent \(value) at t\(step), drawn '\(resultCells[step])'")
    }
    #expect(
      run.output.contains(
        "    t4  zip paired 2 and -7; their sum -5 is negative: filter dropped it\n"))
    // The error catch caught is drawn and spelled out; the chain itself completes.
    let inner = try #require(diagram.lanes.first { $0.name == "doSomethingElse" })
    let chain = try #require(diagram.lanes.first { $0.name == "then/catch" })
    #expect(inner.cells.hasSuffix("#") && chain.cells.hasSuffix("|"))
    // doSomethingElse's row starts, marked ^, at the step then subscribed to it — the story's.
    let subscribedAt = try #require(
      Self.flattened(run.output).firstMatch(
        of: /t(\d+) signal completed: then subscribed to doSomethingElse\(\)/))
    let innerStart = try #require(Array(inner.cells).firstIndex(of: "^"))
    #expect(innerStart == Int(subscribedAt.1)! * diagram.width)
    #expect(inner.cells.prefix(innerStart).allSatisfy { $0 == " " })
    let signalRow = try #require(diagram.lanes.first { $0.name == "signal" })
    let chainStart = try #require(Array(chain.cells).firstIndex(of: "^"))
    #expect(Array(signalRow.cells).firstIndex(of: "^") == chainStart)
    let chainNamed = try #require(
      Self.flattened(run.output).firstMatch(of: /t(\d+) chain\.name/))
    #expect(Int(chainNamed.1)! * diagram.width == chainStart)
    #expect(inner.cells.count == chain.cells.count)
    #expect(diagram.notes == ["# in doSomethingElse, at step 13: disk full"])
    let story = Self.flattened(run.output)
    let failedAt = try #require(
      story.firstMatch(of: /t(\d+) doSomethingElse\(\) failed with "disk full"/))
    #expect(Int(failedAt.1) == inner.cells.count / diagram.width)
    #expect(story.contains("catch called presentError with \"disk full\""))
    #expect(
      story.contains("then/catch turned doSomethingElse()'s error \"disk full\" into a completion"))
  }

  @Test("sequence: nothing is 'nothing', one value is not an array, no unexplained |")
  func sequence() async throws {
    let run = try await demo("sequence")
    #expect(run.status == 0)
    for line in [
      "    t0  mapped the list; the map ran for nothing\n",
      "    t1  letters.head → \"A_\"; the map ran for \"A\"\n",
      "    t3  letters.array → [\"A_\", \"B_\"]; the map ran for nothing\n",
    ] {
      #expect(run.output.contains(line), "no line \(line)")
    }
    #expect(!run.output.contains("[]"))
    #expect(!run.output.contains("[\"A_\"]"))
    let diagram = try #require(Self.diagrams(in: run.output).first)
    #expect(diagram.lanes.map(\.name) == ["map ran for", "read"])
    #expect(!diagram.lanes.contains { $0.cells.contains("|") })
    #expect(!diagram.key.contains { $0.symbol == "|" })
    // One mark per read, the array read of step 3 among them; no underscore runs into the dashes.
    let read = try #require(diagram.lanes.last)
    let marks = Self.cells(read.cells, width: diagram.width).map {
      $0.trimmingCharacters(in: ["-"])
    }
    #expect(marks == ["", "a", "b", "ab", "p", "a"])
    #expect(!diagram.lanes.contains { $0.cells.contains("_") || $0.cells.contains("(") })
    let meanings = Dictionary(diagram.key.map { ($0.symbol, $0.meaning) }) { first, _ in first }
    #expect(meanings["a, b"] == #"a read of one element of letters: "A_", "B_""#)
    #expect(
      meanings["ab"]
        == #"one read of letters.array: the array ["A_", "B_"], both elements at once"#)
    #expect(meanings["p"] == #"a read of prefixed.head: "_A_""#)
  }

  @Test("--svg: a folder that cannot be made is reported as such, with the reason")
  func svgFolder() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-file-\(UUID().uuidString)")
    try Data("not a folder".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let underFile = try await demo("--svg", file.appendingPathComponent("svgs").path, "cold")
    #expect(underFile.status == 73)
    #expect(
      underFile.errors.contains(
        "cannot create the folder \(file.path)/svgs: \(file.path) is a file, not a folder"))
    #if os(Linux)
      let proc = try await demo("--svg", "/proc/nope", "cold")
      #expect(proc.status == 73)
      #expect(proc.errors.hasPrefix("rac-demo: cannot create the folder /proc/nope: "))
      #expect(!proc.errors.contains("exist"))
    #endif
  }

  @Test("--svg: each diagram has its title, numbered steps and a key to its marks and labels")
  func svgDiagram() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await demo(
      "--svg", directory.path, "command", "operators", "multicast", "schedulers")
    #expect(run.status == 0)
    func svg(_ name: String) throws -> String {
      try String(contentsOf: directory.appendingPathComponent("\(name).svg"), encoding: .utf8)
    }
    let command = try svg("command")
    #expect(command.components(separatedBy: #"class="step""#).count - 1 == 11)
    #expect(command.components(separatedBy: #"class="group""#).count - 1 == 1)
    #expect(
      command.contains(
        #"class="title">A button bound to a command: one order at a time, failures as values<"#))
    #expect(command.contains(#"class="heading">key<"#))
    for (label, meaning) in [
      ("s", "a press that started a submission"),
      ("r", "a press the command refused: it was already executing"),
      ("i", "a press the disabled button ignored"), ("T, F", "true, false"),
      ("x", "a submission&apos;s error, sent on errors as a value"),
    ] {
      #expect(command.contains(#"class="labels">\#(label)<"#), "no label \(label) in the key")
      #expect(
        command.contains(meaning.replacingOccurrences(of: "&apos;", with: "'")),
        "no meaning of \(label)")
    }
    // Negative values as they are; the caught error spelled out, not only in a tooltip.
    let operators = try svg("operators")
    #expect(!operators.contains("(-7)") && operators.contains(#"class="label">-7<"#))
    #expect(operators.contains(#"class="key">in doSomethingElse, at step 13: disk full<"#))
    // The disposal: a no-entry sign, explained in the key.
    let multicast = try svg("multicast")
    #expect(
      multicast.contains(#"<g class="disposed"><title>disposed by the subscriber</title><circle"#))
    #expect(multicast.contains("disposed: the subscriber ended its subscription"))
    // Every row starts where its subscription did, over a caret the key explains.
    #expect(multicast.components(separatedBy: #"<g class="subscribed">"#).count - 1 == 5)
    #expect(multicast.contains(#"<g class="subscribed sample">"#))
    #expect(multicast.contains("subscribed: the row starts when its subscription does"))
    // scheduleRecursive's result, as in the text: a row per run, a million each, explained.
    let schedulers = try svg("schedulers")
    #expect(schedulers.contains(#"class="name">scheduleRecursive<"#))
    #expect(schedulers.contains(#"class="name">scheduleRecursive on io<"#))
    #expect(schedulers.components(separatedBy: #"class="label">1M<"#).count - 1 >= 2)
    #expect(schedulers.contains(#"class="labels">1M<"#))
    #expect(schedulers.components(separatedBy: #"class="step""#).count - 1 == 6)
  }

  /// The texts of `svg`'s elements of class `className`, XML escapes undone.
  static func texts(of svg: String, class className: String) -> [String] {
    svg.matches(of: #/class="(\w+)">([^<]*)</#).filter { $0.1 == className }.map { match in
      String(match.2).replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  @Test("--svg: every title fits; every key's meanings start at one place, in the text's words")
  func svgKeysAndTitles() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await demo("--svg", directory.path)
    #expect(run.status == 0)
    let sections = Self.sections(of: run.output)
    var keyColumns: Set<String> = []
    for name in Self.scenarios {
      let svg = try String(
        contentsOf: directory.appendingPathComponent("\(name).svg"), encoding: .utf8)
      // The title fits with room to spare: about 9.5 pixels a character in a wide bold font.
      let title = try #require(Self.texts(of: svg, class: "title").first)
      let width = try #require(
        svg.firstMatch(of: /<svg [^>]*width="([0-9.]+)"/).flatMap { Double($0.1) })
      #expect(width >= 8 + 10 * Double(title.count) + 16, "\(name): \(title) in \(width) pixels")
      // The key's meanings: one column, in every file.
      for match in svg.matches(of: /<text x="([0-9.]+)" y="[0-9.]+" class="key">/) {
        keyColumns.insert(String(match.1))
      }
      // Each mark's meaning is the text key's, word for word (the text may add how it draws
      // them: "(commas between longer labels)"); so is why a lane failed.
      let section = try #require(sections[name])
      let diagram = try #require(Self.diagrams(in: section).first)
      let textMeanings = diagram.key.map(\.meaning) + diagram.notes.map { String($0.dropFirst(2)) }
      for meaning in Self.texts(of: svg, class: "key") where meaning != "a value, by its label" {
        #expect(
          textMeanings.contains { $0 == meaning || $0.hasPrefix(meaning + " (") },
          "\(name): the SVG's \"\(meaning)\" is not the text's")
      }
    }
    #expect(keyColumns.count == 1, "key columns: \(keyColumns)")
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port`.
  static func acceptsConnections(port: Int) -> Bool {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return result == 0
  }
}
