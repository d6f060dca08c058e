import AppWorkloads
import Workloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Runs every workload once with a tiny N and checks that the implementations agree.
// No timing: this is CI's check that the benchmarks still build and mean something.
var failures = 0
// Top-level code runs on the main thread, so the main-thread workloads run here too.
for workload in workloads + appWorkloads {
  let n = 1_000
  let checksums = workload.implementations.map { ($0.name, $0.run(n, .none)) }
  let agree = Set(checksums.map(\.1)).count == 1
  print("\(workload.id)\t\(agree ? "ok" : "MISMATCH")\t\(checksums.map { "\($0.0)=\($0.1)" })")
  if !agree { failures += 1 }
}
let racBytes = W8.racSwift(1_000, meter: .none)
let ocBytes = W8.openCombine(1_000, meter: .none)
print(
  "W8\tok\tlive heap bytes per subscription: RACSwift \(racBytes / 1_000), "
    + "OpenCombine \(ocBytes / 1_000)")
if failures > 0 {
  print("\(failures) workload(s) disagree")
  exit(1)
}
