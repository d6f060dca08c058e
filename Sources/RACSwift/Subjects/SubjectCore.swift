import Synchronization

/// One thing to do to a subject; all of them go through the subject's ``SerialGate``. An
/// attachment is boxed so that an operation is no bigger than an event: queued operations are
/// copied in bulk when senders contend.
@usableFromInline
enum SubjectOperation<Value, Failure: Error> {
  case event(Event<Value, Failure>)
  case attach(SubjectEntry<Value, Failure>.Box)
}

/// A current subscriber of a subject.
@usableFromInline
struct SubjectEntry<Value, Failure: Error> {
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope

  @inlinable init(sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    self.sink = sink
    self.scope = scope
  }

  /// An entry waiting in the gate's queue.
  @usableFromInline
  final class Box {
    @usableFromInline let entry: SubjectEntry

    @inlinable init(_ entry: SubjectEntry) { self.entry = entry }
  }
}

/// The subscribers a subject's delivering thread sends to: an immutable snapshot of its entries,
/// replaced whole when they change, so the owner can iterate it without reference counting
/// (`let` fields: a handler called from a `var`'s storage would be retained around the call).
/// `first` is ``SubjectCore/firstEntry`` (then `entries` is empty), or a copy of `entries`'
/// first (then delivery loops over `entries` and never reads it): not an optional, whose
/// unwrapping copies (retains) the entry for each value sent. A copy of one of the subject's
/// own entries rather than a shared placeholder: the placeholder's reference count would be
/// written by every thread that refreshes any subject's list (one cache line for all cores).
@usableFromInline
final class DeliveryList<Value, Failure: Error> {
  @usableFromInline let first: SubjectEntry<Value, Failure>
  @usableFromInline let entries: ContiguousArray<SubjectEntry<Value, Failure>>

  /// A list of `first` alone, or of `entries` when `first` is `nil` (then `entries` is not
  /// empty).
  @inlinable init(
    first: SubjectEntry<Value, Failure>?, entries: ContiguousArray<SubjectEntry<Value, Failure>>
  ) {
    self.first = first ?? entries[0]
    self.entries = entries
  }
}

/// What a subject gives a new subscriber before live values.
@usableFromInline
enum ReplayPolicy: Sendable {
  /// Nothing (``Subject``).
  case none
  /// Up to `capacity` of the latest values (``ReplaySubject``).
  case buffer(capacity: Int)
  /// The latest value (``BehaviorSubject``).
  case latest
}

/// The engine shared by the three subjects.
///
/// Sent events and new subscribers go through one ``SerialGate``: an operation runs at once on
/// the calling thread when the subject is idle, else it is queued and run by the thread already
/// delivering, right after the current event. Hence every subscriber sees the same order,
/// replay to a new subscriber never interleaves with live values, a handler may send into or
/// subscribe to the subject it is handling (the operation runs after the handler returns), and
/// no lock is held while handlers run.
///
/// Disposal does not go through the gate: a disposed subscriber is skipped at once (its scope
/// is marked disposed before anything else), and its entry is removed under `entriesLock`. So
/// `dispose()` never delivers events — a thread disposing while another floods the subject
/// could otherwise be kept delivering the flood. The delivering copy of the entries is then
/// refreshed with ``SerialGate/requestOrMaintain(_:)``: right away when no thread delivers, or
/// by the delivering thread before it leaves the gate.
///
/// Lock discipline: `finished`, `terminalFailure`, `buffer`, `delivering` and
/// `deliveringVersion` are touched only by the owner of `gate`, or by a thread in a `maintain`
/// section of it (which excludes the owner). `entries` and `entryIndex` are changed with `entriesLock`
/// held, and every change of `entries` increments `entriesVersion` (also with the lock held);
/// the owner delivers to `delivering`, its own copy of `entries`, which it refreshes under the
/// lock only when the version has moved — so a value costs one atomic load, not a lock and a
/// reference count.
/// Before changing `entries`, the owner (attaching) or a maintainer (detaching) lets go of that
/// copy, so the change happens in place (``dropDelivering()``).
/// `latestStorage` (and its pointee) is written by the owner with `valueLock` held and read by
/// anyone with it held.
/// `terminatedFlag` mirrors `finished` for readers on other threads.
@usableFromInline
final class SubjectCore<Value, Failure: Error>: SubscriptionOwner, @unchecked Sendable {
  // Layout. The gate's word is written by every contending sender; the delivering thread reads
  // `entriesVersion`, `delivering`, `deliveringVersion`, `finished` and `policy` for each value.
  // So that a line holding the gate's word holds none of those wherever the object starts, at
  // least 56 bytes of fields a flood of sends does not touch lie on each side of the gate (their
  // sizes do not depend on `Value` or `Failure`): `upstream`, `terminalFailure`, `latestStorage`,
  // `valueLock`, `terminatedFlag` and `buffer` before (56 bytes after the object's header), and
  // `detach`, `entriesLock`, `entries`, `entryIndex` and `firstEntry` after (104). A subject is
  // 233 bytes; with 56 bytes of padding on each side instead, it was 328, and S3 touches every
  // field of a subject (`Benchmarks/RESULTS.md`, session 33).

