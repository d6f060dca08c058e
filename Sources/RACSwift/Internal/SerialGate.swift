import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serializes operations on one object without holding a lock while they run (DESIGN §3.4).
///
/// The thread that finds the gate free runs its operation at once, synchronously. An operation
/// that arrives while another runs — from another thread, or re-entrantly from inside the
/// running operation — is queued and run by the thread that already owns the gate, right after
/// the current one, in arrival order. So operations never overlap, a caller never blocks on
/// another thread's operation, and re-entrancy can neither deadlock nor reorder.
///
/// Two extras serve the owner's private state (see `SubjectCore`): ``maintain(_:)`` lets a
/// thread that is not the owner run a short critical section on that state when the gate is
/// free, and ``requestOrMaintain(_:)`` asks the current owner to run `onRequest` before it
/// leaves instead, when the gate is busy.
///
/// Cost: uncontended, two compare-and-swap instructions; the queue is allocated the first time
/// two operations actually meet.
///
/// Ownership: state that only the owner of the gate touches needs no lock. Ownership passes
/// between threads through acquire/release operations on `work`, which order that state.
@usableFromInline
struct SerialGate<Operation>: ~Copyable, @unchecked Sendable {
  /// 0: free. n ≥ 1: owned, with n − 1 queued operations the owner has not yet accounted for,
  /// plus ``requestFlag`` when a request waits for the owner. ``maintenance``: a non-owner runs a
  /// critical section; no operation is queued or run until it ends.
  @usableFromInline let work: Atomic<Int>
  @usableFromInline let queue: LazyReference<PendingQueue<Operation>>

  @inlinable static var requestFlag: Int { 1 << 62 }
  @inlinable static var maintenance: Int { Int.min }

  @inlinable init() {
    work = Atomic(0)
    queue = LazyReference()
  }

  /// Runs `execute(operation)` now, or queues it for the current owner. As owner, runs
  /// `onRequest` for a request made meanwhile.
  @inlinable @inline(__always)
  func perform(
    _ operation: Operation, _ execute: (Operation) -> Void, onRequest: () -> Void = {}
  ) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      execute(operation)
      if work.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
      drain(execute, onRequest: onRequest)
    } else if enqueue(operation) {
      drain(execute, onRequest: onRequest)
    }
  }

  /// Queues `operation` without running anything, so it can be called with another lock held
  /// (to give operations the same order as that lock's critical sections). Returns whether the
  /// caller became the owner: then it must call ``drain(_:onRequest:)`` — after releasing its
  /// lock. During a ``maintain(_:)`` section it waits for the section to end (it is a few
  /// instructions long and calls out to nothing).
  @inlinable
  func enqueue(_ operation: Operation) -> Bool {
    queue.withInstance(orStore: PendingQueue()) { $0.push(operation) }
    var spins = 0
    while true {
      let current = work.load(ordering: .relaxed)
      if current == Self.maintenance {
        spins += 1
        if spins > 64 { Self.yieldThread() }
        continue
      }
      // Free: our operation (already queued) makes us the owner. Owned: count it for the owner.
      if work.compareExchange(
        expected: current, desired: current + 1, ordering: .acquiringAndReleasing
      ).exchanged {
        return current == 0
      }
    }
  }

  /// Takes ownership if the gate is free. Balance a `true` with ``leave(_:onRequest:)``.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    work.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
  }

  /// Gives up ownership taken with ``tryEnter()``, first running whatever was queued meanwhile.
  @inlinable @inline(__always)
  func leave(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    if work.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
    drain(execute, onRequest: onRequest)
  }

  /// Owner only: runs queued operations until none is left, then frees the gate. The owner
  /// takes everything queued so far in one swap and runs it from a local batch, so producers
  /// appending meanwhile never touch the cache lines the owner reads. A request made while it
  /// owns the gate runs here, before the gate is freed.
  @inlinable
  func drain(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    queue.withInstance(orStore: PendingQueue()) { queue in
      var missed = 1
      while true {
        var batch = queue.takeSpare()
        queue.swapIncoming(with: &batch)
        while let operation = batch.popFirst() { execute(operation) }
        // Hand the emptied storage back while still the owner: the next owner takes it.
        queue.keepSpare(&batch)
        missed = work.wrappingSubtract(missed, ordering: .acquiringAndReleasing).newValue
        if missed == 0 { return }
        if missed & Self.requestFlag != 0 {
          // Clear the request before serving it, so that a later one is seen in a later round —
          // trading it for one more unit of count, so that the gate stays owned (never 0) while
          // `onRequest` runs; the next subtraction gives that unit back.
          work.wrappingAdd(1 &- Self.requestFlag, ordering: .acquiringAndReleasing)
          missed = missed &- Self.requestFlag &+ 1
          onRequest()
        }
      }
    }
  }

  /// Runs `body` with exclusive access to the owner's state if the gate is free, without
  /// becoming the owner; returns whether it ran. Operations sent meanwhile wait for it (it must
  /// be a few instructions long and call out to nothing).
  @inlinable
  func maintain(_ body: () -> Void) -> Bool {
    guard
      work.compareExchange(expected: 0, desired: Self.maintenance, ordering: .acquiring).exchanged
    else { return false }
    body()
    work.store(0, ordering: .releasing)
    return true
  }

  /// Runs `body` as ``maintain(_:)`` if the gate is free; if it is owned, asks the owner to run
  /// its `onRequest` before it leaves. Never runs operations and never waits for the owner.
  @inlinable
  func requestOrMaintain(_ body: () -> Void) {
    while true {
      let current = work.load(ordering: .acquiring)
      if current == 0 {
        if maintain(body) { return }
      } else if current == Self.maintenance {
        Self.yieldThread()  // another maintainer: its section ends in a moment
      } else if current & Self.requestFlag != 0 {
        return  // already requested; the owner serves it after this point
      } else if work.compareExchange(
        expected: current, desired: current | Self.requestFlag, ordering: .acquiringAndReleasing
      ).exchanged {
        return
      }
    }
  }

  @usableFromInline
  static func yieldThread() { sched_yield() }
}

