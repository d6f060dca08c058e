/// The output of a subscription with several inputs — `merge`, `flattenMap`, `switchToLatest`,
/// `take(until:)`, `sample`, a timed operator whose scheduler sends alongside its source — delivered as the
/// event grammar requires, whichever thread sends.
///
/// Guarantee:
/// - events sent from several threads, or re-entrantly from the downstream sink itself, never
///   overlap downstream: each is delivered on its own, in the order the gate takes them;
/// - nothing is delivered after the first terminal event, nor once `scope` is disposed (checked
///   as each event's turn comes; that no handler starts after a `dispose()` from another thread
///   has returned is the promise of the handler scope at the subscription's end);
/// - no lock is held while the downstream sink runs, and a sender never waits for another
///   thread's delivery: a send that finds delivery in progress is queued and delivered by the
///   thread already delivering, right after its current event (``SerialGate``).
///
/// `Operation` is what the gate queues. A plain output queues events (`Event<Value, Failure>`)
/// and sends them with ``send(_:)``. An operator that must decide what to forward from state of
/// its own (which inner signal is the latest, whether the receiver was replaced) subclasses this
/// with an operation type of its own, runs each operation through ``perform(_:_:)``, and delivers
/// from inside it with ``deliver(_:)``.
///
/// An operator state whose own fields decide what to forward subclasses it (``PairedRun``,
/// ``FlattenRun``): holding one would cost an allocation per subscription and a pointer more to
/// follow on every event. A state that only forwards what it is given holds a
/// ``SerializedEventSink`` as its `output` instead (the timing operators). Its members are
/// `final`, so calls from inlined operator code are direct.
///
/// Lock discipline: every event and operation runs through `gate`, one at a time and with no lock
/// held, so `latch` — and any subclass field documented as "owner of the gate only" — is touched
/// only by the gate's current owner, without a lock (ownership passes between threads through the
/// gate's acquire/release operations). `sink` and `scope` are immutable; `scope.isDisposed` is an
/// atomic load.
@usableFromInline
class SerializedSink<Value, Failure: Error, Operation>: @unchecked Sendable {
  /// Where the events go; called by the gate's owner only, with nothing held.
  @usableFromInline final let sink: (inout Event<Value, Failure>) -> Void
  /// The subscription's scope: once it is disposed, nothing more is delivered.
  @usableFromInline final let scope: SubscriptionScope
  /// Serializes events and operations from every input.
  @usableFromInline final let gate = SerialGate<Operation>()
  /// Closed by the first terminal event delivered. Owner of `gate` only.
  @usableFromInline @exclusivity(unchecked) final var latch = TerminalLatch()

  /// An output delivering to `sink` for the subscription of `scope`.
  @inlinable
  init(sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    self.sink = sink
    self.scope = scope
  }

  /// Runs `execute(operation)` serialized with every other operation of this output, or drops
  /// the operation if a terminal event was delivered or `scope` was disposed before its turn.
  /// `execute` delivers with ``deliver(_:)``.
  ///
  /// Every call must pass the same `execute` (a subclass's own `execute(_:)`): an operation that
  /// finds the gate busy is queued alone, and the thread that owns the gate runs it with the
  /// `execute` of its own call.
  @inlinable
  final func perform(_ operation: Operation, _ execute: (Operation) -> Void) {
    gate.perform(operation) { operation in
      if latch.isClosed || scope.isDisposed { return }
      execute(operation)
    }
  }

  /// Owner of `gate` only, from inside ``perform(_:_:)``: delivers `event` downstream, unless an
  /// earlier one was terminal. A terminal event closes the output.
  @inlinable @inline(__always)
  final func deliver(_ event: Event<Value, Failure>) {
    if latch.admit(event) { emit(event, to: sink) }
  }
}

extension SerializedSink where Operation == Event<Value, Failure> {
  /// Delivers `event` downstream, serialized with every other event of this output, unless a
  /// terminal event was delivered or `scope` was disposed before its turn. Callable from any
  /// thread, and re-entrantly from the sink.
  @inlinable
  final func send(_ event: Event<Value, Failure>) {
    gate.perform(event) { event in
      if scope.isDisposed { return }
      if latch.admit(event) { emit(event, to: sink) }
    }
  }
}

/// A ``SerializedSink`` whose operations are the events themselves: the plain serialized output,
/// sent to with ``SerializedSink/send(_:)``.
@usableFromInline
typealias SerializedEventSink<Value, Failure: Error> = SerializedSink<
  Value, Failure, Event<Value, Failure>
>
