import Synchronization

/// The signal of an operator built on the inner-signal template: its receiver (kept, named and
/// released by ``InputSignal``) and its ``FlattenStage``.
///
/// Lock discipline: immutable.
@usableFromInline
final class FlattenSignal<Stage: FlattenStage>: InputSignal<
  Stage.Input, Stage.Failure, Stage.Value, Stage.Failure
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Stage.Input, Stage.Failure>, stage: Stage,
    subscribe: @escaping SubscribeFunction
  ) {
    self.stage = stage
    super.init(name: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `FlattenSignal` of this type: the template's subscribe function
  /// gets the signal it belongs to.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Stage.Value, Stage.Failure>) -> FlattenSignal {
    unsafeDowncast(signal, to: FlattenSignal.self)
  }
}

extension Signal {
  /// The inner-signal template: the signal of an operator that runs the inner signals `stage`
  /// starts for the receiver's values (see ``FlattenStage``).
  @inlinable
  func appending<Stage: FlattenStage>(flatten stage: Stage, name: SignalNameNode)
    -> Signal<Stage.Value, Stage.Failure>
  where Stage.Input == Value, Stage.Failure == Failure {
    FlattenSignal(name: name, source: self, stage: stage) { signal, sink, scope in
      let op = FlattenSignal<Stage>.cast(signal)
      let run = FlattenRun(op.stage, sink: sink, scope: scope)
      op.subscribeInput(sink: { run.receiveOuter($0) }, scope: run.outerScope)
    }
  }
}

/// An event of an inner signal, or the receiver's error, on its way through the gate: the
/// generation of the inner signal it comes from tells whether `switchTo` replaced it since.
@usableFromInline
struct InnerDelivery<Value, Failure: Error> {
  @usableFromInline let event: Event<Value, Failure>
  @usableFromInline let generation: Int

  @inlinable
  init(_ event: Event<Value, Failure>, generation: Int) {
    self.event = event
    self.generation = generation
  }
}

