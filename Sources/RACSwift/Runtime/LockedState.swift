import Synchronization

/// A value that is only read and written with a lock held: a `Synchronization.Mutex`, so that
/// the class keeping it is `Sendable` with the compiler's check rather than `@unchecked`.
///
/// For the state of objects off the per-event path (timers, disposables, bridges, lazy lists):
/// the compiler proves what a lock-discipline comment only states. Per-event state keeps
/// ``Lock`` with the critical sections split across paths (see `Benchmarks/RESULTS.md` for what
/// that buys where it is kept).
///
/// ```swift
/// final class Timers: Sendable {
///   private let pending = LockedState<[Int: any Disposable]>([:])
///   func cancel(_ id: Int) { pending.withLock { $0.removeValue(forKey: id) }?.dispose() }
/// }
/// ```
///
/// Under `-DRACSWIFT_PTHREAD_LOCK` (the thread sanitizer's build) a ``Lock`` is taken around
/// the mutex as well: the sanitizer cannot see a `Mutex` being handed over (its contended path
/// is a futex call in the uninstrumented runtime), and it sees the pthread lock.
///
/// Rule for every user, as for ``Lock``: `body` only reads and writes the state; it never calls
/// out (to a subscriber, a user closure or a disposable). Take what is to be called out of the
/// state, return it, and call it after `withLock` returns.
struct LockedState<State>: ~Copyable, Sendable {
  private let mutex: Mutex<State>
  #if RACSWIFT_PTHREAD_LOCK
    private let visibleLock = Lock()
  #endif

  /// State starting at `initial`.
  init(_ initial: sending State) { mutex = Mutex(initial) }

  /// Runs `body` on the state with the lock held, and returns what it returns.
  @inline(__always)
  func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    #if RACSWIFT_PTHREAD_LOCK
      visibleLock.lock()
      defer { visibleLock.unlock() }
    #endif
    return try mutex.withLock(body)
  }
}
