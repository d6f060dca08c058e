/// The synchronous fast path of a signal whose every subscription delivers all its events before
/// `subscribe` returns: `just`, `from`, `empty`, `error`, and the stage-template operators on such
/// a signal (`map`, `filter`, `scan`, … — see ``Signal/appending(_:name:)``), except those that
/// may end before their input (see ``Signal/synchronousPath``).
///
/// Its rules are in its types, so the compiler checks them: the stage it sends to is a
/// non-escaping function (the path cannot keep it), and the subscription's scope is a
/// ``SynchronousScope``, which only tells whether the subscription was disposed (the path cannot
/// add work to it that would outlive the call). So an operator may run a synchronous signal with
/// a stage on the stack — no allocation — and in a scope that outlives it (a merge's inner
/// signal runs in the merge's scope), or in none at all (``SynchronousScope/unscoped``).
///
/// A path is a proof, not a reference: ``Signal/synchronousPath`` hands one out only for a signal
/// made synchronous, and ``Signal/subscribe(_:stage:scope:)`` takes one — so the synchronous
/// subscribe function cannot be called on a signal that has none. It holds nothing (calling
/// through a reference to the signal would cost a reference count per call).
@usableFromInline
struct SynchronousPath<Value, Failure: Error> {
  /// Runs one subscription of `signal`: sends every event to the stage before it returns.
  @usableFromInline typealias Function = (
    Signal<Value, Failure>, (inout Event<Value, Failure>) -> Void, SynchronousScope
  ) -> Void

  /// The path of a synchronous signal (only ``Signal/synchronousPath`` makes one).
  @inlinable init(ofSynchronousSignal: Void) {}
}

/// What a ``SynchronousPath`` may see of the subscription it runs in: whether it was disposed —
/// nothing it could add to or keep.
///
/// It holds the scope without a reference count: the subscription that made it holds the scope
/// for as long as the synchronous subscription runs, which is as long as the view is used. With a
/// plain reference, `flattenMap` and `switchToLatest` into single-value inners cost 7.5 % and
/// 5.8 % more instructions (W4, W15; W1, W3, W6, W10 unchanged: `Benchmarks/RESULTS.md`,
/// session 32).
@usableFromInline
struct SynchronousScope {
  // Measured: a plain reference costs W4 +7.7 % (`Benchmarks/RESULTS.md`, session 32). Lock
  // discipline: immutable; the subscriber holds the scope for as long as this path runs.
  @usableFromInline let scope: Unmanaged<SubscriptionScope>?

  /// The view of `scope`, which the caller holds while the view is used.
  @inlinable init(_ scope: SubscriptionScope) { self.scope = .passUnretained(scope) }

  @inlinable init(unscoped: Void) { scope = nil }

  /// A subscription that can only end with its own terminal event: one made with handlers whose
  /// disposable the caller gets only after it finished (see ``FinishedSubscription``).
  @inlinable static var unscoped: SynchronousScope { SynchronousScope(unscoped: ()) }

  /// Whether the subscription was disposed (check it before producing another value).
  @inlinable var isDisposed: Bool {
    guard let scope else { return false }
    // Guaranteed: the caller's subscription holds the scope (see `scope`).
    return scope._withUnsafeGuaranteedRef { $0.isDisposed }
  }
}
