/// The signal of an operator built on the stage template: its input and its ``SignalStage``, in
/// one object (see ``Signal/appending(_:name:)``, which makes it).
///
/// A `filter` built right on it, while nothing else references it yet, joins it instead of
/// making a signal of its own (see ``joinFilter(_:)``): one signal less per chain and, per event,
/// one stage less — for every template operator, not one in particular.
///
/// Lock discipline: `joinedFilter` and `hasJoinedFilter` are written only by ``joinFilter(_:)``,
/// which `filter` calls while its thread holds the only reference to the signal — before anyone
/// else can read them. Everything else is immutable.
@usableFromInline
final class StageSignal<Stage: SignalStage>: InputSignal<
  Stage.Input, Stage.InputFailure, Stage.Value, Stage.Failure
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage
  /// The joined filter's predicate when `hasJoinedFilter`, else one that passes everything. Not
  /// an optional: a function stored in an optional would be wrapped in a reabstraction thunk (an
  /// allocation). Set in the inlinable initializers rather than by a default value, which an
  /// unspecialized function would build, with a closure context (an allocation per signal).
  @usableFromInline @exclusivity(unchecked) var joinedFilter: (Stage.Value) -> Bool
  /// Whether a `filter` joined this signal.
  @usableFromInline @exclusivity(unchecked) var hasJoinedFilter = false

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Stage.Input, Stage.InputFailure>, stage: Stage,
    subscribe: @escaping SubscribeFunction
  ) {
    self.stage = stage
    joinedFilter = { _ in true }
    // A stage sends only while one of its input's events is delivered, a joined filter too: its
    // events arrive where the input's do — unless it ends as it starts (`take(0)`), on the thread
    // that subscribes.
    super.init(
      name: name, source: source,
      deliveryActor: stage.completesAtStart ? nil : source.deliveryActor, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Stage.Input, Stage.InputFailure>,
    stage: Stage, subscribe: @escaping SynchronousPath<Stage.Value, Stage.Failure>.Function
  ) {
    self.stage = stage
    joinedFilter = { _ in true }
    super.init(synchronous: name, source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `StageSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Stage.Value, Stage.Failure>) -> StageSignal {
    unsafeDowncast(signal, to: StageSignal.self)
  }

  @usableFromInline
  override func currentNameNode() -> SignalNameNode {
    if hasJoinedFilter, case .applied(nil, let label, let detail) = nameNode {
      return .applied(nil, label, detail.then("filter:"))
    }
    return nameNode
  }

  @usableFromInline
  override func joinFilter(_ isIncluded: @escaping (Stage.Value) -> Bool) -> Bool {
    // Both subscribe functions of the template apply the predicate (the caller checks that the
    // signal has no name of its own and that it holds the only reference).
    if hasJoinedFilter { return false }
    joinedFilter = isIncluded
    hasJoinedFilter = true
    return true
  }

  @usableFromInline
  override func describeState() -> String { String(describing: stage) }
}

/// One subscription's run of a stage that delivers over time: the stage, its state and where it
/// sends, in one object that the stage closure captures alone (a closure capturing several
/// values would unpack a context box on every event).
///
/// Lock discipline: none needed — upstream delivers serially, so `state` is changed by one event
/// at a time.
@usableFromInline
final class StageRun<Stage: SignalStage> {
  @usableFromInline let stage: Stage
  @usableFromInline @exclusivity(unchecked) var state: Stage.State
  @usableFromInline let sink: Signal<Stage.Value, Stage.Failure>.Sink

  @inlinable
  init(_ stage: Stage, sink: @escaping Signal<Stage.Value, Stage.Failure>.Sink) {
    self.stage = stage
    state = stage.makeState()
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: inout Event<Stage.Input, Stage.InputFailure>) {
    stage.receive(&event, state: &state, send: sink)
  }
}

/// ``StageRun`` of a stage that a `filter` joined: what the stage sends passes the predicate
/// first. `state` unchecked as ``StageRun``'s: with the check, a subject → `scan` → `filter`
/// costs 94 % more instructions per send (W18, `Benchmarks/RESULTS.md`, session 32).
///
/// Lock discipline: as ``StageRun``.
@usableFromInline
final class FilteredStageRun<Stage: SignalStage> {
  @usableFromInline let stage: Stage
  @usableFromInline @exclusivity(unchecked) var state: Stage.State
  @usableFromInline let isIncluded: (Stage.Value) -> Bool
  @usableFromInline let sink: Signal<Stage.Value, Stage.Failure>.Sink

  @inlinable
  init(
    _ stage: Stage, isIncluded: @escaping (Stage.Value) -> Bool,
    sink: @escaping Signal<Stage.Value, Stage.Failure>.Sink
  ) {
    self.stage = stage
    state = stage.makeState()
    self.isIncluded = isIncluded
    self.sink = sink
  }

  @inlinable @inline(__always)
  func receive(_ event: inout Event<Stage.Input, Stage.InputFailure>) {
    stage.receive(&event, state: &state) { if $0.passes(isIncluded) { sink(&$0) } }
  }
}

extension Signal {
  /// The stage template: the operator that runs `stage` on the receiver's events, named `name`.
  ///
  /// It subscribes to the receiver once per subscription, with a new ``SignalStage/State``.
  /// On a receiver that delivers during `subscribe` (``isSynchronous``), the result does too
  /// (unless the stage may end before its input: ``SignalStage/mayEndBeforeInput``),
  /// and each subscription runs the stage on the stack: no allocation. On any other, a
  /// subscription keeps the stage and its state in one ``StageRun``. The result's events arrive
  /// where the receiver's do (``deliveryActor``); releasing a chain of them takes bounded stack
  /// (``InputSignal``).
  ///
  /// ```swift
  /// public func skip(_ count: Int) -> Signal<Value, Failure> {
  ///   appending(SkipStage(count: count), name: .inputCount("skip:", count))
  /// }
  /// ```
  @inlinable
  consuming func appending<Stage: SignalStage>(
    _ stage: Stage, name: SignalNameNode
  ) -> Signal<Stage.Value, Stage.Failure>
  where Stage.Input == Value, Stage.InputFailure == Failure {
    typealias Op = StageSignal<Stage>
    let source = consume self
    if !Stage.mayEndBeforeInput, source.canExtendSynchronously {
      return Op(synchronous: name, source: source, stage: stage) { signal, sink, scope in
        let op = Op.cast(signal)
        if op.stage.completesAtStart { return emit(.completed, to: sink) }
        var state = op.stage.makeState()
        // The source is synchronous: this signal was made synchronous only then. The stage is
        // read in place from `op`, which the caller holds for the whole call: copying it out
        // would retain and release its closures once per subscription.
        if op.hasJoinedFilter {
          let isIncluded = op.joinedFilter
          op.subscribeInputSynchronously(
            stage: { event in
              op.stage.receive(&event, state: &state) { if $0.passes(isIncluded) { sink(&$0) } }
            }, scope: scope)
        } else {
          op.subscribeInputSynchronously(
            stage: { op.stage.receive(&$0, state: &state, send: sink) }, scope: scope)
        }
      }
    }
    return Op(name: name, source: source, stage: stage) { signal, sink, scope in
      let op = Op.cast(signal)
      if op.stage.completesAtStart { return emit(.completed, to: sink) }
      if op.hasJoinedFilter {
        let run = FilteredStageRun(op.stage, isIncluded: op.joinedFilter, sink: sink)
        op.subscribeInput(sink: { run.receive(&$0) }, scope: scope)
      } else {
        let run = StageRun(op.stage, sink: sink)
        op.subscribeInput(sink: { run.receive(&$0) }, scope: scope)
      }
    }
  }
}
