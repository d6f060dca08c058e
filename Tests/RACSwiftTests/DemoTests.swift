import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `rac-demo` binary the way a new user does (README's first command) and checks
/// what it prints and how it exits (issue 8).
@Suite("rac-demo, the runnable tour")
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

  func demo(_ arguments: String...) async throws -> Run {
    let binary = Self.productsDirectory.appendingPathComponent("rac-demo")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "rac-demo is not built at \(binary.path)")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read standard error on another thread while reading the output here: a full pipe
    // cannot stall the demo.
    let complaints = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(!process.isRunning)
    return Run(
      status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
      errors: String(decoding: await complaints.value, as: UTF8.self))
  }

  /// `text` with every run of white space made one space: log lines wrap where they wrap.
  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test("every scenario runs and passes, without hanging, leaving no server port open")
  func allScenarios() async throws {
    let started = ContinuousClock.now
    let run = try await demo()
    let elapsed = ContinuousClock.now - started
    #expect(run.status == 0, "rac-demo failed:\n\(run.output)\n\(run.errors)")
    // It takes about a second alone; the bound only catches a hang (every wait in the demo
    // gives up after 10 s), not a machine busy with other builds.
    #expect(elapsed < .seconds(60))
    // Nothing is warned about: the demo does not bind one key path twice.
    #expect(!run.output.contains("warning") && !run.errors.contains("warning"))
    for name in Self.scenarios {
      #expect(run.output.contains("✔ \(name): "), "no passing verdict for \(name)")
    }
    #expect(!run.output.contains("✘"))
    #expect(run.output.contains("All 7 scenarios showed what they claim"))
    // Each scenario shows its events as a marble diagram with a step ruler; how to read one is
    // explained once, under the first.
    #expect(run.output.components(separatedBy: "marble diagram").count - 1 == 7)
    #expect(run.output.components(separatedBy: "\n    step  ").count - 1 == 7)
    #expect(run.output.components(separatedBy: "how to read the diagrams").count - 1 == 1)
    #expect(
      run.output.range(of: "how to read the diagrams")!.lowerBound
        < run.output.range(of: "━━ 2/7")!.lowerBound)
    // The key lines of the seed stories (a long line may wrap).
    let told = Self.flattened(run.output)
    #expect(told.contains("First will launch 1 missiles"))
    #expect(told.contains("Second will launch 2 missiles"))
    #expect(told.contains("server hits: 2"))
    #expect(told.contains("a late subscriber got \"response #1\", replayed; server hits: 1"))
    #expect(told.contains("the server saw the client hang up"))
    #expect(told.contains("result.name: [[[+zip: (first, second)] -map:] -filter:] -map:"))
    #expect(told.contains("scheduleRecursive ran 1000000 times"))
    // Every article a scenario points to exists.
    let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/RACSwift/RACSwift.docc").standardized
    let articles = run.output.split(separator: "\n").compactMap { line in
      line.range(of: "(RACSwift.docc/").map { line[$0.upperBound...].dropLast() }
    }
    #expect(articles.count == 7)
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

  @Test("--list names the seven scenarios in order; --help explains the arguments")
  func listAndHelp() async throws {
    let list = try await demo("--list")
    #expect(list.status == 0)
    let names = list.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(names == Self.scenarios)
    let help = try await demo("--help")
    #expect(help.status == 0)
    #expect(help.output.contains("usage: rac-demo"))
    #expect(help.output.contains("--svg DIR"))
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

  @Test("one scenario: a ruler numbers the steps; the legend comes once; the total is singular")
  func oneScenario() async throws {
    let run = try await demo("cold")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step    0    1
            First   (1|)
            Second  -----(2|)
          labels: 1, 2
        """))
    for line in [
      "    -      a step in which nothing happens",
      "    |  #  !  completed, failed (why is spelled out below), disposed by the subscriber",
      "    (ab)   the events of one step, in order; commas between longer labels: (10,|)",
      "    (-7)   a negative value: parenthesised, so that its minus does not read as time passing",
    ] {
      #expect(run.output.contains(line + "\n"), "the legend has no line \(line)")
    }
    #expect(run.output.contains("\nThe scenario showed what it claims, in "))
    #expect(!run.output.contains("All 1 scenarios"))
    let two = try await demo("cold", "sequence")
    #expect(two.output.contains("All 2 scenarios showed what they claim"))
    #expect(two.output.components(separatedBy: "how to read the diagrams").count - 1 == 1)
  }

  @Test("command: every press is drawn and told — started, refused by the command, ignored")
  func command() async throws {
    let run = try await demo("command")
    #expect(run.status == 0)
    // One column per step; the command's signals start with its state now (T, F: one step
    // each) and complete at step 10, when the screen closes — receipts included.
    #expect(
      run.output.contains(
        """
            step       01     23456789 10
            presses    -(srr)-i-s--s------
            enabled    TF------TF-TF-T-|
            executing  FT------FT-FT-F-|
            receipts   --------1-----3-|
            errors     -----------x----|
        """))
    let told = Self.flattened(run.output)
    for line in [
      "t0 the button: [ Submit order ]; the command is enabled and not executing",
      "t1 pressed [ Submit order ] 3 times, rapidly: submission #1 started; the command refused "
        + "2: it was executing",
      "t2 pressed [ ············ ]: the disabled button ignored it",
      "t3 submission #1 ended: receipt #1 on executionSignals; the button: [ Submit order ]",
      "t6 a submission failed: \"card declined\" on errors, as a value",
      "t10 the screen closed: the binding is disposed and the command released; its 4 signals "
        + "completed",
      "✔ command: 4 presses made 1 order: the command refused 2 while it ran and the disabled "
        + "button ignored 1",
      "r a press the command refused: it was already executing",
    ] {
      #expect(told.contains(line), "not told: \(line)")
    }
    #expect(!told.contains("4 presses while in flight"))
  }

  @Test("button signal: the enabled row starts with the button's state; ignored presses are drawn")
  func buttonSignal() async throws {
    let run = try await demo("button-signal")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step     0123    456789
            presses  -si-----si-si-----
            enabled  TF-T----F-TF-T----
            results  ---(1c)---x--(3c)-
        """))
    let told = Self.flattened(run.output)
    #expect(told.contains("t2 pressed [ ··· ]: the disabled button ignored it"))
    #expect(told.contains("t6 the subscription handled failed: card declined"))
  }

  @Test("multicast: the same output every run, a log line for every step, the disposal drawn")
  func multicast() async throws {
    let run = try await demo("multicast")
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
            step          0    1    2    3    45
            profile, 1st  (1|)
            profile, 2nd  -----(2|)
            replay, 1st   ----------(1|)
            replay, late  ---------------(1|)
            held request  ---------------------!
        """))
    let steps = run.output.split(separator: "\n").compactMap { line in
      line.hasPrefix("    t") ? line.dropFirst(4).prefix { $0 != " " } : nil
    }
    #expect(Set(steps) == ["t0", "t1", "t2", "t3", "t4", "t5"])
    let told = Self.flattened(run.output)
    #expect(
      told.contains(
        "t0 the 1st subscription to the cold request sent its own request and "
          + "got \"response #1\"; server hits: 1"))
    #expect(
      told.contains(
        "t1 the 2nd subscription to the cold request sent its own request and "
          + "got \"response #2\"; server hits: 2"))
    #expect(told.contains("t5 disposed the subscription: the server saw the client hang up"))
  }

  @Test("sequence and operators: nothing is 'nothing', one value is not an array, -7 is (-7)")
  func wording() async throws {
    let run = try await demo("sequence", "operators")
    #expect(run.status == 0)
    for line in [
      "    t0  mapped the list; the map ran for nothing\n",
      "    t1  letters.head → \"A_\"; the map ran for \"A\"\n",
      "    t3  letters.array → [\"A_\", \"B_\"]; the map ran for nothing\n",
      "    t8  result sent 12 and 9: (1+10)+1 and (3+5)+1; 2+(-7) < 0 was filtered out\n",
      "    t15  presentError was called with \"disk full\"\n",
      "    second      --10--(-7)--5|\n",
    ] {
      #expect(run.output.contains(line), "no line \(line)")
    }
    #expect(!run.output.contains("[]"))
    #expect(!run.output.contains("[\"A_\"]"))
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

  @Test("--svg: the command's diagram numbers its steps and outlines the three rapid presses")
  func svgDiagram() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rac-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await demo("--svg", directory.path, "command")
    #expect(run.status == 0)
    let svg = try String(
      contentsOf: directory.appendingPathComponent("command.svg"), encoding: .utf8)
    #expect(svg.components(separatedBy: #"class="step""#).count - 1 == 11)
    #expect(svg.components(separatedBy: #"class="group""#).count - 1 == 1)
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
