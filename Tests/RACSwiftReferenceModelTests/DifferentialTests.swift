import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// The differential test: random chains over random timelines, run through the library on a
/// `TestScheduler` and through the reference model, compared event by event (times included).
///
/// - `RACSWIFT_MODEL_CASES=<n>`: how many cases. Without it, 10,000 (a few seconds in a debug
///   build), or 100,000 (about 30 s) with `RACSWIFT_FULL_TESTS=1`, the full scale of every
///   stress test (`Tests/RACSwiftTests/Support/TestScale.swift`).
/// - `RACSWIFT_MODEL_FIRST_SEED=<s>`: the seed of the first case (default 1); case `i` has seed
///   `s + i`.
/// - `RACSWIFT_MODEL_SEED=<n>`: run only the case of seed `n`, and print it.
/// - `RACSWIFT_MODEL_TRACE=1`: print each seed before running it (to find a case that hangs).
@Suite(.checksLiveSubscriptions) struct ReferenceModelDifferentialTests {
  /// The outcome of one case.
  enum Outcome {
    case agreed
    case ambiguous(Ambiguous)
    case diverged(String)
  }

  /// Runs the case of `seed` through the model and the library.
  static func check(seed: UInt64) -> Outcome {
    let differentialCase = CaseGenerator.makeCase(seed: seed)
    let context = ModelContext(
      horizon: differentialCase.disposal, leaves: differentialCase.leaves,
      inners: differentialCase.inners)
    let expected: Timeline
    do {
      expected = try context.evaluate(differentialCase.chain, at: 0, cause: context.freshCause())
    } catch let ambiguous as Ambiguous {
      return .ambiguous(ambiguous)
    } catch {
      return .diverged("model threw \(error)")
    }
    let run = LibraryRunner(differentialCase).run()
    let received = run.events
    var problems: [String] = []
    if !(expected.count == received.count
      && zip(expected, received).allSatisfy { $0.time == $1.time && $0.kind == $1.kind })
    {
      problems.append(
        """
          model:   \(expected.map(\.description).joined(separator: " "))
          library: \(received.map { "\($0.kind)@\($0.time)" }.joined(separator: " "))
        """)
    }
    if run.eventsAfterDisposal != 0 {
      problems.append("  \(run.eventsAfterDisposal) event(s) delivered after disposal")
    }
    if let live = run.liveSubscriptions, live != 0 {
      problems.append("  \(live) subscription(s) still live after disposal")
    }
    if problems.isEmpty { return .agreed }
    return .diverged(([differentialCase.description] + problems).joined(separator: "\n"))
  }

  @Test func libraryAgreesWithTheReferenceModel() {
    let environment = ProcessInfo.processInfo.environment
    if let single = environment["RACSWIFT_MODEL_SEED"].flatMap(UInt64.init) {
      // Printed first, unbuffered, so that a case that never ends still shows.
      FileHandle.standardError.write(Data("\(CaseGenerator.makeCase(seed: single))\n".utf8))
      let outcome = Self.check(seed: single)
      print("outcome: \(outcome)")
      if case .diverged(let report) = outcome { Issue.record("divergence:\n\(report)") }
      return
    }
    let defaultCount = environment["RACSWIFT_FULL_TESTS"] == "1" ? 100_000 : 10_000
    let count = environment["RACSWIFT_MODEL_CASES"].flatMap(Int.init) ?? defaultCount
    let firstSeed = environment["RACSWIFT_MODEL_FIRST_SEED"].flatMap(UInt64.init) ?? 1
    var agreed = 0
    var ambiguous = 0
    var divergences: [String] = []
    let traces = environment["RACSWIFT_MODEL_TRACE"] == "1"
    for index in 0..<count {
      if traces {
        FileHandle.standardError.write(Data("seed \(firstSeed + UInt64(index))\n".utf8))
      }
      switch Self.check(seed: firstSeed + UInt64(index)) {
      case .agreed: agreed += 1
      case .ambiguous: ambiguous += 1
      case .diverged(let report): divergences.append(report)
      }
    }
    print(
      "reference model: \(count) cases from seed \(firstSeed): \(agreed) agreed, "
        + "\(ambiguous) skipped as ambiguous, \(divergences.count) diverged")
    for report in divergences.prefix(5) { Issue.record("divergence:\n\(report)") }
    #expect(divergences.isEmpty)
    // The model must decide most cases, or the comparison says little.
    #expect(agreed * 10 >= count * 8, "too many ambiguous cases: \(ambiguous) of \(count)")
  }
}
