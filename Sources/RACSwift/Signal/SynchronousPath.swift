/// The synchronous fast path of a signal whose every subscription delivers all its events before
/// `subscribe` returns: `just`, `from`, `empty`, `error`, and `map` and `filter` of such a signal
/// (see ``Signal/synchronousPath``).
///
/// Its rules are in its types, so the compiler checks them: the stage it sends to is a
/// non-escaping function (the path cannot keep it), and the subscription's scope is a
/// ``SynchronousScope``, which only tells whether the subscription was disposed (the path cannot
/// add work to it that would outlive the call). So an operator may run a synchronous signal with
/// a stage on the stack — no allocation — and in a scope that outlives it (a merge's inner
/// signal runs in the merge's scope), or in none at all (``SynchronousScope/unscoped``).
///
/// A path is a view of its signal, held without a reference count (`unowned(unsafe)`): get one
/// from ``Signal/synchronousPath`` and use it while you hold the signal, as an operator does
/// while it subscribes.
@usableFromInline
struct SynchronousPath<Value, Failure: Error> {
  /// Runs one subscription of `signal`: sends every event to the stage before it returns.
  @usableFromInline typealias Function = (
    Signal<Value, Failure>, (Event<Value, Failure>) -> Void, SynchronousScope
  ) -> Void

  @usableFromInline unowned(unsafe) let signal: Signal<Value, Failure>

  /// The path of `signal`, which must be synchronous (``Signal/synchronousPath`` checks).
  @inlinable init(of signal: Signal<Value, Failure>) { self.signal = signal }

  /// Runs one subscription of the signal, sending every event to `stage` before it returns.
  @inlinable @inline(__always)
  func run(stage: (Event<Value, Failure>) -> Void, scope: SynchronousScope) {
    signal.synchronousFunction(signal, stage, scope)
  }
}

/// What a ``SynchronousPath`` may see of the subscription it runs in: whether it was disposed —
/// nothing it could add to or keep.
@usableFromInline
struct SynchronousScope {
  @usableFromInline let scope: SubscriptionScope?

  /// The view of `scope`.
  @inlinable init(_ scope: SubscriptionScope) { self.scope = scope }

  @inlinable init(unscoped: Void) { scope = nil }

  /// A subscription that can only end with its own terminal event: one made with handlers whose
  /// disposable the caller gets only after it finished (see ``FinishedSubscription``).
  @inlinable static var unscoped: SynchronousScope { SynchronousScope(unscoped: ()) }

  /// Whether the subscription was disposed (check it before producing another value).
  @inlinable var isDisposed: Bool { scope?.isDisposed ?? false }
}
