import Synchronization

/// The constant-stack loop behind `concat`, `repeat`/`retry` and `flatten(maxConcurrent:)`:
/// a request to run the owner's `work` once more, made while `work` is already running —
/// re-entrantly, from inside it, or from another thread — does not run `work` there
/// but adds a pass to the loop of the thread that is already running it.
///
/// ```swift
/// func advance() { trampoline.request { subscribeNext() } }
/// ```
///
/// Guarantees:
/// - Each request runs `work` exactly once. The thread whose request finds the trampoline idle
///   runs it at once, then runs one more pass for every request made meanwhile, until none is
///   left; every other request returns at once, without running anything.
/// - Passes never overlap and never nest: a request from inside `work` runs after the current
///   pass returns, so a synchronous chain of requests (a signal that completes while it is being
///   subscribed, 100,000 times) runs in a loop, in constant stack.
/// - Pass `n` starts after request `n` was made, so state a requester wrote before its request
///   (an index, a queued inner signal) is there for the pass it asked for.
/// - No lock is held while `work` runs, and a requester never waits for the looping thread.
///
/// Requests carry nothing: `work` reads its object's state to know what to do. Every request on
/// one trampoline must pass the same `work` (a method of the owner), because the closure of a
/// request that arrives while the loop runs is dropped — the looping thread's closure runs in
/// its place.
///
/// Lock discipline: `requests` counts requests not yet run, the one running included. Both its
/// changes are acquire-release read-modify-writes, which form one total order. A requester's
/// increment releases what it wrote before requesting, and the looping thread's decrement
/// acquires it before the next pass; the decrement that brings the count back to zero releases
/// everything the passes wrote, and the increment that raises it from zero next — on any
/// thread — acquires it. So state touched only by `work` needs no lock of its own: it passes
/// from one looping thread to the next through `requests`.
///
/// Cost: one atomic increment and one decrement per request, stored inline in its owner (no
/// allocation); `work` is a non-escaping closure, inlined into the caller with `request`.
///
/// The guarantee it implements: `CONTRACT.md#bounded-stack`.
@usableFromInline
struct Trampoline: ~Copyable, Sendable {
  /// Requests not yet run, the one running included; nonzero while a thread runs the loop.
  @usableFromInline let requests: Atomic<Int>

  /// An idle trampoline.
  @inlinable init() { requests = Atomic(0) }

  /// Requests one pass of `work`: runs it now, and again for every request made meanwhile, if
  /// no thread runs the loop; otherwise leaves the pass to the looping thread and returns.
  @inlinable @inline(__always)
  func request(_ work: () -> Void) {
    if requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
    repeat {
      work()
    } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
  }
}
