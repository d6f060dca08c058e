import Workloads

/// One scaling scenario of issue 35: a structure that grows with N, measured per unit at
/// N = 10³ … 10⁶ for RACSwift and OpenCombine side by side (equal checksums).
public struct ScalingScenario: Sendable {
  /// `S1` … `S8`, with a suffix where a scenario has two forms (`S7map`).
  public let id: String
  /// What it measures.
  public let title: String
  /// What one unit is.
  public let unit: String
  /// Units per N (a scenario that sends 16 values to N subscribers has 16 deliveries per N).
  public let unitsPerN: Int
  /// The implementations, RACSwift first; OpenCombine where it has the feature.
  public let implementations: [Implementation]
  /// The largest N an implementation can run at all (a chain built N deep that a library
  /// subscribes recursively overflows the stack beyond it); absent: no limit.
  public let largestN: [String: Int]

  init(
    id: String, title: String, unit: String, unitsPerN: Int = 1,
    implementations: [Implementation], largestN: [String: Int] = [:]
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.unitsPerN = unitsPerN
    self.implementations = implementations
    self.largestN = largestN
  }
}

/// Every scaling scenario, in order.
public let scalingScenarios: [ScalingScenario] = [
  s1, s2, s3, s4, s4Add, s4Remove, s4Dispose, s5, s6, s7Map, s7FlattenMap, s8Concat, s8Merge,
  s9Bind,
]

/// The same random permutation of `0..<n` for every implementation (SplitMix64, seeded).
func shuffledOrder(_ n: Int) -> [Int] {
  var generator = SplitMix(state: UInt64(n))
  return Array(0..<n).shuffled(using: &generator)
}

/// A small seeded generator, so that every run removes in the same order.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
