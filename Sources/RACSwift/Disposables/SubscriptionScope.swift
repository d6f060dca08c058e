import Synchronization

/// The lifetime of one subscription inside RACSwift: a disposed flag that sources and operator
/// stages check cheaply, plus the cleanups (upstream disposables, child scopes) disposed with it.
///
/// Every subscription chain has one root scope, created by `subscribe(…)`; operators pass it
/// upstream unchanged, or create a child scope with ``makeChild()`` for work that must end on its
/// own (an inner signal of `flatten`, the first signal of `concat`). The scope handed to a
/// signal's subscribe function belongs to that subscription: once the signal has sent a terminal
/// event, whoever owns the scope disposes it, which releases everything the subscription held.
///
/// Root and child scopes count as live subscriptions in a ``SubscriptionLedger`` until disposed.
///
/// Lock discipline: `children` and `owner` are read and written only with `lock` held.
/// `flags` holds two flags set once each by atomic read-modify-writes (so they have one order):
/// `disposed`, set by `dispose()` before it takes `lock`, and `hasMembers`, set by `add(_:)` and
/// `setOwner(_:)` with `lock` held before they record anything (the first of them sets it; the
/// rest load it, see ``recordingFlags()``). A member is therefore either
/// disposed by `dispose()` or at once by `add(_:)`; and `dispose()` skips the lock when it finds
/// `hasMembers` unset, since nothing was recorded before it and nothing will be after. (A third
/// flag, `keepsMembersOnRelease`, is set by the initializer, before the scope is shared.)
@usableFromInline
class SubscriptionScope: Disposable, @unchecked Sendable {
  @usableFromInline let lock = Lock()
  /// ``ScopeFlags``.
  @usableFromInline let flags = Atomic<UInt8>(0)
  /// For the scope of an inner subscription holding the state it feeds through a
  /// ``ChainReference`` (``FlattenInnerScope``), its place in a chain of such scopes, modulo
  /// ``ChainDepth/releaseInterval`` (see ``init(chainedChildOf:)``); 0 for any other scope. One
  /// byte, in the padding after `flags`: it costs no scope any size.
  @usableFromInline let downstreamDepth: UInt8
  /// The line of ``origin``, stored apart from its file so that it fills the padding after
  /// `flags`: the handler scope at the end of every subscription is a scope, and 8 bytes here
  /// decide its size class (W8's bytes per subscription).
  @usableFromInline let originLine: UInt32
  @usableFromInline @exclusivity(unchecked) var children = DisposableList()
  /// The object told when this scope is disposed (a subject that holds this scope among its
  /// subscribers), held strongly while it holds the scope: see ``SubscriptionOwner``.
  /// Lock discipline: read and written only with `lock` held, as `children` is (so the run-time
  /// check could never fire); a strong reference here is what removed S3's side table per
  /// subject (`Benchmarks/RESULTS.md`, session 33).
  @usableFromInline @exclusivity(unchecked) var owner: SubscriptionOwner?
  /// Where live subscriptions are counted; `.none` for a plain bag (``CompoundDisposable``).
  @usableFromInline let ledger: LedgerReference
  /// The file of ``origin`` (see `originLine`).
  @usableFromInline let originFile: UnsafeRawPointer?

  /// Where the root subscription was made, for log lines.
  @inlinable var origin: SubscriptionOrigin {
    SubscriptionOrigin(file: originFile, line: originLine)
  }

  /// A root scope, counted in the current ledger.
  @inlinable
  init(origin: SubscriptionOrigin) {
    let ledger = SubscriptionLedger.currentReference()
    self.ledger = ledger
    downstreamDepth = 0
    originLine = origin.line
    originFile = origin.file
    ledger.subscriptionStarted(self, isRoot: true)
  }

  /// A scope that only groups disposables (not counted as a subscription).
  @usableFromInline
  init(bag: Void) {
    ledger = .none
    downstreamDepth = 0
    originLine = 0
    originFile = nil
  }

  /// A child scope counted in the same ledger as `parent`; not yet added to `parent`.
  @inlinable
  init(childOf parent: SubscriptionScope) {
    let ledger = parent.ledger.isCounting ? parent.ledger : SubscriptionLedger.currentReference()
    self.ledger = ledger
    downstreamDepth = 0
    originLine = parent.originLine
    originFile = parent.originFile
    ledger.subscriptionStarted(self, isRoot: false)
  }

