/// An operator's input, kept alive by a reference its signal lets go of itself instead of by a
/// stored property that Swift releases after `deinit`.
///
/// A chain built in a loop (`s = s.filter { … }`, 100,000 times) is a list: each signal holds the
/// one below. Released by stored properties, freeing the top frees the next from inside its own
/// `deinit`, and so on — one nested `deinit` per operator, which overflows a small stack (DESIGN
/// §3.7). Through input references, the base class's `deinit` (which Swift runs before any stored
/// property is destroyed) lets go of the input, every ``releaseLoopInterval``th signal of a chain
/// through the ``StackGuard``, which leaves a release found too deep to the thread's outermost
/// frame.
///
/// Lock discipline: immutable; the reference is released once, by the signal's `deinit`.
@usableFromInline
struct InputReference<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let reference: Unmanaged<Signal<Value, Failure>>

  /// Holds `signal` until ``release(at:)``.
  @inlinable init(_ signal: Signal<Value, Failure>) { reference = .passRetained(signal) }

  /// The input. Valid while the signal holding this reference lives.
  @inlinable var signal: Signal<Value, Failure> { reference.takeUnretainedValue() }

  /// Lets go of the input (once, from the holder's `deinit`; `depth` is the holder's
  /// ``Signal/releaseDepth``): through the stack guard every ``releaseLoopInterval`` signals of a
  /// chain, else at once — a short chain pays nothing for the guard.
  @inlinable @inline(__always)
  func release(at depth: UInt32) {
    if depth % releaseLoopInterval == 0 {
      releaseThroughGuard()
    } else {
      reference.release()
    }
  }

  /// The release of every ``releaseLoopInterval``th signal of a chain, where the stack guard
  /// decides (its closure is allocated only here).
  @usableFromInline
  func releaseThroughGuard() {
    let reference = self.reference
    StackGuard.runBounded { reference.release() }
  }
}

/// How many signals of a chain release their inputs at once, nested, before one goes through the
/// stack guard (see ``InputReference``; ``DownstreamReference`` uses it likewise for subscription
/// objects, counting depths modulo it in a byte: at most 256).
@usableFromInline
let releaseLoopInterval: UInt32 = 64
