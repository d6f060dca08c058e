import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serializes operations on one object without holding a lock while they run.
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
/// two operations actually meet. Contended, the design keeps the gate's word off the senders'
/// path: only the operation that makes the queue non-empty writes it (to mark it ``pending``);
/// the ones behind it take the queue's own lock and append, touching only cache lines the owner
/// visits once per batch. So a sender flooding a busy gate runs at the speed of an append,
/// instead of trading the word's cache line with the owner on every operation (measured, W7 in
/// `Benchmarks/RESULTS.md`: ~100 → ~30 ns per send on a 2-core VM).
///
/// Lock discipline — `state` holds the gate's flags:
/// - ``owned``: a thread owns the gate. Only the owner runs operations and `onRequest`, and
///   only it touches its private state; ownership passes between threads through
///   acquire/release operations on `state`, which order that state.
/// - ``pending``: the queue's `incoming` holds operations the owner has not taken yet. Set (with
///   ``owned``, if the gate was free) by the sender whose append makes `incoming` non-empty,
///   cleared by the owner when it takes `incoming`, both with the queue's lock held; so
///   `pending` ⇔ `incoming` is non-empty, under that lock, and `pending` implies `owned`: an
///   owner cannot leave with operations queued, and a free gate has an empty queue.
/// - ``requested``: a request waits for the owner (``requestOrMaintain(_:)``); only with `owned`.
/// - ``maintenance``: a non-owner runs a ``maintain(_:)`` section; nothing else is set.
///
/// The guarantees it implements: `CONTRACT.md#serialization` and `CONTRACT.md#re-entrancy`.
@usableFromInline
struct SerialGate<Operation>: ~Copyable, Sendable {
  @usableFromInline let state: Atomic<Int>
  @usableFromInline let queue: LazyReference<PendingQueue<Operation>>

  /// A thread owns the gate.
  @inlinable static var owned: Int { 1 }
  /// Operations wait in the queue (implies ``owned``).
  @inlinable static var pending: Int { 2 }
  /// A request waits for the owner (implies ``owned``).
  @inlinable static var requested: Int { 4 }
  /// A ``maintain(_:)`` section runs (alone).
  @inlinable static var maintenance: Int { 8 }

  @inlinable init() {
    state = Atomic(0)
    queue = LazyReference()
  }

  /// Runs `execute(operation)` now, or queues it for the current owner. As owner, runs
  /// `onRequest` for a request made meanwhile.
  @inlinable @inline(__always)
  func perform(
    _ operation: Operation, _ execute: (Operation) -> Void, onRequest: () -> Void = {}
  ) {
    if tryEnter() {
      execute(operation)
      if tryFree() { return }
    } else if !enqueue(operation) {
      return
    }
    // One call site for `drain` (it is inlinable, and `perform` is inlined everywhere): with two,
    // W5 in the benchmark harness measured ~76 ns per send instead of ~45.
    drain(execute, onRequest: onRequest)
  }

  /// Queues `operation` without running anything, so it can be called with another lock held
  /// (to give operations the same order as that lock's critical sections). Returns whether the
  /// caller became the owner: then it must call ``drain(_:onRequest:)`` — after releasing its
  /// lock. Waits only for the queue's lock (held by another sender for an append, or by the
  /// owner for a swap) or a ``maintain(_:)`` section — a few instructions that call out to
  /// nothing — never for an operation.
  @inlinable
  func enqueue(_ operation: Operation) -> Bool {
    queue.withInstance(orStore: PendingQueue()) { queue in
      queue.lock.lock()
      let wasEmpty = queue.incoming.isEmpty
      queue.incoming.append(operation)
      #if DEBUG
        queue.noteSend()
      #endif
      // Only the operation that makes the queue non-empty touches `state`: later ones find
      // `pending` set, so the owner cannot leave before taking them.
      var becomesOwner = false
      if wasEmpty { becomesOwner = markPending() }
      queue.lock.unlock()
      return becomesOwner
    }
  }

