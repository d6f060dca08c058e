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

  @Test("every scenario runs and passes, in under 15 s, leaving no server port open")
  func allScenarios() async throws {
    let started = ContinuousClock.now
    let run = try await demo()
    let elapsed = ContinuousClock.now - started
    #expect(run.status == 0, "rac-demo failed:\n\(run.output)\n\(run.errors)")
    #expect(elapsed < .seconds(15))
    for name in Self.scenarios {
      #expect(run.output.contains("✔ \(name): "), "no passing verdict for \(name)")
    }
    #expect(!run.output.contains("✘"))
    #expect(run.output.contains("All 7 scenarios showed what they claim"))
    // Each scenario shows its events as a marble diagram.
    #expect(run.output.components(separatedBy: "marble diagram").count - 1 == 7)
    // The key lines of the seed stories.
    #expect(run.output.contains("First will launch 1 missiles"))
    #expect(run.output.contains("Second will launch 2 missiles"))
    #expect(run.output.contains("server hits: 2"))
    #expect(run.output.contains("the late one [\"response #1\"] replayed; server hits: 1"))
    #expect(run.output.contains("the server saw the client hang up"))
    #expect(run.output.contains("result.name: [[[+zip: (first, second)] -map:] -filter:] -map:"))
    #expect(run.output.contains("scheduleRecursive ran 1000000 times"))
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
