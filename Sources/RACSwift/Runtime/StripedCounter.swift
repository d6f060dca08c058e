import Synchronization

/// A counter that many threads change at once without all writing one cache line: each thread
/// adds to one of ``stripeCount`` atomics, each on a cache line of its own, chosen by the
/// thread's identity; the value is their sum. Starting and ending subscriptions on 16 threads
/// changes the subscription ledger's count twice per subscription, and a single atomic there
/// would move one line between every core on every change.
///
/// An add and its matching subtract may land on different stripes (a subscription ended on
/// another thread); only the sum is meaningful, and wrapping arithmetic keeps it exact.
///
/// Lock discipline: the stripes are atomics, allocated once and freed with the counter.
final class StripedCounter: @unchecked Sendable {
  /// How many stripes; a power of two.
  static let stripeCount = 16
  /// The distance between stripes, in `Atomic<Int>`s: 128 bytes, a cache line (two on x86-64,
  /// whose adjacent-line prefetcher pairs lines).
  static let stride = 128 / MemoryLayout<Atomic<Int>>.stride

  private let stripes: UnsafeMutablePointer<Atomic<Int>>

  init() {
    let count = Self.stripeCount * Self.stride
    stripes = UnsafeMutableRawPointer.allocate(
      byteCount: count * MemoryLayout<Atomic<Int>>.stride, alignment: 128
    ).bindMemory(to: Atomic<Int>.self, capacity: count)
    for index in 0..<count { (stripes + index).initialize(to: Atomic(0)) }
  }

  deinit {
    stripes.deinitialize(count: Self.stripeCount * Self.stride)
    stripes.deallocate()
  }

  /// The calling thread's stripe.
  private var stripe: UnsafeMutablePointer<Atomic<Int>> {
    // Thread identities are addresses far apart with equal low bits: a multiplicative hash
    // spreads them; its top bits pick the stripe.
    let hash = currentThreadIdentity() &* 0x9E37_79B9_7F4A_7C15
    let index = Int(truncatingIfNeeded: hash >> (UInt.bitWidth - 4)) & (Self.stripeCount - 1)
    return stripes + index * Self.stride
  }

  /// Adds one (relaxed: nothing is published with it).
  func increment() {
    stripe.pointee.wrappingAdd(1, ordering: .relaxed)
  }

  /// Subtracts one, releasing what the thread did before: a reader that finds the sum back at
  /// a value sees what was done before the subtractions that brought it there.
  func decrement() {
    stripe.pointee.wrappingSubtract(1, ordering: .releasing)
  }

  /// The sum of the stripes, each read with an acquiring load.
  var value: Int {
    var sum = 0
    for index in 0..<Self.stripeCount {
      sum &+= (stripes + index * Self.stride).pointee.load(ordering: .acquiring)
    }
    return sum
  }
}
