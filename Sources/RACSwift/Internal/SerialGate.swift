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
/// How: every operation takes a ticket with one fetch-and-add on `state`, which counts both the
/// tickets handed out and the operations not yet finished. A ticket that finds nothing
/// unfinished makes its thread the owner; any other ticket's operation is written to the slot
/// of a ``TicketRing`` its number names, and the owner runs the tickets in number order. So
/// uncontended an operation costs two atomic read-modify-writes, and a queued one a single
/// fetch-and-add plus a store — no lock, and no cache line that the owner writes for each
/// operation. Waits are bounded and short: a sender that finds the ring full (the owner is 32
/// operations behind) waits a few microseconds at most for a slot, then leaves its operation in
/// the ring's overflow; the owner waits only for a sender between taking its ticket and
/// writing its slot.
///
/// Ownership: state that only the owner of the gate touches needs no lock. Ownership passes
/// between threads through acquire/release operations on `state`, which order that state.
@usableFromInline
struct SerialGate<Operation>: ~Copyable, @unchecked Sendable {
  /// Bits 0–30: operations admitted and not yet finished (the running one included), plus one
  /// while the owner serves a request. Bit 31: ``requestFlag``. Bit 32: ``maintenanceFlag``.
  /// Bits 33–63: the next ticket (wrapping). Free: no operation unfinished and no flag set.
  @usableFromInline let state: Atomic<Int>
  @usableFromInline let ring: LazyReference<TicketRing<Operation>>

  @inlinable static var countMask: Int { (1 << 31) - 1 }
  @inlinable static var requestFlag: Int { 1 << 31 }
  @inlinable static var maintenanceFlag: Int { 1 << 32 }
  /// What taking a ticket adds: the next ticket, and one more unfinished operation.
  @inlinable static var ticketUnit: Int { (1 << 33) | 1 }
  /// How many times the owner looks again at the slot of the next ticket, after running what it
  /// knew of, before it turns to `state` (measured on W7, two threads sending: with 16 to 1,024
  /// looks a send takes about half as long as with none).
  @inlinable static var lingerSpins: Int { 64 }
  /// How many tickets past those it knew of the owner runs before it turns to `state`.
  @inlinable static var followLimit: Int { 256 }
  /// Tickets wrap at 2³¹ (the 31 bits of `state` that hold them).
  @inlinable static var ticketMask: Int { (1 << 31) - 1 }

  @inlinable init() {
    state = Atomic(0)
    ring = LazyReference()
  }

  /// The ticket `value` (a value of `state`) hands out next.
  @inlinable @inline(__always)
  static func nextTicket(_ value: Int) -> Int { Int(bitPattern: UInt(bitPattern: value) >> 33) }

  /// Whether `value` (a value of `state` before a ticket was taken) leaves the gate to the
  /// ticket's taker: nothing unfinished and no request pending (a maintenance section may be).
  @inlinable @inline(__always)
  static func isUnowned(_ value: Int) -> Bool { value & (countMask | requestFlag) == 0 }

  /// Runs `execute(operation)` now, or queues it for the current owner. As owner, runs
  /// `onRequest` for a request made meanwhile.
  @inlinable @inline(__always)
  func perform(
    _ operation: Operation, _ execute: (Operation) -> Void, onRequest: () -> Void = {}
  ) {
    let before = state.wrappingAdd(Self.ticketUnit, ordering: .acquiringAndReleasing).oldValue
    if Self.isUnowned(before) {
      if before & Self.maintenanceFlag != 0 { waitForMaintenance() }
      skipSlot(ticket: Self.nextTicket(before))
      execute(operation)
      leave(execute, onRequest: onRequest)
    } else {
      publish(operation, ticket: Self.nextTicket(before))
    }
  }

  /// Queues `operation` without running anything, so it can be called with another lock held
  /// (to give operations the same order as that lock's critical sections). Returns whether the
  /// caller became the owner: then it must call ``drain(_:onRequest:)`` — after releasing its
  /// lock. During a ``maintain(_:)`` section, a caller that becomes the owner waits for the
  /// section to end (it is a few instructions long and calls out to nothing).
  @inlinable
  func enqueue(_ operation: Operation) -> Bool {
    let before = state.wrappingAdd(Self.ticketUnit, ordering: .acquiringAndReleasing).oldValue
    publish(operation, ticket: Self.nextTicket(before))
    guard Self.isUnowned(before) else { return false }
    if before & Self.maintenanceFlag != 0 { waitForMaintenance() }
    return true
  }

