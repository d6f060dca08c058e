import Dispatch
import ScalingWorkloads
import Synchronization
import Workloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Issue 35's scaling scenarios (S1–S9): RACSwift and OpenCombine side by side at growing N.
//
//   scaling-runner                     every scenario at N = 10³, 10⁴, 10⁵, 10⁶: ns per unit,
//                                      rounds interleaved between the implementations
//   scaling-runner S3 [S4 …]           only those scenarios
//   scaling-runner --rounds 21 S4      21 interleaved rounds per size instead of 3 (a pass at
//                                      N = 10³ takes a fraction of a millisecond: three are
//                                      at the mercy of one interruption)
//   scaling-runner --smoke             every scenario once at a tiny N, checksums compared
//   scaling-runner --list              each scenario's id and units per N (for scaling.sh)
//   scaling-runner --one S3 RACSwift N one pass, for callgrind (scaling.sh)
//
// A size whose pass would take over a minute (estimated from the size below it) is skipped, and
// the table says so.

/// When the measured part of a pass started and stopped.
final class Stopwatch: Sendable {
  let started = Atomic<UInt64>(0)
  let stopped = Atomic<UInt64>(0)

  var meter: Meter {
    Meter(
      start: { self.started.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) },
      stop: { self.stopped.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) })
  }

  var elapsed: UInt64 {
    stopped.load(ordering: .relaxed) - started.load(ordering: .relaxed)
  }
}

let sizes = [1_000, 10_000, 100_000, 1_000_000]
/// The longest a pass may take; a size estimated to take longer is skipped.
let passLimit: UInt64 = 60_000_000_000
/// Passes under this take every round asked for (three unless `--rounds` says); longer ones one.
let roundsLimit: UInt64 = 5_000_000_000

func scenario(_ id: String) -> ScalingScenario {
  guard let found = scalingScenarios.first(where: { $0.id == id }) else {
    print("unknown scenario \(id): \(scalingScenarios.map(\.id).joined(separator: " "))")
    exit(64)
  }
  return found
}

var arguments = Array(CommandLine.arguments.dropFirst())
/// Interleaved rounds per size (`--rounds R`); passes over ``roundsLimit`` take one.
var requestedRounds = 3
if arguments.first == "--rounds" {
  guard arguments.count >= 2, let rounds = Int(arguments[1]), rounds > 0 else {
    print("usage: scaling-runner --rounds <R> [scenario …]")
    exit(64)
  }
  requestedRounds = rounds
  arguments.removeFirst(2)
}

if arguments.first == "--list" {
  for scenario in scalingScenarios { print("\(scenario.id) \(scenario.unitsPerN)") }
  exit(0)
}

if arguments.first == "--one" {
  guard arguments.count == 4, let n = Int(arguments[3]),
    let implementation = scenario(arguments[1]).implementations.first(where: {
      $0.name == arguments[2]
    })
  else {
    print("usage: scaling-runner --one <scenario> <RACSwift | OpenCombine> <N>")
    exit(64)
  }
  print("checksum \(implementation.run(n, .none))")
  exit(0)
}

if arguments.first == "--smoke" {
  var failures = 0
  for scenario in scalingScenarios {
    let checksums = scenario.implementations.map { ($0.name, $0.run(100, .none)) }
    let agree = Set(checksums.map(\.1)).count == 1
    print("\(scenario.id)\t\(agree ? "ok" : "MISMATCH")\t\(checksums.map { "\($0.0)=\($0.1)" })")
    if !agree { failures += 1 }
  }
  if failures > 0 {
    print("\(failures) scenario(s) disagree")
    exit(1)
  }
  exit(0)
}

let selected = arguments.isEmpty ? scalingScenarios : arguments.map(scenario)
print(
  "ns per unit (median of up to \(requestedRounds) interleaved rounds); RACSwift ÷ OpenCombine in"
    + " brackets")
print("")
print(
  "| scenario | unit | implementation | " + sizes.map { "N = \($0)" }.joined(separator: " | ")
    + " |")
print("| --- | --- | --- |" + String(repeating: " ---: |", count: sizes.count))
var mismatches = 0
for scenario in selected {
  let names = scenario.implementations.map(\.name)
  // cells[implementation][size]
  var cells = Array(repeating: Array(repeating: "", count: sizes.count), count: names.count)
  var perUnit = Array(repeating: [Double?](repeating: nil, count: sizes.count), count: names.count)
  var lastPass = [UInt64?](repeating: nil, count: names.count)
  var skipped = [Bool](repeating: false, count: names.count)
  for (sizeIndex, n) in sizes.enumerated() {
    var times = Array(repeating: [UInt64](), count: names.count)
    var checksums = [Int?](repeating: nil, count: names.count)
    var active: [Int] = []
    for (index, implementation) in scenario.implementations.enumerated() {
      if let largest = scenario.largestN[implementation.name], n > largest {
        cells[index][sizeIndex] = "— (overflows the stack past \(largest))"
        continue
      }
      if skipped[index] {
        cells[index][sizeIndex] = "skipped"
        continue
      }
      if let last = lastPass[index], sizeIndex > 0 {
        // The next size's pass, estimated from this scenario's growth so far.
        let growth =
          sizeIndex >= 2
          ? max(1, (perUnit[index][sizeIndex - 1] ?? 1) / (perUnit[index][sizeIndex - 2] ?? 1))
          : 1
        if Double(last) * 10 * growth > Double(passLimit) {
          cells[index][sizeIndex] = "skipped (a pass over 60 s)"
          skipped[index] = true
          continue
        }
      }
      active.append(index)
    }
    var rounds = requestedRounds
    var round = 0
    while round < rounds {
      for index in active {
        let stopwatch = Stopwatch()
        let start = DispatchTime.now().uptimeNanoseconds
        let checksum = scenario.implementations[index].run(n, stopwatch.meter)
        let pass = DispatchTime.now().uptimeNanoseconds - start
        lastPass[index] = pass
        if pass > roundsLimit { rounds = 1 }
        times[index].append(stopwatch.elapsed)
        checksums[index] = checksum
      }
      round += 1
    }
    if Set(active.compactMap { checksums[$0] }).count > 1 {
      mismatches += 1
      print("\(scenario.id) N = \(n): checksums differ \(checksums)")
    }
    for index in active {
      let sorted = times[index].sorted()
      let units = Double(n * scenario.unitsPerN)
      perUnit[index][sizeIndex] = Double(sorted[sorted.count / 2]) / units
    }
    for index in active {
      guard let mine = perUnit[index][sizeIndex] else { continue }
      var cell = formatted(mine)
      if index == 0, names.count > 1, let other = perUnit[1][sizeIndex] {
        cell += " (\(formatted(mine / other, digits: 2)))"
      }
      cells[index][sizeIndex] = cell
    }
  }
  for (index, name) in names.enumerated() {
    print(
      "| \(scenario.id) | \(scenario.unit) | \(name) | "
        + cells[index].joined(separator: " | ") + " |")
  }
}
if mismatches > 0 {
  print("\(mismatches) size(s) with differing checksums")
  exit(1)
}

func formatted(_ value: Double, digits: Int = 1) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  return "\(rounded)"
}