  /// With the queue's lock held and the queue just made non-empty: sets ``pending``, and
  /// ``owned`` too if the gate was free (returns whether it was). Waits out a ``maintain(_:)``
  /// section.
  @inlinable
  func markPending() -> Bool {
    var current = state.load(ordering: .relaxed)
    var spins = 0
    while true {
      if current == Self.maintenance {
        Self.backOff(&spins)
        current = state.load(ordering: .relaxed)
        continue
      }
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: current | Self.owned | Self.pending,
        ordering: .acquiringAndReleasing)
      if exchanged { return current & Self.owned == 0 }
      current = original
    }
  }

  /// Takes ownership if the gate is free. Balance a `true` with ``leave(_:onRequest:)``.
  @inlinable @inline(__always)
  func tryEnter() -> Bool {
    // Looks before it tries: a failing compare-and-swap would take the word's cache line from
    // the owner, which a plain load only shares.
    state.load(ordering: .relaxed) == 0
      && state.compareExchange(expected: 0, desired: Self.owned, ordering: .acquiring).exchanged
  }

  /// Owner only: frees the gate if nothing was queued or requested meanwhile; returns whether it
  /// did (else the owner must ``drain(_:onRequest:)``).
  @inlinable @inline(__always)
  func tryFree() -> Bool {
    state.compareExchange(expected: Self.owned, desired: 0, ordering: .releasing).exchanged
  }

  /// Gives up ownership taken with ``tryEnter()``, first running whatever was queued meanwhile.
  @inlinable @inline(__always)
  func leave(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    if tryFree() { return }
    drain(execute, onRequest: onRequest)
  }

  /// Owner only: runs queued operations and requests until none is left, then frees the gate.
  /// The owner takes everything queued so far at once and runs it from a local batch, so
  /// producers appending meanwhile never touch the cache lines the owner reads.
  @inlinable
  func drain(_ execute: (Operation) -> Void, onRequest: () -> Void = {}) {
    var current = state.load(ordering: .acquiring)
    #if DEBUG
      var firstRound = true
    #endif
    while true {
      if current & Self.pending != 0 {
        queue.withInstance(orStore: PendingQueue()) { queue in
          var batch = queue.takeSpare()
          queue.lock.lock()
          swap(&queue.incoming, &batch)
          #if DEBUG
            if firstRound { queue.noteDrainStarted() }
          #endif
          // The queue is empty again: clear `pending` before another sender can see that.
          state.wrappingSubtract(Self.pending, ordering: .acquiringAndReleasing)
          queue.lock.unlock()
          let taken = batch.count
          while let operation = batch.popFirst() { execute(operation) }
          // Hand the emptied storage back while still the owner: the next owner takes it.
          queue.keepSpare(&batch, taken: taken)
        }
        #if DEBUG
          firstRound = false
        #endif
      } else if current & Self.requested != 0 {
        // Cleared before it is served, so that a later request is seen in a later round.
        state.wrappingSubtract(Self.requested, ordering: .acquiringAndReleasing)
        onRequest()
      } else {
        let (exchanged, original) = state.compareExchange(
          expected: Self.owned, desired: 0, ordering: .releasing)
        if exchanged { return }
        current = original
        continue
      }
      current = state.load(ordering: .acquiring)
    }
  }

  /// Runs `body` with exclusive access to the owner's state if the gate is free, without
  /// becoming the owner; returns whether it ran. Operations sent meanwhile wait for it (it must
  /// be a few instructions long and call out to nothing).
  @inlinable
  func maintain(_ body: () -> Void) -> Bool {
    guard
      state.compareExchange(expected: 0, desired: Self.maintenance, ordering: .acquiring)
        .exchanged
    else { return false }
    body()
    state.store(0, ordering: .releasing)
    return true
  }

  /// Runs `body` as ``maintain(_:)`` if the gate is free; if it is owned, asks the owner to run
  /// its `onRequest` before it leaves. Never runs operations and never waits for the owner.
  @inlinable
  func requestOrMaintain(_ body: () -> Void) {
    var spins = 0
    while true {
      let current = state.load(ordering: .acquiring)
      if current == 0 {
        if maintain(body) { return }
      } else if current & Self.owned == 0 {
        Self.backOff(&spins)  // another maintainer: its section ends in a moment
      } else if current & Self.requested != 0 {
        return  // already requested; the owner serves it after this point
      } else if state.compareExchange(
        expected: current, desired: current | Self.requested, ordering: .acquiringAndReleasing
      ).exchanged {
        return
      }
    }
  }

  /// One round of waiting out a ``maintain(_:)`` section: spins, then yields the processor.
  @inlinable @inline(__always)
  static func backOff(_ spins: inout Int) {
    spins += 1
    if spins > 64 { yieldThread() }
  }

  @usableFromInline
  static func yieldThread() { sched_yield() }
}