  /// A child scope of `parent`, as ``init(childOf:)``, that holds what delivers into `parent`
  /// through a ``ChainReference``: one link further down a chain of such scopes than `parent`
  /// (``downstreamDepth``; a scope that holds nothing so ends the chain), so that every
  /// ``ChainDepth/releaseInterval``th one lets go through the stack guard
  /// (``ChainDepth/isScopeLoopPoint(_:)``).
  @inlinable
  init(chainedChildOf parent: SubscriptionScope) {
    let ledger = parent.ledger.isCounting ? parent.ledger : SubscriptionLedger.currentReference()
    self.ledger = ledger
    downstreamDepth = ChainDepth.scopeDepth(below: parent.downstreamDepth)
    originLine = parent.originLine
    originFile = parent.originFile
    ledger.subscriptionStarted(self, isRoot: false)
  }

  /// A plain bag whose members outlive it: releasing it without `dispose()` leaves them alone
  /// (``CompoundDisposable``, as RAC's compound disposable).
  @usableFromInline
  convenience init(bagKeepingMembersOnRelease: Void) {
    self.init(bag: ())
    flags.store(ScopeFlags.keepsMembersOnRelease, ordering: .relaxed)
  }

  deinit {
    let flags = self.flags.load(ordering: .acquiring)
    if flags & ScopeFlags.disposed == 0 {
      ledger.subscriptionEnded(self)
      // A subscription released without a terminal event or `dispose()` ends what it held; a
      // compound disposable's members were never its to end.
      if flags & ScopeFlags.keepsMembersOnRelease == 0 { children.disposeAll() }
    }
  }

  /// Whether the scope has been disposed.
  @inlinable
  public final var isDisposed: Bool {
    flags.load(ordering: .acquiring) & ScopeFlags.disposed != 0
  }

  /// Disposes the scope and everything added to it; later calls do nothing.
  public final func dispose() { didReturnFromDisposal(disposeIfNeeded()) }

  /// Called by ``dispose()`` after the disposal (`didDispose`: whether this call did it), before
  /// it returns: for the end of a subscription with handlers, which waits there for a handler
  /// another thread runs (``HandlerFence``). Not called when the subscription ends by its own
  /// terminal event.
  @usableFromInline
  func didReturnFromDisposal(_ didDispose: Bool) {}

  /// Disposes the scope; returns whether this call did it (`false` if it already was).
  @usableFromInline
  final func disposeIfNeeded() -> Bool {
    // Disposing a finished subscription again (the usual `dispose()` after `completed`) is a
    // load, not a read-modify-write.
    if flags.load(ordering: .acquiring) & ScopeFlags.disposed != 0 { return false }
    let previous = flags.bitwiseOr(ScopeFlags.disposed, ordering: .acquiringAndReleasing).oldValue
    if previous & ScopeFlags.disposed != 0 { return false }
    if previous & ScopeFlags.hasMembers == 0 {
      // No member or owner was recorded, and none can be now: `add` and `setOwner` will see
      // `disposed`.
      ledger.subscriptionEnded(self)
      didDispose()
      return true
    }
    lock.lock()
    let members = children
    children = DisposableList()
    let owner = self.owner.take()
    lock.unlock()
    ledger.subscriptionEnded(self)
    owner?.scopeDidDispose(self)
    // Members can be scopes with members of their own, 100,000 deep (nested `flattenMap`s,
    // compound disposables): a disposal that finds the stack deep is left to the thread's
    // outermost guarded frame (see `StackGuard`).
    switch StackGuard.entry() {
    case .nested:
      members.disposeAll()
      didDispose()
    case .outermost:
      StackGuard.runOutermost {
        members.disposeAll()
        didDispose()
      }
    case .deep:
      StackGuard.deferWork {
        members.disposeAll()
        self.didDispose()
      }
    }
    return true
  }

  /// Called once, on the thread that disposed the scope, after its members: for a subclass that
  /// must let go of something when the subscription ends (``SubscriberLifetime``).
  @usableFromInline
  func didDispose() {}

  /// Adds a cleanup disposed with this scope, or disposes it at once if the scope is disposed.
  @usableFromInline
  final func add(_ disposable: any Disposable) {
    lock.lock()
    if recordingFlags() & ScopeFlags.disposed != 0 {
      lock.unlock()
      disposable.dispose()
      return
    }
    children.append(disposable)
    lock.unlock()
  }

  /// Removes a cleanup without disposing it.
  @usableFromInline
  final func remove(_ disposable: any Disposable) {
    lock.lock()
    children.remove(disposable)
    lock.unlock()
  }

  /// A new child scope, disposed with this one. When the child's work ends on its own, call
  /// ``endChild(_:)`` so finished children do not accumulate.
  @usableFromInline
  final func makeChild() -> SubscriptionScope {
    let child = SubscriptionScope(childOf: self)
    add(child)
    return child
  }

  /// Removes `child` from this scope and disposes it. `holdsMembership` says that `child` is of
  /// a class that keeps a ``ListMembership`` (``FlattenInnerScope``); a plain scope keeps none,
  /// so the list need not look for one.
  @usableFromInline
  final func endChild(_ child: SubscriptionScope, holdsMembership: Bool = false) {
    lock.lock()
    children.remove(child, mayBeHeld: holdsMembership)
    lock.unlock()
    child.dispose()
  }

