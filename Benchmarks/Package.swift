// swift-tools-version: 6.1
import PackageDescription

// RACSwift's benchmarks, side by side with OpenCombine and a hand-written closure loop
// (WORKLOADS.md). A separate package: `swift test` at the repository root never
// builds it. Run everything with `./run.sh` (see README.md).
let package = Package(
  name: "RACSwiftBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "RACSwift", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(name: "CHeapStats"),
    .target(
      name: "Workloads",
      dependencies: [
        .product(name: "RACSwift", package: "RACSwift"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        "CHeapStats",
      ]),
    .executableTarget(
      name: "RACSwiftBenchmarks",
      dependencies: [.product(name: "Benchmark", package: "benchmark"), "Workloads"],
      path: "Benchmarks/RACSwiftBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // App-code workloads that are not WORKLOADS.md's (W1m), in a module of their own: the
    // compiler merges identical specialized closures within a module, so code added next to the
    // workloads changes theirs (W1m beside W2 put one more jump stub in W2's path per subscriber).
    .target(
      name: "AppWorkloads",
      dependencies: [.product(name: "RACSwift", package: "RACSwift"), "Workloads"]),
    // Issue 35's scaling scenarios (S1–S8), in a module of their own for the same reason.
    .target(
      name: "ScalingWorkloads",
      dependencies: [
        .product(name: "RACSwift", package: "RACSwift"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        "Workloads",
      ]),
    .executableTarget(name: "scaling-runner", dependencies: ["ScalingWorkloads", "Workloads"]),
    .executableTarget(name: "smoke", dependencies: ["Workloads", "AppWorkloads"]),
    .executableTarget(name: "heap-stats", dependencies: ["Workloads"]),
    .executableTarget(name: "workload-runner", dependencies: ["Workloads", "AppWorkloads"]),
    .executableTarget(
      name: "lock-contention", dependencies: [.product(name: "RACSwift", package: "RACSwift")]),
  ],
  swiftLanguageModes: [.v6]
)