  /// The subscriptions feeding the subject (it is their subscriber); disposed when it terminates.
  /// Made by the first subscription that feeds the subject (most subjects are fed by `send`
  /// only: one allocation saved per subject); a subject that terminates before any closes it
  /// (``LazyReference/close()``), so that a later one is disposed at once.
  @usableFromInline let upstream = LazyReference<SubscriptionScope>()
  /// The failure the subject ended with, once it failed (see ``terminal``). A pointer rather
  /// than an `Event?`: the destroyer of this class, compiled once for every type, would look up
  /// the generic metadata of `Optional<Event<Value, Failure>>` for each subject released
  /// (`Benchmarks/RESULTS.md`, session 31); a pointer needs none, and `deinit` frees it with
  /// `Failure`'s metadata, which the object's class holds. Lock discipline: written once by the
  /// gate's owner in `finish(with:)`, read by the owner, freed by `deinit` (see the class's).
  @usableFromInline @exclusivity(unchecked) var terminalFailure: UnsafeMutablePointer<Failure>?
  /// The latest value (policy ``ReplayPolicy/latest``), allocated with the first one: a pointer
  /// for the reason `terminalFailure` is one. Checked: the check costs a behaviour subject's
  /// send nothing measurable (W13, `Benchmarks/RESULTS.md`, session 32). Lock discipline: the
  /// pointer and its pointee are written by the gate's owner with `valueLock` held.
  @usableFromInline var latestStorage: UnsafeMutablePointer<Value>?
  @usableFromInline let valueLock = Lock()
  @usableFromInline let terminatedFlag = Atomic<Bool>(false)
  /// A replay subject's values. Unchecked: with the check, each send into a replay subject
  /// costs 2.4 times the instructions (W12, `Benchmarks/RESULTS.md`, session 32). Lock
  /// discipline: touched only by the gate's owner.
  @usableFromInline @exclusivity(unchecked) var buffer = RingBuffer<Value>()
  @usableFromInline let gate = SerialGate<SubjectOperation<Value, Failure>>()
  /// ``performDetach(_:)`` and ``performAbandon()`` as compiled where the subject was made, for
  /// concrete `Value` and `Failure`: ``scopeDidDispose(_:)`` is an override and the public
  /// objects' `deinit`s are generic, each compiled once for every type, where each use of the
  /// entries' or the gate's type looks up its generic metadata at run time (over half of a
  /// detach's instructions; three quarters of an abandon's, `Benchmarks/RESULTS.md`, session 33).
  /// The closure captures nothing, so it allocates nothing.
  @usableFromInline let detach: (SubjectCore, SubjectDetach) -> Void
  @usableFromInline let entriesLock = Lock()
  @usableFromInline @exclusivity(unchecked) var entries:
    ContiguousArray<SubjectEntry<Value, Failure>> = []
  /// Where each subscriber's entry is, by its scope, and how many of `entries` are
  /// ``SubjectTombstone``s: the index is made by the first detach from a subject with
  /// ``TombstoneIndex/indexedCount`` entries or more, kept from then on (changed with
  /// `entriesLock` held). Smaller subjects, and subjects nobody left yet (W8), search instead.
  @usableFromInline @exclusivity(unchecked) var entryIndex = TombstoneIndex()
  /// The subject's one subscriber, kept apart from `entries` (changed with `entriesLock` held):
  /// a subject with one subscriber — most of them — allocates no array (one allocation of 56
  /// bytes less for each inner subject of a `flattenMap`, `Benchmarks/RESULTS.md`, session 33).
  /// Set only while `entries` is empty; a second subscriber moves it to `entries`' first place,
  /// so that delivering to many runs one loop over one array as before. Never indexed by
  /// `entryIndex`: a detach looks here first. Unchecked: with the check, S3 costs 6,028
  /// instructions per inner instead of 5,609 (`Benchmarks/RESULTS.md`, session 33). Lock
  /// discipline: read and written only with `entriesLock` held.
  @usableFromInline @exclusivity(unchecked) var firstEntry: SubjectEntry<Value, Failure>?
  @usableFromInline let entriesVersion = Atomic<Int>(0)
  @usableFromInline @exclusivity(unchecked) var delivering: DeliveryList<Value, Failure>?
  @usableFromInline @exclusivity(unchecked) var deliveringVersion = 0
  @usableFromInline @exclusivity(unchecked) var finished = false
  @usableFromInline let policy: ReplayPolicy