/// The queue behind a contended ``SerialGate``: senders append to `incoming`; the gate's owner
/// swaps the whole of it for its emptied batch (so storage is reused, not reallocated, in steady
/// state) and runs the batch without holding anything.
///
/// A flood can grow the buffers far past what the gate usually needs (senders never wait, so
/// the queue holds whatever they send faster than the owner runs it). Large buffers are let go
/// once 256 batches in a row have used less than a quarter of theirs, so a burst does not pin its
/// memory for the life of the subject, while a flood keeps its storage (measured on W7, whose
/// batches swing between one operation and tens of thousands: with a limit of 16, ~500
/// reallocations per million sends; with 256, ~100; the buffers' growth alone, ~30). A gate
/// that is never contended again after a burst keeps the buffers until its object goes away:
/// only a drain looks at them.
///
/// Lock discipline: `incoming` is guarded by `lock` (the gate's ``SerialGate/pending`` flag is
/// changed only with it held); `spare` (the owner's emptied batch between two drains) and
/// `underusedBatches` are touched only by the owner of the gate this queue belongs to.
///
/// The three are unchecked: with the checks, a send that meets a busy gate costs 50 %
/// (`incoming`), 14 % (`spare`) and 6 % (`underusedBatches`, which it does not even touch: the
/// check's code in `keepSpare`) more instructions (W17, `Benchmarks/RESULTS.md`, session 32).
@usableFromInline
final class PendingQueue<Element>: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var incoming = RingBuffer<Element>()
  @usableFromInline @exclusivity(unchecked) var spare = RingBuffer<Element>()

  /// Owner only: how many batches in a row used less than a quarter of a buffer larger than
  /// ``keptCapacity``.
  @usableFromInline @exclusivity(unchecked) var underusedBatches = 0

  /// Debug builds only: the thread draining the queue now (0 before the first drain), and how
  /// many operations it queued itself during this drain — sent by the very deliveries it runs.
  /// Read and written with `lock` held.
  @usableFromInline var drainingThread: UInt = 0
  @usableFromInline var ownSends = 0

  /// How many operations a drain may queue for itself before it counts as a feedback loop that
  /// never ends (`subject.map { $0 + 1 }.subscribe(subject)`).
  static var feedbackLimit: Int { 1_000_000 }

  /// Buffers up to this many slots are always kept.
  @inlinable static var keptCapacity: Int { 1_024 }

  /// After this many underused batches in a row, large buffers are let go.
  @inlinable static var underusedLimit: Int { 256 }

  // Out of line: the queue is made once per gate, and inlined twice into `perform` (by `enqueue`
  // and `drain`) its initializer made W10's loop stop inlining `Subscriber.send` (114 → 155
  // instructions per event once the feedback count added two fields).
  @inlinable @inline(never) init() {}

  /// Debug builds only, with `lock` held, by the owner starting a drain: the thread that queues
  /// from now on is the one whose own sends count.
  @usableFromInline
  func noteDrainStarted() {
    drainingThread = currentThreadIdentity()
    ownSends = 0
  }

  /// Debug builds only, with `lock` held, after an operation was queued: counts the operations
  /// the draining thread queues for itself, and stops with a message once they pass
  /// ``feedbackLimit`` — a delivery that sends into its own source, without end. (A release
  /// build neither counts nor stops, as ReactiveCocoa did not.)
  @usableFromInline
  func noteSend() {
    guard drainingThread == currentThreadIdentity() else { return }
    ownSends += 1
    guard ownSends > Self.feedbackLimit else { return }
    lock.unlock()
    fatalError(
      "RACSwift: while delivering one send on this thread, a subject or subscriber was sent "
        + "\(Self.feedbackLimit) more values by its own deliveries (operations of type "
        + "\(Element.self)): a feedback loop such as subject.map { $0 + 1 }.subscribe(subject) "
        + "that never ends. End it with take(_:), filter or distinctUntilChanged, or "
        + "deliver(on:) a scheduler so that each value is sent later. (Stops debug builds "
        + "only.)")
  }

  /// Owner only: the storage kept from the last drain.
  @inlinable
  func takeSpare() -> RingBuffer<Element> {
    var batch = RingBuffer<Element>()
    swap(&batch, &spare)
    return batch
  }

  /// Owner only: keeps `batch`'s storage (empty) for the next drain — unless it is large and
  /// the last ``underusedLimit`` batches, this one of `taken` operations included, each used
  /// less than a quarter of their buffer.
  @inlinable
  func keepSpare(_ batch: inout RingBuffer<Element>, taken: Int) {
    let capacity = batch.capacity
    if capacity > Self.keptCapacity {
      if taken >= capacity / 4 {
        underusedBatches = 0
      } else {
        underusedBatches += 1
        if underusedBatches >= Self.underusedLimit { batch = RingBuffer() }
      }
    }
    swap(&batch, &spare)
  }
}