  /// With `lock` held, before recording a member or the owner: the flags, with `hasMembers`
  /// set. Only the first call sets it, by a read-modify-write; later ones load the flags, which
  /// costs a scope with many members (a compound, a merge's scope) one atomic read-modify-write
  /// less per member (`Benchmarks/RESULTS.md`, session 33). A load suffices: `hasMembers` was set
  /// by a read-modify-write under this lock, so a `dispose()` whose own read-modify-write came
  /// before that one is seen here (its `disposed` is in the value that one wrote), and one whose
  /// read-modify-write came after it found `hasMembers` and takes the lock, before this section
  /// (seen here through the lock) or after it (and then disposes what this section records).
  @inlinable @inline(__always)
  final func recordingFlags() -> UInt8 {
    let current = flags.load(ordering: .acquiring)
    if current & ScopeFlags.hasMembers != 0 { return current }
    return flags.bitwiseOr(ScopeFlags.hasMembers, ordering: .acquiringAndReleasing).oldValue
  }

  /// Registers the object to notify when this scope is disposed (a subject removing its
  /// subscriber). Returns `false`, registering nothing, if the scope is already disposed.
  @usableFromInline
  final func setOwner(_ newOwner: SubscriptionOwner) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if recordingFlags() & ScopeFlags.disposed != 0 { return false }
    owner = newOwner
    return true
  }

  /// Forgets `owner` if it is this scope's owner (a subject nothing can reach any more letting
  /// go of its subscribers, ``SubscriptionOwner``). The reference is released after the lock.
  @usableFromInline
  final func releaseOwner(_ owner: SubscriptionOwner) {
    lock.lock()
    let released = self.owner === owner ? self.owner.take() : nil
    lock.unlock()
    _ = released
  }

  @usableFromInline
  final var childCount: Int { lock.withLock { children.count } }
}

/// The flags of ``SubscriptionScope/flags``.
@usableFromInline
enum ScopeFlags {
  /// The scope has been disposed.
  @usableFromInline static let disposed: UInt8 = 1
  /// A member or an owner may have been recorded: `dispose()` must take the lock.
  @usableFromInline static let hasMembers: UInt8 = 2
  /// Set once, at initialization: releasing the scope without disposing it leaves its members
  /// alone.
  @usableFromInline static let keepsMembersOnRelease: UInt8 = 4
}

/// An object told when a scope it registered with is disposed (see
/// ``SubscriptionScope/setOwner(_:)``). A class rather than a protocol so that the reference in
/// every scope is one word.
///
/// The scope holds its owner strongly, and the owner (a subject's core) holds the scope among
/// its subscribers: a cycle, which ends when the scope is disposed (it lets go of the owner, and
/// the owner of the scope), when the subject terminates (it lets go of its subscribers), or when
/// nothing can reach the subject any more — its public object's `deinit` makes each scope let go
/// (``SubjectCore/abandon()``), so that the core and its subscribers' handlers are released then,
/// as before. A weak reference would need no such step, but gives the object it refers to a side
/// table the first time: an allocation of 32 bytes and ~370 instructions for every subject that
/// gets a subscriber, the most of any step of S3 (`Benchmarks/RESULTS.md`, session 33).
///
/// Lock discipline: no state of its own; a subclass writes its own beside it.
@usableFromInline
class SubscriptionOwner: @unchecked Sendable {
  @inlinable init() {}

  /// Called once, on the thread that disposed `scope`.
  @usableFromInline
  func scopeDidDispose(_ scope: SubscriptionScope) {}
}

/// Where a subscription was made (`#fileID:#line`), kept without allocating.
@usableFromInline
// `file` points at a static string literal (NUL-terminated, as every Swift string literal):
// immutable for the life of the process.
struct SubscriptionOrigin: @unchecked Sendable {
  @usableFromInline let file: UnsafeRawPointer?
  @usableFromInline let line: UInt32

  @inlinable
  init(file: StaticString, line: UInt) {
    self.file = file.hasPointerRepresentation ? UnsafeRawPointer(file.utf8Start) : nil
    self.line = UInt32(truncatingIfNeeded: line)
  }

  @inlinable
  init(file: UnsafeRawPointer?, line: UInt32) {
    self.file = file
    self.line = line
  }

  @usableFromInline
  init() {
    file = nil
    line = 0
  }

  @usableFromInline static let unknown = SubscriptionOrigin()

  /// `File.swift:12`, or `nil` when unknown.
  @usableFromInline
  var text: String? {
    guard let file else { return nil }
    return "\(String(cString: file.assumingMemoryBound(to: CChar.self))):\(line)"
  }
}