/// One subscription of a ``FlattenStage``: the receiver's subscription, every inner signal's,
/// and their events through its ``SerializedSink`` base.
///
/// What only the receiver's delivery touches lives apart, in its ``FlattenReceiverSide``: so no
/// stored `var` of the run is written by one thread while another reads one. (With them in the
/// run, the thread sanitizer's debug run reported the receiver's write of its state and the gate
/// owner's reads of other fields as races at one address, the run's: 6 runs in 25 of
/// `FlattenMapFirstConcurrencyTests`.)
///
/// Lock discipline:
/// - `receiverSide` is immutable; its fields are touched only where the receiver delivers
///   (serially).
/// - `active` counts the receiver until it ends, plus every inner signal started or queued and
///   not yet completed or replaced; a `switchTo` inner signal's count is given back once
///   (``settle(_:)``, atomic); the result completes when it reaches zero.
/// - `liveFrom` is atomic: events of a generation below it (replaced inner signals) are dropped
///   by the gate's owner, which also delivers everything else (``SerializedSink``'s discipline).
/// - `waiting` and `runningLimited` are read and written with `queueLock` held; the queued inner
///   signals are started by passes of `trampoline` (constant stack).
@usableFromInline
final class FlattenRun<Stage: FlattenStage>: SerializedSink<
  Stage.Value, Stage.Failure, InnerDelivery<Stage.Value, Stage.Failure>
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage
  /// The stage's state and what `switchTo` keeps: the receiver's delivery's alone.
  @usableFromInline let receiverSide: FlattenReceiverSide<Stage>
  /// The receiver's subscription.
  @usableFromInline let outerScope: SubscriptionScope
  @usableFromInline let active = Atomic<Int>(1)
  @usableFromInline let liveFrom = Atomic<Int>(0)
  /// The latest `switchTo` generation whose count was given back (see ``settle(_:)``).
  @usableFromInline let settledThrough = Atomic<Int>(0)
  @usableFromInline let queueLock = Lock()
  /// Unchecked, both: with the checks, each inner of `flatten(maxConcurrent: 2)` costs 1.6–1.8 %
  /// more instructions for each (W14, `Benchmarks/RESULTS.md`, session 32).
  @usableFromInline @exclusivity(unchecked) var waiting = RingBuffer<
    Signal<Stage.Value, Stage.Failure>
  >()
  @usableFromInline @exclusivity(unchecked) var runningLimited = 0
  @usableFromInline let trampoline = Trampoline()

  @inlinable
  init(
    _ stage: Stage, sink: @escaping Signal<Stage.Value, Stage.Failure>.Sink,
    scope: SubscriptionScope
  ) {
    self.stage = stage
    receiverSide = FlattenReceiverSide(state: stage.makeState())
    outerScope = scope.makeChild()
    super.init(sink: sink, scope: scope)
  }

  /// An event of the receiver.
  @inlinable
  func receiveOuter(_ event: Event<Stage.Input, Stage.Failure>) {
    let receiverSide = self.receiverSide
    if receiverSide.ended { return }
    switch event {
    case .next(let value):
      stage.receive(value, state: &receiverSide.state, inners: InnerSignals(self))
    case .error(let error):
      send(.error(error), generation: .max)
    case .completed:
      endReceiver()
    }
  }

  /// The receiver completed, or ``InnerSignals/endReceiver()``: its subscription ends, and its
  /// count is given back.
  @inlinable
  func endReceiver() {
    receiverSide.ended = true
    scope.endChild(outerScope)
    finishOne()
  }

  /// Delivers `event` of an inner signal of `generation` (or the receiver's error), serialized,
  /// unless `switchTo` replaced that inner signal since.
  ///
  /// A guarded place of delivery (``StackGuard``): an event that arrives with the stack too deep
  /// is delivered from the thread's outermost frame instead (``sendFromLoop(_:generation:)``).
  /// Each inner signal's events climb one level per merge, and the checkpoints of a chain sit
  /// where its subscriptions were deferred — which may be the receivers' subscriptions, off
  /// this path: a `flattenMap` recursing into itself 10,000 deep, whose receivers' subscriptions
  /// the guard deferred by depth, delivered its last value 10,000 merges up with no checkpoint
  /// in between.
  @inlinable
  func send(_ event: Event<Stage.Value, Stage.Failure>, generation: Int) {
    if StackGuard.entry() == .deep {
      sendFromLoop(event, generation: generation)
      return
    }
    sendNow(event, generation: generation)
  }

  /// ``send(_:generation:)`` without the look at the stack, for the events of a synchronous
  /// inner signal: they arrive at the depth of the receiver's value that started it, one frame
  /// deeper, and the receiver's delivery is bounded by the chain's checkpoints. (The look costs
  /// about 17 instructions per event; W4's inner signals are all synchronous.)
  @inlinable @inline(__always)
  func sendNow(_ event: Event<Stage.Value, Stage.Failure>, generation: Int) {
    // Straight through the gate, not through `perform(_:_:)`: two frames less per level of a
    // chain of merges.
    gate.perform(InnerDelivery(event, generation: generation)) { deliver($0) }
  }

  /// Delivers `delivery` downstream, where the gate serializes it.
  @inlinable @inline(__always)
  func deliver(_ delivery: InnerDelivery<Stage.Value, Stage.Failure>) {
    if latch.isClosed || scope.isDisposed { return }
    // Generation 0 (`start`'s inner signals, never replaced) needs no look at `liveFrom`.
    if delivery.generation != 0, delivery.generation < liveFrom.load(ordering: .acquiring) {
      return
    }
    if latch.admit(delivery.event) { emit(delivery.event, to: sink) }
  }

  /// ``send(_:generation:)`` with the stack too deep: the event is delivered by the loop of the
  /// thread's outermost frame. The gate stays owned until then, so events sent meanwhile — from
  /// this thread, shallower, or from another — queue behind it and keep their order.
  @usableFromInline
  func sendFromLoop(_ event: Event<Stage.Value, Stage.Failure>, generation: Int) {
    let delivery = InnerDelivery(event, generation: generation)
    if gate.tryEnter() {
      StackGuard.deferWork {
        self.deliver(delivery)
        self.gate.leave { self.deliver($0) }
      }
    } else if gate.enqueue(delivery) {
      // The gate was freed meanwhile: this call owns it, and the loop drains it.
      StackGuard.deferWork { self.gate.drain { self.deliver($0) } }
    }
  }

  /// One count of `active` given back; the last sends the completion.
  @inlinable
  func finishOne() {
    if active.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
      send(.completed, generation: .max)
    }
  }

  /// Whether an inner signal runs or waits.
  @inlinable
  var hasInnerSignals: Bool { active.load(ordering: .acquiring) > 1 }

  /// ``InnerSignals/start(_:)``.
  @inlinable
  func start(_ inner: Signal<Stage.Value, Stage.Failure>) {
    if stage.concurrencyLimit == .max {
      subscribeInner(inner, limited: false)
      return
    }
    active.wrappingAdd(1, ordering: .relaxed)
    queueLock.lock()
    waiting.append(inner)
    queueLock.unlock()
    startWaiting()
  }

  /// ``InnerSignals/switchTo(_:)``.
  @inlinable
  func switchTo(_ inner: Signal<Stage.Value, Stage.Failure>) {
    precondition(stage.concurrencyLimit == .max, "switchTo(_:) in a stage with a limit")
    let receiverSide = self.receiverSide
    let previousGeneration = receiverSide.generation
    receiverSide.generation += 1
    let latest = receiverSide.generation
    liveFrom.store(latest, ordering: .releasing)
    if let previous = receiverSide.current {
      receiverSide.current = nil
      scope.endChild(previous)
      if settle(previousGeneration) { finishOne() }
    }
    if scope.isDisposed { return }
    if let path = inner.synchronousPath {
      inner.subscribe(
        path,
        stage: { event in
          if case .completed = event { return }
          sendNow(event, generation: latest)
        }, scope: SynchronousScope(scope))
      return
    }
    active.wrappingAdd(1, ordering: .relaxed)
    // A plain child scope, and a sink that holds the run: nothing the subscription holds holds
    // the run back, so a subscription nobody ends is freed with its sources.
    let child = scope.makeChild()
    receiverSide.current = child
    inner.subscribe(
      sink: { event in
        if case .completed = event {
          self.scope.endChild(child)
          if self.settle(latest) { self.finishOne() }
        } else {
          self.send(event, generation: latest)
        }
      }, scope: child)
  }

  /// Whether this call is the first to give back the count of the `switchTo` inner signal of
  /// `generation` (it completed, or it was replaced: whichever comes first). Generations are
  /// settled in order: the one before is settled by the `switchTo` that starts the next.
  @inlinable
  func settle(_ generation: Int) -> Bool {
    var settled = settledThrough.load(ordering: .relaxed)
    while settled < generation {
      let (exchanged, original) = settledThrough.compareExchange(
        expected: settled, desired: generation, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      settled = original
    }
    return false
  }

  /// Runs a synchronous inner signal of `start` on the stack. It delivers everything before this
  /// returns and only reads its scope's disposed flag, so it runs in this subscription's own
  /// scope: no child scope, nothing added to the parent, not counted (the receiver, which is
  /// delivering, holds a count until it ends). (`switchTo` runs one the same way, with its
  /// generation: a stage capturing one value less here is 10 instructions less per inner signal
  /// on W4.)
  @inlinable @inline(__always)
  func runSynchronously(
    _ inner: Signal<Stage.Value, Stage.Failure>, _ path: SynchronousPath<Stage.Value, Stage.Failure>
  ) {
    inner.subscribe(
      path,
      stage: { event in
        if case .completed = event { return }
        sendNow(event, generation: 0)
      }, scope: SynchronousScope(scope))
  }

  /// Starts queued inner signals while fewer than the limit run: now, or — when a pass is
  /// already running, on this thread or another — right after it, on the thread running it.
  @inlinable
  func startWaiting() {
    trampoline.request { startWaitingPass() }
  }

  /// One pass of ``startWaiting()``. Inlinable, though it runs once per queued inner signal:
  /// the inner sink that ``subscribeInner(_:limited:)`` makes here is compiled where this is, and
  /// compiled once for every type (in the library) it looked up generic metadata about twelve
  /// times per inner event (W14, `flatten(maxConcurrent: 2)`: `Benchmarks/RESULTS.md`, session 32).
  @inlinable
  func startWaitingPass() {
    let limit = stage.concurrencyLimit
    while !scope.isDisposed {
      queueLock.lock()
      guard runningLimited < limit, let next = waiting.popFirst() else {
        queueLock.unlock()
        return
      }
      runningLimited += 1
      queueLock.unlock()
      subscribeInner(next, limited: true)
    }
  }

  /// Subscribes `inner` (`start`), counted in `active` already when it is `limited` (it was
  /// queued).
  @inlinable @inline(__always)
  func subscribeInner(_ inner: Signal<Stage.Value, Stage.Failure>, limited: Bool) {
    if scope.isDisposed { return }
    if let path = inner.synchronousPath {
      runSynchronously(inner, path)
      if limited { innerFinished(limited: true) }
      return
    }
    if !limited { active.wrappingAdd(1, ordering: .relaxed) }
    let child = FlattenInnerScope(run: self, limited: limited)
    scope.add(child)
    // The sink captures only the child, which knows the run: a closure with one class reference
    // needs no context allocation.
    inner.subscribe(
      sink: { [child] event in
        // The child holds the run while it delivers: no reference count per event.
        child.run(as: Stage.self) { run in
          if case .completed = event {
            run.scope.endChild(child, holdsMembership: true)
            run.innerFinished(limited: child.limited)
          } else {
            run.send(event, generation: 0)
          }
        }
      }, scope: child)
  }

  /// An inner signal completed: a queued one may start, and its count is given back.
  @inlinable
  func innerFinished(limited: Bool) {
    if limited {
      queueLock.lock()
      runningLimited -= 1
      queueLock.unlock()
      startWaiting()
    }
    finishOne()
  }
}

