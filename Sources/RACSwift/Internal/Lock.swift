import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one internal lock type of RACSwift: a small, non-recursive mutual-exclusion lock stored
/// inline in the object it protects (no allocation per lock).
///
/// Two implementations, chosen at compile time:
/// - default: a word-sized lock built on `Synchronization.Atomic` — an uncontended
///   `lock()`/`unlock()` pair is two atomic instructions. A contended `lock()` spins briefly,
///   then parks on ``ParkingLot`` until the holder releases. (`Synchronization.Mutex` is not
///   used: on Linux it reads the thread id with a system call on every `lock()`, ~40 ns.)
/// - `-DRACSWIFT_PTHREAD_LOCK`: a heap-allocated `pthread_mutex_t`, for runs under the thread
///   sanitizer and for comparison benchmarks.
///
/// Both are understood by the thread sanitizer (acquire/release atomics, pthread calls).
/// Rule for every user: never call out (to a subscriber, a user closure or a disposable)
/// while holding a `Lock`; critical sections only read and write the state they guard.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
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
    /// 0: unlocked; 1: locked, no waiter; 2: locked, possibly with parked waiters.
    @usableFromInline let word: Atomic<UInt32>

    @inlinable init() { word = Atomic(0) }

    @inlinable @inline(__always)
    func lock() {
      if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
      lockContended()
    }

    /// Takes the lock if it is free; returns whether it did. Never waits.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
      word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
    }

    @inlinable @inline(__always)
    func unlock() {
      if word.exchange(0, ordering: .releasing) == 2 { ParkingLot.shared.unparkAll() }
    }

    @usableFromInline
    func lockContended() {
      // Critical sections are a few instructions long: spin first.
      for _ in 0..<128 {
        if word.load(ordering: .relaxed) == 0,
          word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        {
          return
        }
      }
      for _ in 0..<4 {
        sched_yield()
        if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
      }
      // Mark the lock contended, then park until it is released.
      while word.exchange(2, ordering: .acquiring) != 0 {
        ParkingLot.shared.park(while: { word.load(ordering: .relaxed) == 2 })
      }
    }
  #endif

  /// Runs `body` with the lock held. `body` must not call out of RACSwift.
  @inlinable @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// Where contended ``Lock``s wait. One process-wide mutex and condition variable: parking only
/// happens after spinning failed, which critical sections of a few instructions make rare, so
/// sharing one queue costs spurious wake-ups in a rare path and nothing in the common one.
///
/// Lock discipline: `mutex` guards the wait; a waiter re-checks its lock word under `mutex`
/// before sleeping, and an unlocker takes `mutex` before broadcasting, so no wake-up is lost.
@usableFromInline
final class ParkingLot: @unchecked Sendable {
  @usableFromInline static let shared = ParkingLot()

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  private init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  /// Sleeps while `stillLocked()` holds (checked under the parking mutex).
  @usableFromInline
  func park(while stillLocked: () -> Bool) {
    pthread_mutex_lock(mutex)
    if stillLocked() { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// Wakes every parked thread; each re-checks its own lock.
  @usableFromInline
  func unparkAll() {
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
