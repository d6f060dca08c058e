internal import CRACSwiftThreadState

/// Keeps chains of any operator in bounded stack: a subscription, a delivery, a disposal or a
/// release that would run too deep on the stack is deferred to a loop run by the outermost
/// guarded frame of the same thread, which runs it at that frame's depth once the work in
/// progress returns.
///
/// This is the one bounded-stack mechanism, and no operator calls it: every operator gets it from
/// the base classes its signal and its subscription are made of (the stage and inner-signal
/// templates included). Five places are guarded, and between two guarded places a chain has
/// only a bounded number of frames:
/// - every subscription to an upstream signal (`Signal.subscribe(sink:scope:)`): a chain built in
///   a loop subscribes recursively, one level per operator. After ``nestingLimit`` nested
///   subscriptions, or when the stack is ``depthLimit`` bytes deeper than the outermost frame, the
///   subscription is deferred, and its sink is wrapped in a ``StackCheckpoint``;
/// - every checkpoint, on delivery: events run down a chain the way subscriptions ran up it, so a
///   chain has a checkpoint every ``nestingLimit`` operators at most, where an event that finds
///   the stack too deep is queued and delivered by the loop;
/// - every delivery of an inner signal's event by a merging operator (`FlattenRun.send`): an
///   inner signal's events climb one merge per level of a recursion (`flattenMap` into a signal
///   that is itself a `flattenMap`), a path on which no subscription need have been deferred —
///   the deferred ones may all be the receivers' — so it has no checkpoint of its own;
/// - every disposal of a scope with members (`SubscriptionScope`), which recurses into nested
///   child scopes and compound disposables;
/// - every ``ChainDepth/releaseInterval``th release along a chain of objects that hold the next
///   one, and the release of a checkpoint's downstream sink: freeing a chain built in a loop
///   releases one object from inside the `deinit` of the one before. Signals let go of their
///   inputs from `Signal`'s `deinit` — one input through a ``ChainReference`` (``InputSignal``),
///   several in ``ChainInputs`` (``BinarySignal``, ``ListSignal``, ``CombiningSignal``) — and a
///   merge's inner scope lets go of the state it feeds through a ``ChainReference``
///   (`FlattenInnerScope`).
///
/// A signal's place in its chain is counted once, when it is made, in its ``ChainDepth``: which
/// of its releases is a loop point, and how deep a synchronous chain may grow — a synchronous
/// chain runs its stages on the stack with no guarded place between them, so operators stop
/// making synchronous signals at ``ChainDepth/synchronousLimit``.
///
/// The first guarded place a thread enters becomes its outermost frame: it runs its own work,
/// then the work deferred meanwhile, in the order it was deferred, until none is left. So all
/// the work a call started is done when the call returns — a `subscribe` of a synchronous chain
/// of 100,000 operators has delivered everything by then — and nothing moves to another thread.
/// What changes, only for chains that deep: a deferred subscription runs after the operator that
/// asked for it has returned (a subscription made during another may run after it, as in RAC),
/// and a deferred event reaches the rest of the chain after the part below the checkpoint returned.
///
/// A blocking call (`first()`, `toArray()`, …) that waits for a subscription to finish runs it
/// ``detached(_:)``: deferring it to a frame that the waiting thread is blocking would never run.
///
/// Lock discipline: the state lives in a C thread-local (`CRACSwiftThreadState`), read and written
/// only by its own thread; the deferred work lives on the outermost frame's stack.
///
/// The guarantee it implements: `CONTRACT.md#bounded-stack`.
@usableFromInline
enum StackGuard {
  /// How a guarded step runs.
  @usableFromInline
  enum Entry {
    /// No guarded frame runs on this thread: run the step as the outermost one
    /// (``runOutermost(_:)``).
    case outermost
    /// Run the step now.
    case nested
    /// Defer the step (``deferWork(_:)``): the stack is too deep.
    case deep
  }

  /// Nested guarded subscriptions run before the next one is deferred: bounds the frames between
  /// two checkpoints of a chain.
  @usableFromInline static let nestingLimit: UInt = 32

  /// Bytes of stack above the outermost frame at which steps are deferred.
  @usableFromInline static let depthLimit: UInt = 64 * 1024