  /// Writes `operation` to the slot of `ticket`, for the owner to run.
  @inlinable @inline(__always)
  func publish(_ operation: Operation, ticket: Int) {
    ring.withInstance(orStore: TicketRing(firstTicket: ticket)) {
      $0.put(operation, ticket: ticket)
    }
  }

  /// Owner only: passes the slot of `ticket`, whose operation the owner runs itself, on to the
  /// ticket a ring later (when the gate has a ring: it is made the first time a ticket queues).
  @inlinable @inline(__always)
  func skipSlot(ticket: Int) {
    ring.withInstanceIfStored { $0.skip(ticket: ticket) }
  }

  /// Takes ownership if the gate is free. Balance a `true` with ``leave(_:onRequest:)``.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    var current = state.load(ordering: .relaxed)
    while current & (Self.countMask | Self.requestFlag | Self.maintenanceFlag) == 0 {
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: current &+ Self.ticketUnit, ordering: .acquiring)
      if exchanged {
        skipSlot(ticket: Self.nextTicket(current))
        return true
      }
      current = original
    }
    return false
  }

  /// Gives up ownership (taken with ``tryEnter()``, or by a ticket whose operation the owner ran
  /// itself), first running whatever was queued meanwhile.
  @inlinable @inline(__always)
  func leave(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    let after = state.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
    if Self.isUnowned(after) { return }
    runQueued(from: after, execute, onRequest: onRequest)
  }

  /// Owner only (after ``enqueue(_:)`` returned `true`): runs the queued operations, its own
  /// first, until none is left, then frees the gate.
  @inlinable
  func drain(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    runQueued(from: state.load(ordering: .acquiring), execute, onRequest: onRequest)
  }

  /// Owner only: runs queued operations in ticket order and serves requests until the gate can
  /// be freed. `current` is a value of `state` in which every finished operation is already
  /// subtracted, so its unfinished count is exactly the number of queued tickets, the last of
  /// which is the one before its next ticket. Finished operations are subtracted once a round.
  @inlinable
  func runQueued(from current: Int, _ execute: (Operation) -> Void, onRequest: () -> Void) {
    var current = current
    while true {
      var finished = 0
      if current & Self.requestFlag != 0 {
        // Clear the request before serving it, so that a later one is seen in a later round —
        // trading it for one unit of count, so that the gate stays owned while `onRequest`
        // runs; the round's subtraction gives that unit back.
        current =
          state.wrappingAdd(1 &- Self.requestFlag, ordering: .acquiringAndReleasing)
          .newValue
        finished = 1
        onRequest()
      }
      let queued = current & Self.countMask &- finished
      if queued > 0 {
        var ticket = (Self.nextTicket(current) &- queued) & Self.ticketMask
        ring.withInstance(orStore: TicketRing(firstTicket: ticket)) { ring in
          for _ in 0..<queued {
            execute(ring.take(ticket: ticket))
            ticket = (ticket &+ 1) & Self.ticketMask
          }
          finished &+= queued
          // Follow the ring past the tickets `current` counted: a ticket put meanwhile is run
          // without touching `state` (which its sender writes on every send, so each touch
          // costs a cache-line transfer); the subtraction below accounts for it, since its
          // sender counted it before putting it. The owner waits a few looks for the next one,
          // and turns to `state` at least every `followLimit` tickets to serve requests.
          var idle = 0
          var followed = 0
          while idle <= Self.lingerSpins && followed < Self.followLimit {
            if let operation = ring.takeFromSlot(ticket: ticket) {
              execute(operation)
              ticket = (ticket &+ 1) & Self.ticketMask
              followed &+= 1
              idle = 0
            } else {
              idle &+= 1
            }
          }
          finished &+= followed
        }
      }
      current = state.wrappingSubtract(finished, ordering: .acquiringAndReleasing).newValue
      if Self.isUnowned(current) { return }
    }
  }

  /// Owner only, before running anything: waits for a ``maintain(_:)`` section that started
  /// before the ticket to end.
  @inlinable
  func waitForMaintenance() {
    var spins = 0
    while state.load(ordering: .acquiring) & Self.maintenanceFlag != 0 {
      spins += 1
      if spins > 64 { Self.yieldThread() }
    }
  }

  /// Runs `body` with exclusive access to the owner's state if the gate is free, without
  /// becoming the owner; returns whether it ran. Operations sent meanwhile wait for it (it must
  /// be a few instructions long and call out to nothing).
  @inlinable
  func maintain(_ body: () -> Void) -> Bool {
    var current = state.load(ordering: .relaxed)
    while current & (Self.countMask | Self.requestFlag | Self.maintenanceFlag) == 0 {
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: current | Self.maintenanceFlag, ordering: .acquiring)
      if exchanged {
        body()
        state.wrappingSubtract(Self.maintenanceFlag, ordering: .releasing)
        return true
      }
      current = original
    }
    return false
  }

  /// Runs `body` as ``maintain(_:)`` if the gate is free; if it is owned, asks the owner to run
  /// its `onRequest` before it leaves. Never runs operations and never waits for the owner.
  @inlinable
  func requestOrMaintain(_ body: () -> Void) {
    while true {
      let current = state.load(ordering: .acquiring)
      if current & Self.maintenanceFlag != 0 {
        Self.yieldThread()  // another maintainer: its section ends in a moment
      } else if current & (Self.countMask | Self.requestFlag) == 0 {
        if maintain(body) { return }
      } else if current & Self.requestFlag != 0 {
        return  // already requested; the owner serves it after this point
      } else if state.compareExchange(
        expected: current, desired: current | Self.requestFlag, ordering: .acquiringAndReleasing
      ).exchanged {
        return
      }
    }
  }

  @usableFromInline
  static func yieldThread() { sched_yield() }
}

