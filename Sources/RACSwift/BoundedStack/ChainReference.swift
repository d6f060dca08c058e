/// A strong reference that its holder lets go of itself, from its `deinit`, instead of by a
/// stored property that Swift releases after `deinit` — so that releasing a long chain of
/// holders takes bounded stack.
///
/// A chain built in a loop is a list of objects, each holding the next: signals holding their
/// inputs (`s = s.filter { … }`, 100,000 times), and, once such a chain is subscribed, the
/// subscription objects of operators with inner subscriptions holding the state they feed (a
/// `merge`'s inner scope holds the merge's state, which delivers into the inner scope of the
/// merge below). Released by stored properties, freeing the head frees the next from inside its
/// own `deinit`, one nested `deinit` per link, which overflows a small stack. Through this
/// reference, each holder lets go of the next from its own `deinit`: at once, nested, except at
/// every ``ChainDepth/releaseInterval``th link of a chain, which goes through the ``StackGuard``
/// (which leaves a release found too deep to the thread's outermost frame). A short chain never
/// reaches the guard. (Operators over several inputs hold them in ``ChainInputs``, released the
/// same way.)
///
/// Where a holder sits in its chain is counted once, when it is made: ``ChainDepth/release``
/// for signals (``InputReference``), ``SubscriptionScope/downstreamDepth`` for scopes.
///
/// Lock discipline: immutable; the reference is released once, by the holder's `deinit`.
@usableFromInline
struct ChainReference<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  /// Holds `object` until ``release(atLoopPoint:)``.
  @inlinable init(_ object: Object) { reference = .passRetained(object) }

  /// The object. Valid while the holder lives. Each use of it is retained and released around
  /// the use (the compiler cannot see what keeps it alive): on a path run per event or per
  /// subscription, use ``withObject(_:)``.
  @inlinable var object: Object { reference.takeUnretainedValue() }

  /// Runs `body` with the object, without a reference count: for a caller that holds the holder
  /// for the whole call.
  @inlinable @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef(body)
  }

  /// Lets go of the object (once, from the holder's `deinit`): through the stack guard when the
  /// holder is a loop point of its chain (every ``ChainDepth/releaseInterval``th link), else at
  /// once.
  @inlinable @inline(__always)
  func release(atLoopPoint: Bool) {
    if atLoopPoint {
      releaseThroughGuard()
    } else {
      reference.release()
    }
  }

  /// The release at a loop point, where the stack guard decides: inside the guarded closure, at
  /// once when the stack has room, else from the loop of the thread's outermost guarded frame
  /// (the closure is allocated only here).
  @usableFromInline
  func releaseThroughGuard() {
    let reference = self.reference
    StackGuard.runBounded { reference.release() }
  }
}

/// An operator's input signal, which its signal lets go of from the base class's `deinit`
/// (``Signal/releaseInputs()``; see ``ChainReference``).
@usableFromInline
typealias InputReference<Value, Failure: Error> = ChainReference<Signal<Value, Failure>>
