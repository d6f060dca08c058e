import Benchmark
import Workloads

// Every workload of Benchmarks/WORKLOADS.md, for RACSwift, OpenCombine and the closure loop, in
// one process and one run. Names are "<workload> <implementation>", which `report.py` reads.
// Before registering, each workload runs once per implementation at full N and the checksums
// are compared: a mismatch voids the run (it stops here).

/// A benchmark's measurement brackets, usable from the workloads' `@Sendable` meter.
struct MeasurementBrackets: @unchecked Sendable {
  // The benchmark object is used only on the thread running its closure.
  let benchmark: Benchmark
  var meter: Meter {
    Meter(start: { benchmark.startMeasurement() }, stop: { benchmark.stopMeasurement() })
  }
}

let benchmarks: @Sendable () -> Void = {
  for workload in workloads {
    let checksums = workload.implementations.map { $0.run(workload.count, .none) }
    precondition(
      Set(checksums).count == 1,
      "\(workload.id): implementations disagree \(checksums) — the results would be void")
  }

  // Peak resident memory is sampled by a thread of package-benchmark's that wakes every ~10 ms
  // to read /proc; WORKLOADS.md asks for it of W1 only. Elsewhere it is left out: on a 2-core
  // machine that thread takes a core from one of W7's two sending threads several times per
  // sample, whichever library is measured.
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 15)
  var w1Configuration = configuration
  w1Configuration.metrics.append(.peakMemoryResident)

  for workload in workloads {
    for implementation in workload.implementations {
      Benchmark(
        "\(workload.id) \(implementation.name)",
        configuration: workload.id == "W1" ? w1Configuration : configuration
      ) {
        benchmark in
        let checksum = implementation.run(
          workload.count, MeasurementBrackets(benchmark: benchmark).meter)
        blackHole(checksum)
      }
    }
  }

  let w8Configuration = Benchmark.Configuration(
    metrics: [.mallocCountTotal, .custom("heap bytes")],
    warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 15)
  Benchmark("W8 RACSwift", configuration: w8Configuration) { benchmark in
    let bytes = W8.racSwift(W8.count, meter: MeasurementBrackets(benchmark: benchmark).meter)
    benchmark.measurement(.custom("heap bytes"), bytes)
  }
  Benchmark("W8 OpenCombine", configuration: w8Configuration) { benchmark in
    let bytes = W8.openCombine(W8.count, meter: MeasurementBrackets(benchmark: benchmark).meter)
    benchmark.measurement(.custom("heap bytes"), bytes)
  }
}
