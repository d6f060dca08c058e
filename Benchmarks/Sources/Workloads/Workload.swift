/// One benchmark workload of `Benchmarks/WORKLOADS.md`, implemented three times.
public struct Workload: Sendable {
  /// `W1` … `W20`.
  public let id: String
  /// What it measures.
  public let title: String
  /// What one unit of N is ("source element", "send", "subscription").
  public let unit: String
  /// N as defined.
  public let count: Int
  /// The implementations, RACSwift first.
  public let implementations: [Implementation]

  /// A workload (also for the app-code workloads, which live in a module of their own).
  public init(
    id: String, title: String, unit: String, count: Int, implementations: [Implementation]
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.count = count
    self.implementations = implementations
  }
}

/// One implementation of a workload: runs it for `n` units and returns a checksum that every
/// implementation of the workload must agree on. `meter` marks the part to measure (setup and
/// teardown stay outside).
public struct Implementation: Sendable {
  /// "RACSwift", "OpenCombine" or "closure loop".
  public let name: String
  /// Runs the workload.
  public let run: @Sendable (_ n: Int, _ meter: Meter) -> Int

  /// An implementation called `name`.
  public init(name: String, run: @escaping @Sendable (_ n: Int, _ meter: Meter) -> Int) {
    self.name = name
    self.run = run
  }
}

/// Brackets the measured part of a workload.
public struct Meter: Sendable {
  /// Called when the measured part starts.
  public var start: @Sendable () -> Void
  /// Called when it ends.
  public var stop: @Sendable () -> Void

  /// A meter that measures nothing (for smoke tests and checksums).
  public static let none = Meter(start: {}, stop: {})

  /// A meter calling `start` and `stop` around the measured part.
  public init(start: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> Void) {
    self.start = start
    self.stop = stop
  }
}

/// The implementation names.
public enum Library {
  /// The library under test.
  public static let racSwift = "RACSwift"
  /// The reference library.
  public static let openCombine = "OpenCombine"
  /// Plain closures in a loop: the practical limit for per-event work through closures.
  public static let closureLoop = "closure loop"
}

/// Every workload, in order.
public let workloads: [Workload] = [
  w1, w1b, w2, w3, w4, w5, w6, w7, w9, w10, w11, w12, w13, w14, w15, w16, w17, w18, w19, w20,
  w21,
]

/// A counter the optimizer cannot see through.
///
/// Its fields opt out of dynamic exclusivity checking: each access would otherwise cost a
/// runtime access-set insertion (~75 instructions, measured with callgrind) — more than
/// RACSwift's own per-event work in W6 — and the same for every implementation, so the
/// workloads would measure the counter rather than the libraries. (The reference closure loop
/// of WORKLOADS.md, 3.3 ns per element in W6, cannot include those checks either.)
public final class Counter: @unchecked Sendable {
  // Lock discipline: written by one subscriber, whose delivery is serialized by the library
  // under test (W7 checks exactly that); read after the run.
  /// A sum or last value.
  @exclusivity(unchecked) public var value = 0
  /// A count.
  @exclusivity(unchecked) public var count = 0
  /// A zeroed counter.
  public init() {}
}

/// Hides a value from the optimizer.
@inline(never)
public func opaque<T>(_ value: T) -> T { value }

// Hide a closure from the optimizer at its own abstraction. Through the generic `opaque(_:)` a
// closure is passed at the most general abstraction (arguments and results in memory), and one
// that another closure captures is wrapped in a reabstraction thunk or two on every call —
// generic wrapping the closure loops must not pay (WORKLOADS.md). These are public, so the
// optimizer cannot assume it knows every caller and what each returns.

/// Hides a transform from the optimizer.
@inline(never)
public func opaque(_ function: @escaping (Int) -> Int) -> (Int) -> Int { function }

/// Hides a predicate from the optimizer.
@inline(never)
public func opaque(_ function: @escaping (Int) -> Bool) -> (Int) -> Bool { function }

/// Hides a sink from the optimizer.
@inline(never)
public func opaque(_ function: @escaping (Int) -> Void) -> (Int) -> Void { function }

/// Hides a combining function from the optimizer.
@inline(never)
public func opaque(_ function: @escaping (Int, Int) -> Int) -> (Int, Int) -> Int { function }

/// Hides a completion handler from the optimizer.
@inline(never)
public func opaque(_ function: @escaping () -> Void) -> () -> Void { function }

/// Hides a synchronous source from the optimizer: it sends its values to the (non-escaping)
/// function it is given before it returns.
@inline(never)
public func opaque(
  _ function: @escaping (Int, (Int) -> Void) -> Void
) -> (Int, (Int) -> Void) -> Void { function }

/// Hides a synchronous single-value source from the optimizer: it sends its value, then
/// completes, before it returns.
@inline(never)
public func opaque(
  _ function: @escaping (Int, (Int) -> Void, () -> Void) -> Void
) -> (Int, (Int) -> Void, () -> Void) -> Void { function }
