import Synchronization

/// Serializes operations on one object without holding a lock while they run (DESIGN §3.4).
///
/// The thread that finds the gate free runs its operation at once, synchronously. An operation
/// that arrives while another runs — from another thread, or re-entrantly from inside the
/// running operation — is queued and run by the thread that already owns the gate, right after
/// the current one, in arrival order. So operations never overlap, a caller never blocks on
/// another thread's operation, and re-entrancy can neither deadlock nor reorder.
///
/// Cost: uncontended, two compare-and-swap instructions; the queue is allocated the first time
/// two operations actually meet.
///
/// Ownership: state that only the owner of the gate touches needs no lock. Ownership passes
/// between threads through acquire/release operations on `work`, which order that state.
@usableFromInline
struct SerialGate<Operation>: ~Copyable, @unchecked Sendable {
  /// 0: free. n ≥ 1: owned, with n − 1 queued operations the owner has not yet accounted for.
  @usableFromInline let work: Atomic<Int>
  @usableFromInline let queue: AtomicLazyReference<PendingQueue<Operation>>

  @inlinable init() {
    work = Atomic(0)
    queue = AtomicLazyReference()
  }

  /// Runs `execute(operation)` now, or queues it for the current owner.
  @inlinable @inline(__always)
  func perform(_ operation: Operation, _ execute: (Operation) -> Void) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      execute(operation)
      if work.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
    } else {
      pendingQueue.push(operation)
      if work.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
    }
    drain(execute)
  }

  /// Queues `operation` without running anything, so it can be called with another lock held
  /// (to give operations the same order as that lock's critical sections). Returns whether the
  /// caller became the owner: then it must call ``drain(_:)`` — after releasing its lock.
  @inlinable
  func enqueue(_ operation: Operation) -> Bool {
    pendingQueue.push(operation)
    return work.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0
  }

  /// Takes ownership if the gate is free. Balance a `true` with ``leave(_:)``.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    work.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
  }

  /// Gives up ownership taken with ``tryEnter()``, first running whatever was queued meanwhile.
  @inlinable @inline(__always)
  func leave(_ execute: (Operation) -> Void) {
    if work.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
    drain(execute)
  }

  /// Owner only: runs queued operations until none is left, then frees the gate.
  @inlinable
  func drain(_ execute: (Operation) -> Void) {
    let queue = pendingQueue
    var missed = 1
    while true {
      while let operation = queue.popFirst() { execute(operation) }
      missed = work.wrappingSubtract(missed, ordering: .acquiringAndReleasing).newValue
      if missed == 0 { return }
    }
  }

  @inlinable
  var pendingQueue: PendingQueue<Operation> {
    if let existing = queue.load() { return existing }
    return queue.storeIfNil(PendingQueue())
  }
}

/// The queue behind a contended ``SerialGate``: producers append under a lock; the gate's owner
/// takes everything queued so far in one swap, then pops without locking.
///
/// Lock discipline: `incoming` is guarded by `lock`; `draining` is touched only by the owner of
/// the gate this queue belongs to.
@usableFromInline
final class PendingQueue<Element>: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var incoming = RingBuffer<Element>()
  @usableFromInline @exclusivity(unchecked) var draining = RingBuffer<Element>()

  @inlinable init() {}

  @inlinable
  func push(_ element: Element) {
    lock.lock()
    incoming.append(element)
    lock.unlock()
  }

  /// Owner of the gate only.
  @inlinable
  func popFirst() -> Element? {
    if let element = draining.popFirst() { return element }
    lock.lock()
    swap(&incoming, &draining)
    lock.unlock()
    return draining.popFirst()
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

  @usableFromInline
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
