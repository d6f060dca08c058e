import Foundation
import RACSwift
import Testing

/// The repository's root, found from this file's path (Tests/RACSwiftTests/Documentation/).
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite("CONTRIBUTING's operator walkthrough", .checksLiveSubscriptions)
struct ContributingWalkthroughTests {
  /// Each walkthrough of CONTRIBUTING.md: its heading, the file its first code block is, and a
  /// line the block must hold.
  static let walkthroughs: [(heading: String, file: String, holds: String)] = [
    ("## Writing an operator", "Operators/Scan.swift", "public func scan<A>("),
    ("### An operator with a second input", "Operators/Sample.swift", "public func sample<T>("),
    ("### An operator with inner signals", "Operators/Flatten.swift", "public func flatten<T>()"),
    (
      "### An operator that needs each subscription", "Operators/Delay.swift",
      "public func delay("
    ),
    ("### A source", "Signal/Signal+Just.swift", "public static func just("),
  ]

  @Test(
    "each walkthrough's operator in CONTRIBUTING.md is the library's file, verbatim",
    arguments: walkthroughs.indices)
  func templateIsTheLibrarysCode(walkthrough: Int) throws {
    let (heading, file, holds) = Self.walkthroughs[walkthrough]
    let guide = try String(
      contentsOf: repositoryRoot.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Sources/RACSwift/\(file)"),
      encoding: .utf8)
    let section = try #require(guide.range(of: "\(heading)\n"))
    let afterHeading = guide[section.upperBound...]
    let open = try #require(afterHeading.range(of: "```swift\n"))
    // The block ends at a fence at the start of a line (the file's doc comments hold fences too).
    let close = try #require(afterHeading[open.upperBound...].range(of: "\n```\n"))
    let block = afterHeading[open.upperBound...close.lowerBound]
    // The block is the whole file: the operator a contributor copies.
    #expect(block.contains(holds))
    #expect(block == source[...], "CONTRIBUTING's walkthrough \(heading) differs from \(file)")
  }

  @Test("the template behaves as its walkthrough says: every intermediate result, per subscription")
  func templateBehaves() {
    let sums = Signal<Int, Never>.from([1, 2, 3, 4]).scan(0, +)
    var first: [Int] = []
    var second: [Int] = []
    sums.subscribe(next: { first.append($0) })
    sums.subscribe(next: { second.append($0) })
    #expect(first == [1, 3, 6, 10])
    #expect(second == [1, 3, 6, 10])
    #expect(sums.description == "[+from] -scanWithStart:reduce:")
  }
}
