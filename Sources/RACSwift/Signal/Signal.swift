/// A stream of events over time (RAC's `RACSignal`): `next` values, then at most one `error` or
/// `completed`.
///
/// Signals are **cold**: creating one runs nothing, and every subscription runs the signal's
/// work again: a counter a signal's work increments reads 1 for the first subscriber and 2 for
/// the second (the "missiles" example of ReactiveCocoa 2's Design Guidelines). Subjects (``Subject``, ``ReplaySubject``,
/// ``BehaviorSubject``) are the hot signals; ``MulticastConnection`` shares one subscription.
///
/// ```swift
/// let numbers = Signal<Int, Never> { subscriber in
///   subscriber.sendNext(1)
///   subscriber.sendNext(2)
///   subscriber.sendCompleted()
///   return nil
/// }
/// numbers.map { $0 * 10 }.subscribe(next: { print($0) })  // 10, 20
/// ```
///
/// A subscriber never receives two events at once, events after a terminal event are never
/// delivered, and a subscription is disposed automatically when it finishes. Most operators are
/// `@inlinable`: their per-event path is specialized in the module that builds the chain. The
/// time-based ones (`delay`, `throttle`, `timeout`), whose events go through a scheduler anyway,
/// and `doNext` and `groupBy` are not.
///
/// `Signal` is the one non-final class of RACSwift; only the module subclasses it (the
/// subjects). It is `Sendable`: its state is immutable except the name set with ``setName(_:)``,
/// which a lock guards. Values cross threads the way their senders send them (in RAC, events may
/// arrive on any thread unless a chain delivers them on a scheduler);
/// use ``Event`` values that are `Sendable` when they do.
public class Signal<Value, Failure: Error>: @unchecked Sendable {
  /// Receives the events of one subscription. Called serially by the signal.
  ///
  /// The event is passed `inout`, by address, so that the generic specializer cannot
  /// re-abstract a stage's closure and call it through a thunk; a stage never changes it (a
  /// subject passes the same event to every subscriber). Forward the event received with
  /// `sink(&event)`; send a new one with `emit(_:to:)`.
  @usableFromInline typealias Sink = (inout Event<Value, Failure>) -> Void

  /// Starts one subscription: the signal itself, where to send events, and the subscription's
  /// scope. Built by the `@inlinable` operators, so it is specialized where the chain is built.
  @usableFromInline typealias SubscribeFunction = (
    Signal<Value, Failure>, @escaping Sink, SubscriptionScope
  ) -> Void

  @usableFromInline let subscribeFunction: SubscribeFunction
  @usableFromInline let nameNode: SignalNameNode
  /// The name set with `setName(_:)`, allocated the first time one is set.
  @usableFromInline let customNameStorage = LazyReference<CustomName>()
  /// For a synchronous signal, the subscribe function of its ``SynchronousPath``; for any other,
  /// one that does nothing, which no code can reach: the path is only handed out by
  /// ``synchronousPath``, for a signal made synchronous. (Stored as a plain function, not in an
  /// optional: calling it in place costs no reference count, and an optional function is stored
  /// at the most general abstraction, where its stage would have to escape.)
  @usableFromInline let synchronousFunction: SynchronousPath<Value, Failure>.Function
  /// Where the signal sits in its chain: how many synchronous signals its subscription runs
  /// through, and how many signals holding their inputs end here (see ``ChainDepth``, the counts
  /// the bounded-stack mechanism reads).
  @usableFromInline let depth: ChainDepth

  /// Whether the signal was made synchronous (see ``synchronousPath``).
  @inlinable @inline(__always)
  final var isSynchronous: Bool { depth.isSynchronous }

  /// Whether an operator on this signal that forwards its events as they come may be made
  /// synchronous: this signal is, and the chain is not yet ``ChainDepth/synchronousLimit`` deep.
  /// A deeper operator is built the ordinary way, whose subscription ``StackGuard`` bounds.
  @inlinable @inline(__always)
  final var canExtendSynchronously: Bool { depth.canExtendSynchronously }

  /// The actor every event of this signal's subscriptions arrives on, as far as the chain shows
  /// when it is built; `nil` when it does not. A signal carried to an actor (``carried(to:)``)
  /// arrives there, and so does an operator whose stage sends only while its input's event is
  /// delivered (`map`, `filter`, `scan`, … pass their input's on). An operator isolated to that
  /// actor then runs its closure where the event already is: one hop for consecutive stages on
  /// one actor, not one each. The identifier stays that actor's: the carried
  /// signal this one is built on keeps the actor alive (the main actor lives forever).
  @usableFromInline let deliveryActor: ObjectIdentifier?

  /// Whether this signal's events are known to arrive on `actor` (see ``deliveryActor``).
  @inlinable @inline(__always)
  final func delivers(on actor: any Actor) -> Bool { deliveryActor == ObjectIdentifier(actor) }

  @inlinable
  init(
    name: SignalNameNode, depth: ChainDepth = .source, deliveryActor: ObjectIdentifier? = nil,
    subscribe: @escaping SubscribeFunction
  ) {
    assert(!depth.isSynchronous, "a signal made synchronous needs its synchronous function")
    nameNode = name
    subscribeFunction = subscribe
    synchronousFunction = { _, _, _ in }
    self.depth = depth
    self.deliveryActor = deliveryActor
    assert(!name.readsOwnSource || nameInput() != nil, "\(type(of: self)) has no source to name")
  }