  @inlinable
  init(policy: ReplayPolicy, initial: Value? = nil) {
    self.policy = policy
    if let initial { latestStorage = heapCopy(initial) }
    self.detach = { core, request in
      switch request {
      case .subscriber(let scope): core.performDetach(scope)
      case .all: core.performAbandon()
      }
    }
    super.init()
  }

  // MARK: Entry points (any thread)

  @inlinable @inline(__always)
  func send(_ event: Event<Value, Failure>) {
    gate.perform(.event(event), { execute($0) }, onRequest: { refreshDelivering() })
  }

  @inlinable
  func attach(_ sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    // Uncontended, attach in place; only an attach that has to wait in the queue is boxed (an
    // allocation per subscription otherwise).
    if gate.tryEnter() {
      performAttach(sink, scope)
      gate.leave({ execute($0) }, onRequest: { refreshDelivering() })
      return
    }
    gate.perform(
      .attach(SubjectEntry.Box(SubjectEntry(sink: sink, scope: scope))), { execute($0) },
      onRequest: { refreshDelivering() })
  }

  /// Runs what ``SerialGate/enqueue(_:)`` made this thread the owner for.
  @inlinable
  func drainGate() {
    gate.drain({ execute($0) }, onRequest: { refreshDelivering() })
  }

  @usableFromInline
  override func scopeDidDispose(_ scope: SubscriptionScope) {
    detach(self, .subscriber(scope))
  }

  deinit {
    // The two pointers' reason: see `terminalFailure` (measured in `Benchmarks/RESULTS.md`,
    // session 31: S3 9,284 -> 7,852 instructions per inner with them).
    // Called directly, not passed to `Optional.map`: this `deinit` is compiled once for every
    // type, where a generic function passed as a closure is a closure context allocated on each
    // call (two allocations per subject released, `Benchmarks/RESULTS.md`, session 32).
    if let terminalFailure { freeHeapCopy(terminalFailure) }
    if let latestStorage { freeHeapCopy(latestStorage) }
  }

  /// Called by the `deinit` of the subject's public object (``Subject``, ``ReplaySubject``,
  /// ``BehaviorSubject``): nothing can send into the subject or subscribe to it any more. Each
  /// subscriber's scope lets go of this core (see ``SubscriptionOwner``), so that the core, and
  /// with it the subscribers' handlers, is released as soon as the public object is. Runs no
  /// operation of the gate: no thread can own it (each holds the public object while it does).
  @usableFromInline
  func abandon() { detach(self, .all) }

  /// ``abandon()``, specialized.
  @inlinable
  func performAbandon() {
    entriesLock.lock()
    let first = firstEntry
    let current = entries
    entriesLock.unlock()
    first?.scope.releaseOwner(self)
    for index in current.indices { current[index].scope.releaseOwner(self) }
  }

  /// The event the subject ended with, once it has ended (the gate's owner only).
  @inlinable
  var terminal: Event<Value, Failure>? {
    guard finished else { return nil }
    if let terminalFailure { return .error(terminalFailure.pointee) }
    return .completed
  }