/// Where the queued operations of a contended ``SerialGate`` wait for its owner: a ring of
/// slots, the slot of ticket `t` being `t % capacity`. A slot's `sequence` says whose it is:
/// `t` when it is free for ticket `t`, `t + 1` when ticket `t`'s operation is in it. The owner
/// takes ticket `t`'s operation and frees the slot for ticket `t + capacity`; the slot of a
/// ticket whose operation the owner ran itself, it passes on to that ticket likewise.
///
/// A ticket whose slot is still taken (the owner is a whole ring behind) puts its operation in
/// `overflow` instead, so a sender never waits — not even the owner itself, sending from inside
/// an operation it runs.
///
/// Lock discipline: a slot's `operation` is written only by the holder of the ticket its
/// `sequence` names as free, before the releasing store that publishes it, and read and cleared
/// only by the gate's owner after the acquiring load that sees it published. `overflow` is
/// guarded by `overflowLock`; `overflowCount` lets the owner skip the lock when it is empty.
@usableFromInline
final class TicketRing<Operation>: @unchecked Sendable {
  /// One slot; its `sequence` and `operation` share a cache line.
  @usableFromInline
  struct Slot: ~Copyable {
    @usableFromInline let sequence: Atomic<Int>
    @usableFromInline var operation: Operation?

    @inlinable init(sequence: Int) {
      self.sequence = Atomic(sequence)
      operation = nil
    }
  }

  @inlinable static var capacity: Int { 32 }

  @usableFromInline let slots: UnsafeMutablePointer<Slot>
  @usableFromInline let overflowLock = Lock()
  @usableFromInline @exclusivity(unchecked) var overflow: [Int: Operation] = [:]
  @usableFromInline let overflowCount = Atomic<Int>(0)

  /// A ring whose slots are free for `firstTicket` and the tickets after it. An earlier ticket
  /// still to be queued finds its slot taken and goes to `overflow`.
  @inlinable init(firstTicket: Int) {
    slots = .allocate(capacity: Self.capacity)
    for index in 0..<Self.capacity {
      let ticket = firstTicket &+ ((index &- firstTicket) & (Self.capacity - 1))
      (slots + index).initialize(to: Slot(sequence: ticket & SerialGate<Operation>.ticketMask))
    }
  }

  @inlinable deinit {
    slots.deinitialize(count: Self.capacity)
    slots.deallocate()
  }