/// The queue behind a contended ``SerialGate``: producers append to `incoming` under a lock; the
/// gate's owner swaps the whole of it for its emptied batch (so storage is reused, never
/// reallocated in steady state) and runs the batch without locking.
///
/// Lock discipline: `incoming` is guarded by `lock`; `spare` (the owner's emptied batch between
/// two drains) is touched only by the owner of the gate this queue belongs to.
@usableFromInline
final class PendingQueue<Element>: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var incoming = RingBuffer<Element>()
  @usableFromInline @exclusivity(unchecked) var spare = RingBuffer<Element>()

  @inlinable init() {}

  @inlinable
  func push(_ element: Element) {
    lock.lock()
    incoming.append(element)
    lock.unlock()
  }

  /// Owner only: exchanges `batch` (empty) for everything queued so far.
  @inlinable
  func swapIncoming(with batch: inout RingBuffer<Element>) {
    lock.lock()
    swap(&incoming, &batch)
    lock.unlock()
  }

  /// Owner only: the storage kept from the last drain.
  @inlinable
  func takeSpare() -> RingBuffer<Element> {
    var batch = RingBuffer<Element>()
    swap(&batch, &spare)
    return batch
  }

  /// Owner only: keeps `batch`'s storage (empty) for the next drain.
  @inlinable
  func keepSpare(_ batch: inout RingBuffer<Element>) {
    swap(&batch, &spare)
  }
}

/// A growable FIFO ring buffer that keeps its storage when emptied (no allocation in steady
/// state).
@usableFromInline
struct RingBuffer<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable
  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    var index = head + count
    if index >= storage.count { index -= storage.count }
    storage[index] = element
    count += 1
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count { head = 0 }
    count -= 1
    if count == 0 { head = 0 }
    return element
  }

  /// Removes all elements, keeping the storage.
  @inlinable
  mutating func removeAll() {
    while popFirst() != nil {}
  }

  /// The elements in FIFO order.
  @inlinable
  var elements: [Element] {
    var result: [Element] = []
    result.reserveCapacity(count)
    var index = head
    for _ in 0..<count {
      if let element = storage[index] { result.append(element) }
      index += 1
      if index == storage.count { index = 0 }
    }
    return result
  }

  @inlinable
  mutating func grow() {
    let newCapacity = Swift.max(8, storage.count * 2)
    var newStorage = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
    var index = head
    for slot in 0..<count {
      newStorage[slot] = storage[index].take()
      index += 1
      if index == storage.count { index = 0 }
    }
    storage = newStorage
    head = 0
  }
}
