import Foundation
import RACSwiftTesting
import Testing

@testable import RACSwift

/// A `Trampoline` whose passes each take one numbered job from a first-in, first-out queue, the
/// way `flatten(maxConcurrent:)` takes inner signals, and record what they ran.
///
/// Lock discipline: `incoming` is read and written only with `lock` held. `ran`, `taken`,
/// `depth` and `deepest` are touched only by passes, which the trampoline never runs at once or
/// nested (the thread sanitizer checks that promise), and by the test once every request
/// returned. `probe` counts overlapping passes independently.
final class TrampolineHarness: @unchecked Sendable {
  /// The trampoline under test.
  let trampoline = Trampoline()
  /// Counts passes that overlap.
  let probe = SerialityProbe()
  private let lock = NSLock()
  /// Every job queued so far, in queue order; those before `taken` were run.
  private var incoming: [Int] = []
  private var taken = 0
  /// The jobs run, in the order the passes ran them (-1: a pass found no job).
  var ran: [Int] = []
  /// How many passes are running now on the looping thread's stack.
  var depth = 0
  /// The largest `depth` seen: 1 unless a pass ran nested inside another.
  var deepest = 0
  /// What a pass does after recording its job (for example, request more).
  let onJob: @Sendable (TrampolineHarness, Int) -> Void

  /// A harness with room for `count` jobs whose passes call `onJob` after recording each.
  init(
    expecting count: Int = 0,
    onJob: @escaping @Sendable (TrampolineHarness, Int) -> Void = { _, _ in }
  ) {
    ran.reserveCapacity(count)
    incoming.reserveCapacity(count)
    self.onJob = onJob
  }

  /// Queues `job`, then requests the pass that runs it.
  func request(_ job: Int) {
    lock.withLock { incoming.append(job) }
    trampoline.request { pass() }
  }

  /// One pass: takes the oldest queued job and records it.
  func pass() {
    depth += 1
    deepest = max(deepest, depth)
    probe.handle()
    let job = lock.withLock { () -> Int? in
      guard taken < incoming.count else { return nil }
      defer { taken += 1 }
      return incoming[taken]
    }
    if let job {
      ran.append(job)
      onJob(self, job)
    } else {
      // A pass with no job queued before its request: the trampoline ran it too early.
      ran.append(-1)
    }
    depth -= 1
  }

  /// Whether no thread runs the loop and no request is left.
  var isIdle: Bool { trampoline.requests.load(ordering: .acquiring) == 0 }

  /// `ran` split by the thread that requested each job (`thread * stride + index`).
  func perThread(_ threads: Int, stride: Int) -> [[Int]] {
    var result = Array(repeating: [Int](), count: threads)
    for job in ran { result[job / stride].append(job % stride) }
    return result
  }
}

@Suite(
  "Trampoline: re-entrant requests run after the current pass, in order (CONTRACT.md#bounded-stack)",
  .checksLiveSubscriptions, .tags(.stack))
struct TrampolineTests {
  @Test("one request, nothing running: the pass runs at once, before request returns")
  func uncontended() {
    let harness = TrampolineHarness()
    for job in 0..<1_000 {
      harness.request(job)
      #expect(harness.ran.count == job + 1)
    }
    #expect(harness.ran == Array(0..<1_000))
    #expect(harness.isIdle)
  }

  @Test(
    "requests made inside a pass run after it returns, each once, in request order",
    arguments: [1, 3, 10_000])
  func reentrantRequests(count: Int) {
    let harness = TrampolineHarness(expecting: count + 1) { harness, job in
      guard job == -2 else { return }
      for next in 0..<count { harness.request(next) }
      // Nothing requested from inside a pass runs inside it.
      #expect(harness.ran == [-2])
    }
    harness.request(-2)
    #expect(harness.ran == [-2] + Array(0..<count))
    #expect(harness.deepest == 1)
    #expect(harness.isIdle)
    // The trampoline is idle again: the next request runs at once.
    harness.request(count)
    #expect(harness.ran.last == count)
  }

  @Test("100,000 requests, each made by the pass before, run one after another on a 512 KiB stack")
  func reentrantChainOnSmallStack() async {
    await onSmallStack {
      let total = 100_000
      let harness = TrampolineHarness(expecting: total) { harness, job in
        if job + 1 < total { harness.request(job + 1) }
      }
      harness.request(0)
      #expect(harness.ran.count == total)
      #expect(harness.ran == Array(0..<total))
      #expect(harness.deepest == 1)
      #expect(harness.isIdle)
    }
  }
}
