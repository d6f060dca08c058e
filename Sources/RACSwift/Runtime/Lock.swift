import Synchronization

#if RACSWIFT_PTHREAD_LOCK
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #endif
#endif

/// The one internal lock type of RACSwift: a small, non-recursive mutual-exclusion lock, with
/// `lock()` and `unlock()` apart for critical sections that end on more than one path.
///
/// It is a `Synchronization.Mutex` with no value of its own: inline in the object it protects
/// (no allocation per lock), no system call unless contended. On Linux a contended `lock()`
/// sleeps on a futex of its own lock word, so an unlock wakes only a thread waiting for that
/// lock; on Apple platforms it is an `os_unfair_lock`, whose owner the kernel knows, so a
/// waiting thread lends its priority to the owner. Measured here (Swift 6.3.1, Linux,
/// release): 14 instructions for an uncontended `withLock` that adds one to an integer, and no
/// system call per lock (`strace -c`; the thread id it stores is cached per thread).
///
/// Why `_unsafeLock()` and `_unsafeUnlock()`: `Mutex` offers only `withLock`, a closure, while
/// several critical sections here end on different paths (unlock, then call out; or unlock in
/// each branch of a `switch`). These two public members of `Mutex` are the standard library's
/// own split of `withLock`, emitted into this module's code. Measured against the alternative —
/// the 12 critical sections on the subscription, subject and `flatten(maxConcurrent:)` paths
/// rewritten as closures returning what the code after them needs, and `withLock` as `Mutex`'s
/// own — W11 costs 2.1 % and W14 13.9 % more instructions (`Benchmarks/RESULTS.md`, session 32).
///
/// `-DRACSWIFT_PTHREAD_LOCK` switches to a heap-allocated `pthread_mutex_t`, for runs under the
/// thread sanitizer: `Mutex`'s contended paths run in the uninstrumented runtime (a futex call),
/// where the sanitizer cannot see the lock being handed over.
///
/// Rule for every user: never call out (to a subscriber, a user closure or a disposable) while
/// holding a `Lock`; critical sections only read and write the state they guard.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  // Lock discipline: the lock's own state is the `Mutex` (or memory only the pthread functions
  // touch); what it guards is its owner's business.
  #if RACSWIFT_PTHREAD_LOCK
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable init() {
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    @inlinable @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inlinable @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
    /// Takes the lock if it is free; returns whether it did. Never waits.
    @inlinable @inline(__always) func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
  #else
    @usableFromInline let mutex = Mutex<Void>(())

    @inlinable init() {}

    @inlinable @inline(__always) func lock() { mutex._unsafeLock() }
    @inlinable @inline(__always) func unlock() { mutex._unsafeUnlock() }
    /// Takes the lock if it is free; returns whether it did. Never waits.
    @inlinable @inline(__always) func tryLock() -> Bool { mutex._unsafeTryLock() }
  #endif

  /// Runs `body` with the lock held. `body` must not call out of RACSwift.
  @inlinable @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}
