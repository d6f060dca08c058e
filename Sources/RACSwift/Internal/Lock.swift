import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if !RACSWIFT_PTHREAD_LOCK && (os(Linux) || os(Android))
  internal import CRACSwiftFutex
#endif

/// The one internal lock type of RACSwift: a small, non-recursive mutual-exclusion lock. A
/// thread that has to wait for it waits for this lock alone: an unlock wakes a thread waiting
/// for the same lock, never one waiting for another.
///
/// Three implementations, chosen at compile time:
/// - Linux (the default there): two 32-bit atomics stored inline in the object the lock protects
///   (no allocation per lock). An uncontended `lock()`/`unlock()` pair is two atomic
///   instructions, a compare-and-swap and an exchange. A contended `lock()` spins briefly,
///   yields, then parks in ``LockWaitQueues`` under the lock's own key, sleeping on a futex of
///   its own; an unlock that finds the lock marked contended wakes one thread parked under its
///   key (a mutex and a system call, only then). (`Synchronization.Mutex` is not used: on Linux
///   it reads the thread id with a system call on every `lock()`, ~40 ns.)
/// - Apple platforms (compiled only there): an `os_unfair_lock`, whose owner the kernel knows, so
///   a waiting thread lends its priority to the owner. It must not move, and nothing documents a
///   stable address for storage inline in a struct, so each lock allocates its own, freed with
///   the lock (an allocation per lock there); `lock()`/`unlock()` are calls into the system.
/// - `-DRACSWIFT_PTHREAD_LOCK`, and any other platform: a heap-allocated `pthread_mutex_t`, for
///   runs under the thread sanitizer and for comparison benchmarks.
///
/// All are understood by the thread sanitizer (acquire/release atomics, pthread calls).
/// Rule for every user: never call out (to a subscriber, a user closure or a disposable)
/// while holding a `Lock`; critical sections only read and write the state they guard.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {
  // Lock discipline: the lock's own state is atomics (Linux) or memory only the system's lock
  // functions touch (Apple platforms, pthread); what it guards is its owner's business.
  #if RACSWIFT_PTHREAD_LOCK || !(canImport(Darwin) || os(Linux) || os(Android))
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
  #elseif canImport(Darwin)
    // Apple platforms only: not compiled by this repository's Linux CI.
    @usableFromInline let unfairLock: os_unfair_lock_t

    @inlinable init() {
      unfairLock = .allocate(capacity: 1)
      unfairLock.initialize(to: os_unfair_lock())
    }

    deinit {
      unfairLock.deinitialize(count: 1)
      unfairLock.deallocate()
    }

    @inlinable @inline(__always) func lock() { os_unfair_lock_lock(unfairLock) }
    @inlinable @inline(__always) func unlock() { os_unfair_lock_unlock(unfairLock) }
    /// Takes the lock if it is free; returns whether it did. Never waits.
    @inlinable @inline(__always) func tryLock() -> Bool { os_unfair_lock_trylock(unfairLock) }
  #else
    /// 0: unlocked; 1: locked, no waiter; 2: locked, and a thread may be parked waiting.
    @usableFromInline let word: Atomic<UInt32>
    /// The key this lock's waiters park under in ``LockWaitQueues``: 0 until a thread first has
    /// to park, then fixed for the life of the lock. Written before any thread marks the lock
    /// contended (2), so an unlock that finds 2 finds the key.
    @usableFromInline let key: Atomic<UInt32>

    @inlinable init() {
      word = Atomic(0)
      key = Atomic(0)
    }

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
      if word.exchange(0, ordering: .releasing) == 2 { unparkOne() }
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
      let key = parkingKey()
      // Mark the lock contended — releasing, so that whoever replaces this 2 sees `key` — then
      // park until it is released. A thread woken takes the lock still marked 2: others may wait.
      while word.exchange(2, ordering: .acquiringAndReleasing) != 0 {
        LockWaitQueues.shared.park(key: key, while: { word.load(ordering: .relaxed) == 2 })
      }
    }

    /// This lock's key; the first thread that has to park on the lock assigns it.
    @usableFromInline
    func parkingKey() -> UInt32 {
      let assigned = key.load(ordering: .acquiring)
      if assigned != 0 { return assigned }
      let fresh = LockWaitQueues.newKey()
      let (exchanged, original) = key.compareExchange(
        expected: 0, desired: fresh, ordering: .acquiringAndReleasing)
      return exchanged ? fresh : original
    }

    /// After an unlock that replaced 2: wakes a thread parked on this lock, if one is.
    @usableFromInline
    func unparkOne() {
      // The 2 was written by a parking thread's releasing exchange, after that thread had
      // assigned or read `key`: this fence makes the key visible here.
      atomicMemoryFence(ordering: .acquiring)
      LockWaitQueues.shared.unparkOne(key: key.load(ordering: .relaxed))
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

#if !RACSWIFT_PTHREAD_LOCK && (os(Linux) || os(Android))
  /// Where contended ``Lock``s wait on Linux: a parking lot of 64 queues, each with its own
  /// mutex. A lock's waiters park under the lock's key in the queue that key selects; each
  /// parked thread sleeps on a futex word of its own, and an unlock wakes the oldest thread
  /// parked under its key — no other. Locks get keys in turn, the first time a thread parks on
  /// them, so the queues spread the locks contended at the same time.
  ///
  /// Why not a futex on the lock word itself: the futex needs the word's address, and `Lock` is
  /// a struct stored inline in the object it protects. Nothing documents an address for an
  /// `Atomic` stored there (`withUnsafePointer(to:)` promises a pointer valid during the call,
  /// not the value's own storage), and moving the word into an allocation of its own would cost
  /// an allocation per lock — every subscription scope has one. So the words the kernel sleeps
  /// on are in memory allocated for the purpose: each parked thread's own word, in a temporary
  /// allocation (its stack) that lasts while it waits.
  ///
  /// Keys come from a 64-bit counter, truncated to 32 bits (skipping 0). Until 2^32 keys have
  /// been handed out every lock has a key of its own, and an unlock wakes one thread. After
  /// that two locks may share a key, so an unlock wakes every thread parked under its key (each
  /// checks its own lock and parks again while it is held): extra wake-ups, never a lost one.
  ///
  /// No lost wake-up: a thread parks only if its lock is still marked 2, checked with the
  /// queue's mutex held, and an unlock first clears the mark, then takes that mutex to wake.
  ///
  /// Lock discipline: a queue (its `head` and `tail`, and the `next` links of the waiters in it)
  /// is read and written only with its mutex held. A waiter — a `LockWaiter` and its signal
  /// word, in the parked thread's temporary allocation — lasts until its signal word is set: the
  /// waking thread unlinks it with the mutex held, reads its `next` and signal pointer, then
  /// sets the word (a releasing store the parked thread reads with an acquiring load, after
  /// which that memory may be reused) and touches the waiter no more. Its futex wake-up may
  /// reach the address after the waiter is gone: it then wakes no one, or a later waiter at the
  /// same address, which finds its own word unset and sleeps again.
  final class LockWaitQueues: @unchecked Sendable {
    static let shared = LockWaitQueues()

    /// Handed-out keys, counted (see the type's comment).
    static let keyCount = Atomic<UInt64>(0)
    private static let queueCount = 64
    /// Bytes per queue, mutex included: two cache lines, so queues share none.
    private static let stride = 128

    /// `queueCount` slots of `stride` bytes: a `pthread_mutex_t`, then a `LockWaitQueue`.
    private let slots: UnsafeMutableRawPointer
    private let queueOffset: Int

    private init() {
      let mutexSize = MemoryLayout<pthread_mutex_t>.stride
      let alignment = MemoryLayout<LockWaitQueue>.alignment
      queueOffset = (mutexSize + alignment - 1) / alignment * alignment
      precondition(queueOffset + MemoryLayout<LockWaitQueue>.size <= Self.stride)
      slots = .allocate(byteCount: Self.queueCount * Self.stride, alignment: 128)
      for index in 0..<Self.queueCount {
        let slot = slots + index * Self.stride
        let mutex = slot.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        (slot + queueOffset).bindMemory(to: LockWaitQueue.self, capacity: 1)
          .initialize(to: LockWaitQueue())
      }
    }

    /// A key for a lock whose first waiter is about to park (never 0).
    static func newKey() -> UInt32 {
      while true {
        let count = keyCount.wrappingAdd(1, ordering: .relaxed).newValue
        let key = UInt32(truncatingIfNeeded: count)
        if key != 0 { return key }
      }
    }

    private func mutex(for key: UInt32) -> UnsafeMutablePointer<pthread_mutex_t> {
      (slots + Int(key % UInt32(Self.queueCount)) * Self.stride)
        .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    private func queue(for key: UInt32) -> UnsafeMutablePointer<LockWaitQueue> {
      (slots + Int(key % UInt32(Self.queueCount)) * Self.stride + queueOffset)
        .assumingMemoryBound(to: LockWaitQueue.self)
    }

    /// Parks the calling thread under `key` if `stillLocked()` (called with the queue's mutex
    /// held) is true, until an unlock under `key` wakes it; else returns at once.
    func park(key: UInt32, while stillLocked: () -> Bool) {
      let mutex = mutex(for: key)
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1) { signalBuffer in
        withUnsafeTemporaryAllocation(of: LockWaiter.self, capacity: 1) { waiterBuffer in
          let signal = signalBuffer.baseAddress!
          let waiter = waiterBuffer.baseAddress!
          signal.initialize(to: 0)
          waiter.initialize(to: LockWaiter(key: key, signal: signal))
          pthread_mutex_lock(mutex)
          guard stillLocked() else {
            pthread_mutex_unlock(mutex)
            return
          }
          queue(for: key).pointee.append(waiter)
          pthread_mutex_unlock(mutex)
          while cracswift_load_acquire(signal) == 0 { cracswift_futex_wait(signal, 0) }
        }
      }
    }

    /// Wakes the oldest thread parked under `key` — every one, once keys may be shared.
    func unparkOne(key: UInt32) {
      let mutex = mutex(for: key)
      pthread_mutex_lock(mutex)
      // Every waiter in the queue counted its key before it took the mutex: this sees the count.
      let keysMayBeShared = Self.keyCount.load(ordering: .relaxed) > UInt64(UInt32.max)
      var woken = queue(for: key).pointee.remove(key: key, all: keysMayBeShared)
      pthread_mutex_unlock(mutex)
      while let waiter = woken {
        woken = waiter.pointee.next
        let signal = waiter.pointee.signal
        cracswift_store_release(signal, 1)
        cracswift_futex_wake_one(signal)
      }
    }
  }

  /// A thread parked in ``LockWaitQueues``.
  struct LockWaiter {
    let key: UInt32
    /// The parked thread's futex word: 0 while it waits, 1 once woken.
    let signal: UnsafeMutablePointer<UInt32>
    var next: UnsafeMutablePointer<LockWaiter>?

    init(key: UInt32, signal: UnsafeMutablePointer<UInt32>) {
      self.key = key
      self.signal = signal
      next = nil
    }
  }

  /// One queue of ``LockWaitQueues``: waiters in parking order, linked through `next`.
  struct LockWaitQueue {
    var head: UnsafeMutablePointer<LockWaiter>?
    var tail: UnsafeMutablePointer<LockWaiter>?

    init() {
      head = nil
      tail = nil
    }

    mutating func append(_ waiter: UnsafeMutablePointer<LockWaiter>) {
      waiter.pointee.next = nil
      if let tail { tail.pointee.next = waiter } else { head = waiter }
      tail = waiter
    }

    /// Unlinks the oldest waiter under `key` — or every one, if `all` — and returns them, in
    /// order, linked through `next`.
    mutating func remove(key: UInt32, all: Bool) -> UnsafeMutablePointer<LockWaiter>? {
      var removedHead: UnsafeMutablePointer<LockWaiter>?
      var removedTail: UnsafeMutablePointer<LockWaiter>?
      var previous: UnsafeMutablePointer<LockWaiter>?
      var current = head
      while let waiter = current {
        current = waiter.pointee.next
        guard waiter.pointee.key == key else {
          previous = waiter
          continue
        }
        if let previous { previous.pointee.next = current } else { head = current }
        if tail == waiter { tail = previous }
        waiter.pointee.next = nil
        if let removedTail { removedTail.pointee.next = waiter } else { removedHead = waiter }
        removedTail = waiter
        if !all { break }
      }
      return removedHead
    }
  }
#endif
