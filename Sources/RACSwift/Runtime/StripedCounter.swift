import Synchronization

/// A counter that many threads change at once without all writing one cache line: each thread
/// adds to one of ``stripeCount`` atomics, each in an object of its own 128 bytes long, chosen by
/// the thread's identity; the value is their sum. Starting and ending subscriptions on 16 threads
/// changes the subscription ledger's count twice per subscription, and a single atomic there
/// would move one line between every core on every change.
///
/// Objects rather than one raw buffer of padded atomics: no pointer to keep and free, for 7
/// instructions more per subscription started and ended (W11, 3,102 → 3,109), and the same time
/// on two threads; one `Atomic<Int>` instead counted 3,084 and took the same time on two threads
/// (`Benchmarks/RESULTS.md`, session 32 — two cores could not show what the stripes are for).
///
/// An add and its matching subtract may land on different stripes (a subscription ended on
/// another thread); only the sum is meaningful, and wrapping arithmetic keeps it exact.
///
/// Lock discipline: the stripes are atomics, made once with the counter and never replaced.
final class StripedCounter: Sendable {
  /// One stripe: an atomic in an object 128 bytes long (16 of header, 8 of atomic, 104 of
  /// padding), so that no two stripes' atomics share a cache line (two on x86-64, whose
  /// adjacent-line prefetcher pairs lines, when the objects lie side by side).
  final class Stripe: Sendable {
    let count = Atomic<Int>(0)
    let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
  }

  /// How many stripes; a power of two.
  static let stripeCount = 16

  private let stripes: [Stripe] = (0..<stripeCount).map { _ in Stripe() }

  init() {}

  /// The calling thread's stripe.
  private var stripe: Stripe {
    // Thread identities are addresses far apart with equal low bits: a multiplicative hash
    // spreads them; its top bits pick the stripe.
    let hash = currentThreadIdentity() &* 0x9E37_79B9_7F4A_7C15
    let index = Int(truncatingIfNeeded: hash >> (UInt.bitWidth - 4)) & (Self.stripeCount - 1)
    return stripes[index]
  }

  /// Adds one (relaxed: nothing is published with it).
  func increment() {
    stripe.count.wrappingAdd(1, ordering: .relaxed)
  }

  /// Subtracts one, releasing what the thread did before: a reader that finds the sum back at
  /// a value sees what was done before the subtractions that brought it there.
  func decrement() {
    stripe.count.wrappingSubtract(1, ordering: .releasing)
  }

  /// The sum of the stripes, each read with an acquiring load.
  var value: Int {
    var sum = 0
    for stripe in stripes { sum &+= stripe.count.load(ordering: .acquiring) }
    return sum
  }
}