  /// A synchronous signal (see ``synchronousPath``) that runs `subscribe` for every
  /// subscription: a source (``ChainDepth/synchronousSource``), or an operator on a synchronous
  /// signal (``ChainDepth/init(synchronouslyAbove:)``).
  @inlinable
  init(
    synchronous name: SignalNameNode, depth: ChainDepth = .synchronousSource,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    assert(depth.isSynchronous, "a synchronous signal's depth counts it as synchronous")
    nameNode = name
    synchronousFunction = subscribe
    self.depth = depth
    // A synchronous signal delivers on the thread that subscribes, whichever that is.
    deliveryActor = nil
    subscribeFunction = { signal, sink, scope in
      signal.synchronousFunction(signal, sink, SynchronousScope(scope))
    }
    assert(!name.readsOwnSource || nameInput() != nil, "\(type(of: self)) has no source to name")
  }

  /// The synchronous fast path, for a signal whose every subscription delivers all its events
  /// before `subscribe` returns (see ``SynchronousPath``); `nil` for every other signal. An
  /// operator on a synchronous signal subscribes its stage through it: a stage that does not
  /// escape needs no allocation.
  @inlinable @inline(__always)
  final var synchronousPath: SynchronousPath<Value, Failure>? {
    isSynchronous ? SynchronousPath(ofSynchronousSignal: ()) : nil
  }

  /// Runs one subscription through the synchronous path `path` (which only a synchronous signal
  /// hands out): every event goes to `stage` before this returns.
  @inlinable @inline(__always)
  final func subscribe(
    _ path: SynchronousPath<Value, Failure>, stage: (inout Event<Value, Failure>) -> Void,
    scope: SynchronousScope
  ) {
    synchronousFunction(self, stage, scope)
  }

  /// Starts a subscription that sends into `sink` and lives in `scope`.
  ///
  /// Guarded (see ``StackGuard``): a chain built in a loop subscribes one level per operator, so
  /// a subscription nested too deep is deferred to the thread's outermost frame, with a
  /// ``StackCheckpoint`` in front of `sink`.
  @inlinable @inline(__always)
  final func subscribe(sink: @escaping Sink, scope: SubscriptionScope) {
    switch StackGuard.enterSubscription() {
    case .nested:
      subscribeFunction(self, sink, scope)
      StackGuard.leaveSubscription()
    case .outermost:
      subscribeAsOutermostFrame(sink: sink, scope: scope)
    case .deep:
      subscribeLater(sink: sink, scope: scope)
    }
  }

  /// A subscription on a thread where no guarded frame runs: it becomes the outermost one.
  @usableFromInline
  final func subscribeAsOutermostFrame(sink: @escaping Sink, scope: SubscriptionScope) {
    StackGuard.runOutermost { subscribeFunction(self, sink, scope) }
  }

  /// A subscription nested too deep: deferred to the outermost frame's loop, its events passing
  /// a checkpoint that bounds the stack their delivery takes.
  @usableFromInline
  final func subscribeLater(sink: @escaping Sink, scope: SubscriptionScope) {
    let checkpoint = StackCheckpoint(forwardingTo: sink)
    StackGuard.deferWork {
      if scope.isDisposed { return }
      self.subscribeFunction(self, { checkpoint.receive($0) }, scope)
    }
  }

  @usableFromInline
  var customNameBox: CustomName {
    if let box = customNameStorage.load() { return box }
    return customNameStorage.storeIfNil(CustomName())
  }

  /// The node the name is built from: `nameNode`, unless a `filter` joined this signal after it
  /// was made (see ``joinFilter(_:)``).
  @usableFromInline
  func currentNameNode() -> SignalNameNode { nameNode }

  /// Makes this signal also filter its values with `isIncluded`, instead of a `filter` signal
  /// on top of it; returns whether it did. Only `filter` calls this, on a signal without a name
  /// of its own, while its thread holds the one reference to it (so nothing can observe the
  /// change). Every operator built on the stage template can (``StageSignal``), once; any other
  /// signal returns `false`.
  @usableFromInline
  func joinFilter(_ isIncluded: @escaping (Value) -> Bool) -> Bool { false }

  deinit { releaseInputs() }

  /// Lets go of the inputs a subclass holds — through an ``InputReference`` (``InputSignal``) or
  /// in ``ChainInputs`` (the operators over several inputs) — from the base class's `deinit`,
  /// which runs before any stored property is destroyed, so that releasing a chain built in a
  /// loop takes bounded stack, not one nested `deinit` per operator (``ChainDepth/release``).
  @usableFromInline
  func releaseInputs() {}

  /// A description of the state a subclass keeps, used in names (`+just: 1`).
  @usableFromInline
  func describeState() -> String { "" }

  /// The input named by a name node that reads the signal's own source
  /// (a `nil` input of ``SignalNameNode/applied(_:_:_:)``): the `source` of the operator classes that keep one, `nil` for every
  /// other signal. Every initializer checks (in debug builds, so every test of an operator does)
  /// that a signal whose name reads its own source has one.
  @usableFromInline
  func nameInput() -> AnyObject? { nil }

  /// The inputs named by ``SignalNameNode/inputs(_:_:)``: those of ``ListSignal`` and
  /// ``BinarySignal``, empty for every other signal.
  @usableFromInline
  func nameInputs() -> [AnyObject] { [] }
}