  /// The latest value (policy ``ReplayPolicy/latest``): written by the gate's owner with
  /// `valueLock` held, read with it held or by the owner.
  @inlinable
  var latest: Value? {
    get { latestStorage?.pointee }
    set {
      guard let newValue else { return }
      if let latestStorage {
        latestStorage.pointee = newValue
      } else {
        latestStorage = heapCopy(newValue)
      }
    }
  }

  @usableFromInline
  var isTerminated: Bool { terminatedFlag.load(ordering: .acquiring) }

  @usableFromInline
  var currentValue: Value? { valueLock.withLock { latest } }

  // MARK: Owner of the gate only

  @inlinable @inline(__always)
  func execute(_ operation: SubjectOperation<Value, Failure>) {
    switch operation {
    case .event(let event): deliver(event)
    case .attach(let box): performAttach(box.entry.sink, box.entry.scope)
    }
  }

  @inlinable @inline(__always)
  func deliver(_ event: Event<Value, Failure>) {
    if finished { return }
    if case .next(let value) = event {
      switch policy {
      case .none: break
      case .buffer(let capacity): record(value, capacity: capacity)
      case .latest: valueLock.withLock { latest = value }
      }
      if entriesVersion.load(ordering: .acquiring) != deliveringVersion { refreshDelivering() }
      guard let list = delivering.map(Unmanaged.passUnretained) else { return }
      // Not retained: `delivering` is replaced only by the owner between two operations, or by
      // a maintainer while no operation runs, never while this loop runs (a handler's own send,
      // subscribe or dispose is queued or requested until the delivery ends).
      list._withUnsafeGuaranteedRef { list in
        // One copy for every subscriber: a stage never changes the event it receives.
        var event = event
        if list.entries.isEmpty {
          if !list.first.scope.isDisposed { list.first.sink(&event) }
        } else {
          // Indices rather than `for in`: an iterator would own (retain) the array.
          for index in list.entries.indices where !list.entries[index].scope.isDisposed {
            list.entries[index].sink(&event)
          }
        }
      }
    } else {
      finish(with: event)
    }
  }

  /// Owner only: copies `entries` into `delivering`. The new list is built, and the old one
  /// released (its last reference may hold a removed subscriber's handlers), after the lock.
  @inlinable
  func refreshDelivering() {
    entriesLock.lock()
    let first = firstEntry
    let current = entries
    deliveringVersion = entriesVersion.load(ordering: .relaxed)
    entriesLock.unlock()
    let stale = delivering
    delivering =
      first == nil && current.isEmpty ? nil : DeliveryList(first: first, entries: current)
    _ = stale
  }

  @inlinable
  func record(_ value: Value, capacity: Int) {
    if capacity <= 0 { return }
    if buffer.count == capacity { _ = buffer.popFirst() }
    buffer.append(value)
  }

  @inlinable
  func finish(with event: Event<Value, Failure>) {
    finished = true
    if case .error(let failure) = event { terminalFailure = heapCopy(failure) }
    terminatedFlag.store(true, ordering: .releasing)
    entriesLock.lock()
    let first = firstEntry.take()
    let current = entries
    entries = []
    entryIndex.reset()
    entriesVersion.wrappingAdd(1, ordering: .releasing)
    entriesLock.unlock()
    delivering = nil
    var event = event
    if let first, !first.scope.isDisposed { first.sink(&event) }
    for entry in current where !entry.scope.isDisposed { entry.sink(&event) }
    upstream.close()?.dispose()
  }

  @inlinable
  func performAttach(
    _ sink: @escaping (inout Event<Value, Failure>) -> Void, _ scope: SubscriptionScope
  ) {
    if scope.isDisposed { return }
    switch policy {
    case .none:
      break
    case .buffer:
      for value in buffer.elements {
        if scope.isDisposed { return }
        emit(.next(value), to: sink)
      }
    case .latest:
      if !finished, let latest {
        emit(.next(latest), to: sink)
      }
    }
    if let terminal {
      if !scope.isDisposed { emit(terminal, to: sink) }
      return
    }
    guard scope.setOwner(self) else { return }
    // The owner: let go of a big delivering copy first (released here, before the lock), so
    // that the entries grow in place instead of being copied whole; the next delivery makes a
    // copy. (A small copy costs less to copy than to make again.)
    if let list = delivering, list.entries.count >= TombstoneIndex.indexedCount {
      _ = dropDelivering()
    }
    entriesLock.lock()
    if let first = firstEntry.take() {
      entryIndex.didAppend(ObjectIdentifier(first.scope), at: 0) { _ in false }
      entries.append(first)
    } else if entries.isEmpty {
      firstEntry = SubjectEntry(sink: sink, scope: scope)
      entriesVersion.wrappingAdd(1, ordering: .releasing)
      entriesLock.unlock()
      return
    }
    entryIndex.didAppend(ObjectIdentifier(scope), at: entries.count) { _ in false }
    entries.append(SubjectEntry(sink: sink, scope: scope))
    entriesVersion.wrappingAdd(1, ordering: .releasing)
    entriesLock.unlock()
  }

