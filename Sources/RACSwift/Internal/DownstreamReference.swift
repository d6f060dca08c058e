/// A subscription object's reference to the object downstream of it — the scope of an inner
/// subscription holding the state of the operator it feeds — kept alive by a reference its
/// holder lets go of itself instead of by a stored property that Swift releases after `deinit`.
///
/// A chain of operators with inner subscriptions (`s = s.merge(other)`, 100,000 times) makes a
/// list of subscription objects: each inner scope holds its operator's state, which holds the
/// scope it delivers into — the inner scope of the operator below it. Released by stored
/// properties, freeing the top of that list frees the next from inside its own `deinit`, one
/// nested `deinit` per operator, which overflows a small stack (DESIGN §3.7) once the
/// subscription has ended. Through this reference, the holder's `deinit` lets go of the object
/// instead, every ``releaseLoopInterval``th holder of a chain through the ``StackGuard`` (as
/// ``InputReference`` does for signals), so no release nests much deeper than that.
///
/// The holder's depth (``depth(deliveringInto:)``) is counted once, when it is made, and stored
/// by the holder: a scope keeps it in ``SubscriptionScope/downstreamDepth``, at no cost in size.
/// A short chain never reaches the guard.
///
/// Lock discipline: immutable; the reference is released once, by the holder's `deinit`.
@usableFromInline
struct DownstreamReference<Object: AnyObject>: @unchecked Sendable {
  @usableFromInline let reference: Unmanaged<Object>

  /// Holds `object` until ``release(at:)``.
  @inlinable init(_ object: Object) { reference = .passRetained(object) }

  /// The object. Valid while the holder lives.
  @inlinable var object: Object { reference.takeUnretainedValue() }

  /// The depth of a holder whose object delivers into `scope`: one more than `scope`'s own
  /// (``SubscriptionScope/downstreamDepth``, 0 for a scope that holds no such reference, which
  /// ends the chain), modulo ``releaseLoopInterval`` — so 0 every ``releaseLoopInterval``th
  /// holder of a chain.
  @inlinable
  static func depth(deliveringInto scope: SubscriptionScope) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt32(scope.downstreamDepth) &+ 1) % releaseLoopInterval)
  }

  /// Lets go of the object (once, from the holder's `deinit`; `depth` is the holder's, from
  /// ``depth(deliveringInto:)``): through the stack guard at depth 0, else at once.
  @inlinable @inline(__always)
  func release(at depth: UInt8) {
    if depth == 0 {
      releaseThroughGuard()
    } else {
      reference.release()
    }
  }

  /// The release of every ``releaseLoopInterval``th holder of a chain, where the stack guard
  /// decides: inside the guarded closure, at once when the stack has room, else from the loop of
  /// the thread's outermost guarded frame.
  @usableFromInline
  func releaseThroughGuard() {
    let reference = self.reference
    StackGuard.runBounded { reference.release() }
  }
}