  /// For a subscription: counts it as nested when it runs now (call ``leaveSubscription()`` after
  /// it returns).
  @usableFromInline
  static func enterSubscription() -> Entry {
    let state = cracswift_stack_state()
    if state.pointee.base == 0 { return .outermost }
    let nesting = state.pointee.nesting
    if nesting >= nestingLimit || isDeep(state) { return .deep }
    state.pointee.nesting = nesting &+ 1
    return .nested
  }

  /// Ends a subscription that ``enterSubscription()`` counted as nested.
  @usableFromInline
  static func leaveSubscription() {
    let state = cracswift_stack_state()
    state.pointee.nesting = state.pointee.nesting &- 1
  }

  /// For a delivery or a disposal: whether to run it now, as the outermost frame, or later.
  @usableFromInline
  static func entry() -> Entry {
    let state = cracswift_stack_state()
    if state.pointee.base == 0 { return .outermost }
    return isDeep(state) ? .deep : .nested
  }

  /// Whether the stack is ``depthLimit`` bytes deeper than the outermost frame (stacks grow
  /// down on every platform Swift runs on).
  private static func isDeep(_ state: UnsafeMutablePointer<cracswift_stack_state>) -> Bool {
    let here = cracswift_stack_pointer()
    return here < state.pointee.base && state.pointee.base - here > depthLimit
  }

  /// Runs `body` as the thread's outermost guarded frame, then the work deferred while it ran
  /// (and while that ran), in order, each closure released once it has run (a deferred release
  /// happens then, at this frame's depth). Call it only when ``entry()`` says `.outermost`.
  ///
  /// The queue is a local of this frame, and the thread-local state points at it while the frame
  /// runs: a top-level `subscribe` or `dispose()` enters here, and a queue allocated per entry
  /// (an object the state refers to) cost W11 28 % and W14 5.6 % more instructions
  /// (`Benchmarks/RESULTS.md`, session 32).
  @usableFromInline
  static func runOutermost(_ body: () -> Void) {
    let state = cracswift_stack_state()
    var queue = RingBuffer<() -> Void>()
    withUnsafeMutablePointer(to: &queue) { queue in
      state.pointee.base = cracswift_stack_pointer()
      state.pointee.nesting = 0
      state.pointee.deferred = UnsafeMutableRawPointer(queue)
      body()
      while let work = queue.pointee.popFirst() {
        state.pointee.nesting = 0
        work()
      }
      state.pointee.base = 0
      state.pointee.nesting = 0
      state.pointee.deferred = nil
    }
  }

  /// Defers `work` to the outermost frame's loop. Call it only when ``entry()`` or
  /// ``enterSubscription()`` says `.deep` (so such a frame runs).
  @usableFromInline
  static func deferWork(_ work: @escaping () -> Void) {
    let state = cracswift_stack_state()
    guard let deferred = state.pointee.deferred else {
      preconditionFailure("StackGuard.deferWork: no outermost frame runs on this thread")
    }
    deferred.assumingMemoryBound(to: RingBuffer<() -> Void>.self).pointee.append(work)
  }

  /// Runs `work` now, as the outermost frame, or later from that frame's loop — whichever
  /// ``entry()`` says. For rare work whose closure may as well be allocated (a release deep in a
  /// chain); hot paths switch on ``entry()`` themselves.
  @usableFromInline
  static func runBounded(_ work: @escaping () -> Void) {
    switch entry() {
    case .nested: work()
    case .outermost: runOutermost(work)
    case .deep: deferWork(work)
    }
  }

  /// Runs `body` as if no guarded frame ran on this thread, then restores the thread's state:
  /// for a call that blocks until work it starts has finished, which a frame below it could not
  /// run while it waits.
  @usableFromInline
  static func detached<Result>(_ body: () throws -> Result) rethrows -> Result {
    let state = cracswift_stack_state()
    let saved = (state.pointee.base, state.pointee.nesting, state.pointee.deferred)
    state.pointee.base = 0
    state.pointee.nesting = 0
    state.pointee.deferred = nil
    defer { (state.pointee.base, state.pointee.nesting, state.pointee.deferred) = saved }
    return try body()
  }
}