  /// Holder of `ticket` only: makes `operation` the ticket's, for the owner to take. When the
  /// slot is still taken, waits a little for it — unless operations already wait in
  /// `overflow`: then the owner is not about to catch up (it may be this thread, sending from
  /// inside an operation), and this one joins them at once.
  @inlinable @inline(__always)
  func put(_ operation: Operation, ticket: Int) {
    let slot = slots + ticket & (Self.capacity - 1)
    if slot.pointee.sequence.load(ordering: .acquiring) == ticket
      || (overflowCount.load(ordering: .relaxed) == 0 && waitForSlot(slot, ticket))
    {
      slot.pointee.operation = operation
      slot.pointee.sequence.store(
        (ticket &+ 1) & SerialGate<Operation>.ticketMask, ordering: .releasing)
    } else {
      overflowLock.lock()
      overflow[ticket] = operation
      overflowCount.wrappingAdd(1, ordering: .releasing)
      overflowLock.unlock()
    }
  }

  /// Waits a little for the owner to free `slot` for `ticket` (the ring is full: the sender
  /// runs ahead of the owner); returns whether it did. Gives up at once if the slot was made
  /// free for a later ticket, and after a bounded time otherwise — the owner may be this very
  /// thread, or wait for a lock this thread holds.
  @inlinable @inline(never)
  func waitForSlot(_ slot: UnsafeMutablePointer<Slot>, _ ticket: Int) -> Bool {
    for round in 0..<Self.slotWaitRounds {
      let sequence = slot.pointee.sequence.load(ordering: .acquiring)
      if sequence == ticket { return true }
      if (sequence &- ticket) & SerialGate<Operation>.ticketMask < 1 << 30 {
        return false  // free for, or holding, a later ticket
      }
      if round >= Self.slotWaitSpins { SerialGate<Operation>.yieldThread() }
    }
    return false
  }

  /// How long a sender waits for a full ring's slot: spins, then yields, then overflows.
  @inlinable static var slotWaitSpins: Int { 512 }
  @inlinable static var slotWaitRounds: Int { 520 }

  /// Owner only, holding `ticket`: frees its slot for the ticket a ring later, unless the slot
  /// is not the ticket's (the ring was made after the ticket was taken). Only the holder of the
  /// ticket a slot is free for writes to it, so the load and the store cannot race.
  @inlinable @inline(__always)
  func skip(ticket: Int) {
    let slot = slots + ticket & (Self.capacity - 1)
    if slot.pointee.sequence.load(ordering: .relaxed) == ticket {
      slot.pointee.sequence.store(
        (ticket &+ Self.capacity) & SerialGate<Operation>.ticketMask, ordering: .relaxed)
    }
  }

  /// Owner only: the operation of `ticket`, waiting for its holder to put it if it has not yet.
  @inlinable @inline(__always)
  func take(ticket: Int) -> Operation {
    if let operation = takeFromSlot(ticket: ticket) { return operation }
    return waitAndTake(ticket: ticket)
  }

  /// The slow path of ``take(ticket:)``: the ticket's holder is between taking the ticket and
  /// putting its operation, or put it in `overflow`.
  @inlinable @inline(never)
  func waitAndTake(ticket: Int) -> Operation {
    var spins = 0
    while true {
      if let operation = takeFromSlot(ticket: ticket) ?? takeFromOverflow(ticket: ticket) {
        return operation
      }
      spins += 1
      if spins > 64 { SerialGate<Operation>.yieldThread() }
    }
  }

  @inlinable @inline(__always)
  func takeFromSlot(ticket: Int) -> Operation? {
    let slot = slots + ticket & (Self.capacity - 1)
    let published = (ticket &+ 1) & SerialGate<Operation>.ticketMask
    guard slot.pointee.sequence.load(ordering: .acquiring) == published else { return nil }
    let operation = slot.pointee.operation.take()
    slot.pointee.sequence.store(
      (ticket &+ Self.capacity) & SerialGate<Operation>.ticketMask, ordering: .releasing)
    return operation
  }

  @inlinable
  func takeFromOverflow(ticket: Int) -> Operation? {
    guard overflowCount.load(ordering: .acquiring) > 0 else { return nil }
    overflowLock.lock()
    let operation = overflow.removeValue(forKey: ticket)
    if operation != nil { overflowCount.wrappingSubtract(1, ordering: .relaxed) }
    overflowLock.unlock()
    // The ticket never used its slot: pass the slot on, as for a ticket run directly.
    if operation != nil { skip(ticket: ticket) }
    return operation
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