  /// Owner or maintainer only: lets go of `delivering` and marks it stale, so the next delivery
  /// refreshes it. Returns the old copy, for the caller to release before it changes `entries`
  /// and outside any lock or `maintain` section: while the copy shares `entries`' storage,
  /// changing the entries copies them all (a retain per entry), which made building up and
  /// tearing down a subject with n subscribers take n² retains.
  @inlinable
  func dropDelivering() -> DeliveryList<Value, Failure>? {
    let stale = delivering
    delivering = nil
    deliveringVersion = SubjectCore.staleVersion
    return stale
  }

  /// A `deliveringVersion` no `entriesVersion` equals in practice (reaching it takes 2⁶⁴ changes):
  /// the delivering copy must be made again.
  @inlinable static var staleVersion: Int { -1 }

  /// Any thread. In a subject with few entries, the entry is searched for and removed. In a
  /// bigger one (``performIndexedDetach(_:)``) it is found at once (``indexOfEntry(for:)``): the
  /// last entry is removed; any other is overwritten with a ``SubjectTombstone``, which releases
  /// the subscriber's sink at once without moving the entries after it, and the tombstones are
  /// swept out once they are half of the entries; and when no thread is delivering, the
  /// delivering copy is let go of first (``dropDelivering()``), so the entries change in place.
  /// So a subject with n subscribers is built up and torn down in time proportional to n, in any
  /// order. Disposal itself never delivers events (a thread disposing during a flood is never
  /// made to deliver it), and released entries and copies are released after every lock and the
  /// gate are let go. (Plain loops: this runs unspecialized where the subject's types are not
  /// known, and there the standard library's generic algorithms box every element.)
  @inlinable
  func performDetach(_ scope: SubscriptionScope) {
    var removed: SubjectEntry<Value, Failure>?
    entriesLock.lock()
    if firstEntry?.scope === scope {
      removed = firstEntry.take()
      entriesVersion.wrappingAdd(1, ordering: .releasing)
      entriesLock.unlock()
      refreshDeliveringAfterDetach()
      return
    }
    if entryIndex.needsIndex(count: entries.count) {
      entriesLock.unlock()
      performIndexedDetach(scope)
      return
    }
    // Few entries: search from the end (newer subscribers tend to be shorter-lived) and close
    // the gap; copying them, when the delivering copy shares them, costs little.
    var index = entries.count - 1
    while index >= 0 {
      if entries[index].scope === scope {
        removed = entries.remove(at: index)
        entriesVersion.wrappingAdd(1, ordering: .releasing)
        break
      }
      index -= 1
    }
    entriesLock.unlock()
    guard removed != nil else { return }
    refreshDeliveringAfterDetach()
  }

  /// ``performDetach(_:)`` from a subject with many entries.
  @inlinable
  func performIndexedDetach(_ scope: SubscriptionScope) {
    var stale: DeliveryList<Value, Failure>?
    _ = gate.maintain { stale = dropDelivering() }
    _ = stale.take()  // released here: outside the section, before the entries change
    var removed: SubjectEntry<Value, Failure>?
    entriesLock.lock()
    // `firstEntry` was looked at by `performDetach(_:)`, the one caller.
    if let index = indexOfEntry(for: scope) {
      if index == entries.count - 1 {
        removed = entries.removeLast()
      } else {
        removed = entries[index]
        entries[index] = SubjectEntry(sink: { _ in }, scope: SubjectTombstone.scope)
        entryIndex.tombstones += 1
      }
      if entryIndex.needsSweep(count: entries.count) {
        // Releasing the old storage under the lock runs no code of anyone's: its live entries
        // are in the new one, and the rest are tombstones.
        var live = ContiguousArray<SubjectEntry<Value, Failure>>()
        live.reserveCapacity(entries.count - entryIndex.tombstones)
        for entry in entries where entry.scope !== SubjectTombstone.scope { live.append(entry) }
        entries = live
        indexEntries()
      }
      entriesVersion.wrappingAdd(1, ordering: .releasing)
    }
    entriesLock.unlock()
    guard removed != nil else { return }
    refreshDeliveringAfterDetach()
  }

