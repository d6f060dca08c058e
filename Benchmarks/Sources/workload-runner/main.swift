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
    "usage: workload-runner <W1…W7 | W9 | W10 | W1m> "
      + "<RACSwift | OpenCombine | Command | ButtonSignal | closure loop> [N] [repetitions]")
  exit(64)
}
let n = arguments.count > 2 ? Int(arguments[2]) ?? workload.count : workload.count
let repetitions = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
var times: [UInt64] = []
var checksum = 0
for _ in 0..<repetitions {
  let start = DispatchTime.now().uptimeNanoseconds
  checksum = implementation.run(n, .none)
  times.append(DispatchTime.now().uptimeNanoseconds - start)
}
let perUnit = { (nanoseconds: UInt64) in Double(nanoseconds) / Double(n) }
var line =
  "\(workload.id) \(implementation.name): checksum \(checksum), "
  + "best \(perUnit(times.min() ?? 0)) ns per \(workload.unit)"
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
