import AppWorkloads
import Dispatch
import Foundation
import Workloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Runs one implementation of one workload, for profilers (`perf record`, `valgrind
// --tool=callgrind`) and quick timings outside package-benchmark:
//
//   .build/release/workload-runner W3 RACSwift [N] [repetitions]
//   .build/release/workload-runner W9 ButtonSignal
//
// Prints the checksum and the best time per unit over the repetitions; with three or more, also
// the median of all but the first (a warm-up), which is what package-benchmark reports. For a
// contended workload (W7) compare medians: its best runs say little about a typical one.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2,
  let workload = (workloads + appWorkloads).first(where: { $0.id == arguments[0] }),
  let implementation = workload.implementations.first(where: { $0.name == arguments[1] })
else {
  print(
    "usage: workload-runner <W1…W7 | W9 | W10 … W21 | W1m> "
      + "<RACSwift | OpenCombine | Command | ButtonSignal | closure loop> [N] [repetitions]")
  exit(64)
}
let n = arguments.count > 2 ? Int(arguments[2]) ?? workload.count : workload.count
let repetitions = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
// `WORKLOAD_RUNNER_THREADS=T` runs T copies of the workload at once, each on its own thread with
// its own sources (W1b's subject, W3's chains, W11's subject per thread), and reports wall time ÷
// all the units of all threads: how per-thread work scales with cores.
let threads = max(1, Int(ProcessInfo.processInfo.environment["WORKLOAD_RUNNER_THREADS"] ?? "") ?? 1)
var times: [UInt64] = []
var checksum = 0
for _ in 0..<repetitions {
  let start = DispatchTime.now().uptimeNanoseconds
  if threads == 1 {
    checksum = implementation.run(n, .none)
  } else {
    let checksums = ThreadChecksums(count: threads)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      checksums.record(implementation.run(n, .none), at: thread)
    }
    checksum = checksums.agreed
  }
  times.append(DispatchTime.now().uptimeNanoseconds - start)
}
let perUnit = { (nanoseconds: UInt64) in Double(nanoseconds) / Double(n * threads) }
var line =
  "\(workload.id) \(implementation.name)\(threads > 1 ? " on \(threads) threads" : ""): "
  + "checksum \(checksum), best \(perUnit(times.min() ?? 0)) ns per \(workload.unit)"
if repetitions >= 3 {
  let timed = times.dropFirst().sorted()
  line += ", median of runs 2–\(repetitions) \(perUnit(timed[timed.count / 2])) ns"
}
print(line)
// `WORKLOAD_RUNNER_PER_RUN=1` also prints every run (ns per unit, in order), to see how a
// contended workload's runs spread.
if ProcessInfo.processInfo.environment["WORKLOAD_RUNNER_PER_RUN"] == "1" {
  print(times.map { String(format: "%.1f", perUnit($0)) }.joined(separator: " "))
}

/// The checksum each thread's run returned; they must agree.
///
/// Lock discipline: `values` is read and written only under `lock`.
final class ThreadChecksums: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int]

  init(count: Int) { values = Array(repeating: 0, count: count) }

  func record(_ checksum: Int, at thread: Int) {
    lock.withLock { values[thread] = checksum }
  }

  /// The checksum all threads returned (the program stops if they differ).
  var agreed: Int {
    lock.withLock {
      guard let first = values.first, values.allSatisfy({ $0 == first }) else {
        fatalError("the threads' checksums differ: \(values)")
      }
      return first
    }
  }
}