  /// After a detach: the delivering copy made before it is refreshed — at once if no thread is
  /// delivering, else by the delivering thread before it leaves the gate — so a departed
  /// subscriber's handlers are released promptly. Nothing to do if no delivery made a copy
  /// since it was let go of.
  @inlinable
  func refreshDeliveringAfterDetach() {
    var stale: DeliveryList<Value, Failure>?
    gate.requestOrMaintain {
      if delivering != nil {
        stale = delivering
        refreshDelivering()
      }
    }
    _ = stale
  }

  /// With `entriesLock` held: where `scope`'s entry is, looked up in `entryIndex`, made here on
  /// the subject's first detach of its kind; `nil` if it has none (already detached). An entry
  /// in the last place is no longer indexed (the caller removes it, and an attach reuses it).
  @inlinable
  func indexOfEntry(for scope: SubscriptionScope) -> Int? {
    if entryIndex.positions == nil { indexEntries() }
    let object = ObjectIdentifier(scope)
    // A scope subscribes once, so the index has no duplicates; a place found may hold a
    // tombstone since its subscriber left.
    guard let index = entryIndex.position(of: object), index < entries.count,
      entries[index].scope === scope
    else { return nil }
    if index == entries.count - 1 { entryIndex.forget(object) }
    return index
  }

  /// With `entriesLock` held: indexes every subscriber's entry afresh (tombstones left out).
  @inlinable
  func indexEntries() {
    entries.withUnsafeBufferPointer { buffer in
      entryIndex.rebuild(count: buffer.count) { position in
        let scope = buffer[position].scope
        return scope === SubjectTombstone.scope ? nil : ObjectIdentifier(scope)
      }
    }
  }

  /// The subject as a subscriber: remember `disposable` until the subject terminates, and
  /// forget it when it is disposed on its own.
  @usableFromInline
  func didSubscribe(with disposable: any Disposable) {
    let kept: Void? = upstream.withInstance(unlessClosed: SubscriptionScope(bag: ())) {
      upstream in
      upstream.add(disposable)
      if let scope = disposable as? SubscriptionScope {
        scope.add(AnyDisposable { [weak upstream] in upstream?.remove(scope) })
      }
    }
    // The subject has ended: what would feed it ends at once.
    if kept == nil { disposable.dispose() }
  }
}

/// What a subject's specialized ``SubjectCore/detach`` is asked to do.
@usableFromInline
enum SubjectDetach {
  /// Remove the subscriber whose scope this is (it was disposed).
  case subscriber(SubscriptionScope)
  /// Make every subscriber's scope let go of the subject (``SubjectCore/abandon()``).
  case all
}

/// What takes a departed subscriber's place among a subject's entries until they are swept: the
/// scope below, always disposed (the delivering loop skips it), and a sink that does nothing.
@usableFromInline
enum SubjectTombstone {
  /// Disposed at creation; shared by every tombstone.
  @usableFromInline static let scope: SubscriptionScope = {
    let scope = SubscriptionScope(bag: ())
    scope.dispose()
    return scope
  }()
}

/// `value` in memory of its own, for a field that a generic class's destroyer must not look up
/// the metadata of (``SubjectCore/terminalFailure``): the caller owns the pointer and gives it
/// back with ``freeHeapCopy(_:)``, exactly once. Lock discipline: the pointer's owner's.
@inlinable
func heapCopy<T>(_ value: T) -> UnsafeMutablePointer<T> {
  let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
  pointer.initialize(to: value)
  return pointer
}

/// Destroys the value ``heapCopy(_:)`` made and frees its memory.
@inlinable
func freeHeapCopy<T>(_ pointer: UnsafeMutablePointer<T>) {
  pointer.deinitialize(count: 1)
  pointer.deallocate()
}