/// What only the receiver's delivery touches in a ``FlattenRun``: the stage's state and what
/// `switchTo` keeps.
///
/// Lock discipline: every field is touched only where the receiver delivers, one event at a
/// time.
@usableFromInline
final class FlattenReceiverSide<Stage: FlattenStage> {
  /// Only `bind`'s stage has a state (its block). Unchecked: with the check, a send into a `bind`
  /// costs 19 % more instructions (W19, 720 → 858: `Benchmarks/RESULTS.md`, session 32). Lock
  /// discipline: touched only where the receiver delivers, one event at a time.
  @usableFromInline @exclusivity(unchecked) var state: Stage.State
  /// Whether the receiver's subscription ended (``FlattenRun/endReceiver()``).
  @usableFromInline @exclusivity(unchecked) var ended = false
  /// The generation of the latest inner signal `switchTo` started. Unchecked: with the check,
  /// `switchToLatest` costs 9.4 % more instructions per inner (W15, `Benchmarks/RESULTS.md`,
  /// session 32).
  @usableFromInline @exclusivity(unchecked) var generation = 0
  /// The scope of the inner signal `switchTo` started last, while it runs. Unchecked: with the
  /// check, `switchToLatest` costs 9.1 % more instructions per inner (W15, as above).
  @usableFromInline @exclusivity(unchecked) var current: SubscriptionScope?

