/// The input signals of an operator over several of them (``BinarySignal``, ``ListSignal``,
/// ``CombiningSignal``), held in whatever form the operator reads them — a pair, a list, typed
/// parameters — and let go of in bounded stack: at a loop point of its chain
/// (``ChainDepth/isReleaseLoopPoint``) the holder's `deinit` moves them out and releases them
/// through the ``StackGuard``; anywhere else Swift releases them with the holder, nested, as it
/// would any stored property. (A holder of one input, read per subscription without a reference
/// count, keeps it through a ``ChainReference`` instead: ``InputSignal``.)
///
/// Stored in a holder's `var`. Lock discipline: written by the
/// initializer and by ``release(atLoopPoint:)``, which runs in the holder's `deinit`, when
/// nothing else can reach it; everything else only reads it.
@usableFromInline
struct ChainInputs<Held> {
  /// The inputs; `nil` only once ``release(atLoopPoint:)`` moved them out.
  @usableFromInline var held: Held?

  /// Holds `inputs` until the holder is released.
  @inlinable init(_ inputs: Held) { held = inputs }

  /// The inputs, while the holder lives.
  @inlinable var inputs: Held {
    @inline(__always) get { held! }
  }

  /// Lets go of the inputs from the holder's `deinit`: through the stack guard when the holder is
  /// a loop point of its chain, else nothing — Swift releases them after `deinit`. Moved out
  /// first, so that the last release happens inside the guarded closure, never after it, where
  /// the guard no longer counts.
  @inlinable
  mutating func release(atLoopPoint: Bool) {
    guard atLoopPoint else { return }
    releaseThroughGuard()
  }

  @usableFromInline
  mutating func releaseThroughGuard() {
    var taken = held
    held = nil
    StackGuard.runBounded {
      withExtendedLifetime(taken) {}
      taken = nil
    }
  }
}
