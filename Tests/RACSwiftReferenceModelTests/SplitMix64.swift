/// A tiny seeded pseudo-random generator (SplitMix64): the same seed gives the same sequence on
/// every platform and every run, so a case found by the differential test replays from its seed.
/// The system generator is never used.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range` (a slight modulo bias does not matter here).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One of `choices`, each as likely.
  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