  @inlinable init(state: Stage.State) { self.state = state }
}

/// The scope of one inner subscription of a ``FlattenRun`` started with
/// ``InnerSignals/start(_:)``, holding the run so that the inner sink can reach it through its
/// scope alone.
///
/// The run holds the scope it delivers into, which for an operator on an operator (`flatten`
/// built in a loop) is the inner scope of the one below: the run is held through a
/// ``ChainReference``, let go of from `deinit`, so that releasing a 100,000-deep chain of them
/// once its subscription has ended takes bounded stack.
///
/// Not generic, so that a ``ListMembership`` can find it by its class: the run's scope holds
/// thousands of these at once in a `flattenMap` with many live inner signals, and removes each
/// through its membership (a load and a compare) instead of hashing it into an index. The inner
/// sink, compiled for the run's type, reads the run back with ``run(as:)``.
///
/// Lock discipline: `runReference` and `limited` are immutable; `listMembership` follows
/// ``ListMembership``'s (only the holding list touches it, under its scope's lock); the scope's
/// own state follows ``SubscriptionScope``'s.
// Lock discipline: as written just above (immutable fields, the membership's and the scope's).
@usableFromInline
final class FlattenInnerScope: SubscriptionScope, @unchecked Sendable {
  /// The run (a ``FlattenRun``), held as an object of no particular type: see ``run(as:)``.
  @usableFromInline let runReference: ChainReference<AnyObject>
  /// Whether the inner signal was queued: it holds one of the limited places.
  @usableFromInline let limited: Bool
  /// Its place among the run scope's children, once that list is large.
  @usableFromInline let listMembership = ListMembership()

  @inlinable
  init<Stage: FlattenStage>(run: FlattenRun<Stage>, limited: Bool) {
    runReference = ChainReference(run)
    self.limited = limited
    super.init(chainedChildOf: run.scope)
  }

  /// Runs `body` with the run, without a reference count (the caller holds this scope). `Stage`
  /// must be the run's: it is, for the one caller, the inner sink that ``FlattenRun`` made for
  /// this scope. A checked cast (`as!`) here would be a dynamic cast per inner event; the
  /// membership this non-generic class makes possible takes S3 from 7,310 to 6,895 instructions
  /// per inner (`Benchmarks/RESULTS.md`, session 32).
  @inlinable @inline(__always)
  func run<Stage: FlattenStage>(
    as stage: Stage.Type, _ body: (FlattenRun<Stage>) -> Void
  ) {
    // Measured: S3 7,310 -> 6,895 instructions per inner (`Benchmarks/RESULTS.md`, session 32).
    runReference.withObject { body(unsafeDowncast($0, to: FlattenRun<Stage>.self)) }
  }

  deinit { runReference.release(atLoopPoint: ChainDepth.isScopeLoopPoint(downstreamDepth)) }
}
