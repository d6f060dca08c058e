/// The signal of an operator built on the paired template: its receiver (kept, named and
/// released by ``InputSignal``) and its ``PairedStage``, which holds the other signal.
///
/// Lock discipline: immutable.
@usableFromInline
final class PairedSignal<Stage: PairedStage>: InputSignal<
  Stage.Input, Stage.InputFailure, Stage.Value, Stage.Failure
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage

  @inlinable
  init(
    label: OperatorLabel, source: Signal<Stage.Input, Stage.InputFailure>, stage: Stage,
    subscribe: @escaping SubscribeFunction
  ) {
    self.stage = stage
    super.init(name: .inputWithState(label), source: source, subscribe: subscribe)
  }

  /// `signal`, which must be a `PairedSignal` of this type: the template's subscribe function
  /// gets the signal it belongs to.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Stage.Value, Stage.Failure>) -> PairedSignal {
    unsafeDowncast(signal, to: PairedSignal.self)
  }

  /// The other signal's name follows the label: `[input] -sample: other`.
  @usableFromInline
  override func describeState() -> String { stage.other.name }
}

extension Signal {
  /// The paired template: the signal of an operator over the receiver and `stage.other`, named
  /// `label` followed by the other signal's name (see ``PairedStage``).
  @inlinable
  func appending<Stage: PairedStage>(paired stage: Stage, name label: OperatorLabel)
    -> Signal<Stage.Value, Stage.Failure>
  where Stage.Input == Value, Stage.InputFailure == Failure {
    PairedSignal(label: label, source: self, stage: stage) { signal, sink, scope in
      let op = PairedSignal<Stage>.cast(signal)
      let run = PairedRun(op.stage, sink: sink, scope: scope)
      if Stage.otherFirst {
        op.stage.other.subscribe(sink: { run.perform(.other($0)) }, scope: run.otherScope)
        if scope.isDisposed || run.inputScope.isDisposed { return }
        op.subscribeInput(sink: { run.perform(.input($0)) }, scope: run.inputScope)
      } else {
        op.subscribeInput(sink: { run.perform(.input($0)) }, scope: run.inputScope)
        if scope.isDisposed || run.otherScope.isDisposed { return }
        op.stage.other.subscribe(sink: { run.perform(.other($0)) }, scope: run.otherScope)
      }
    }
  }
}

/// One subscription of a ``PairedStage``: the stage, its state and a child scope per input,
/// with both inputs' events passing through its ``SerializedSink`` base.
///
/// Lock discipline: ``SerializedSink``'s; `state`, `inputEnded` and `otherEnded` are touched
/// only by the owner of the gate; the scopes and the stage are immutable.
@usableFromInline
final class PairedRun<Stage: PairedStage>: SerializedSink<
  Stage.Value, Stage.Failure,
  PairedEvent<Stage.Input, Stage.InputFailure, Stage.Other, Stage.OtherFailure>
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage
  @usableFromInline var state: Stage.State
  /// The receiver's subscription.
  @usableFromInline let inputScope: SubscriptionScope
  /// The other signal's subscription.
  @usableFromInline let otherScope: SubscriptionScope
  /// Whether the receiver's subscription ended. Owner of the gate only.
  @usableFromInline var inputEnded = false
  /// Whether the other signal's subscription ended. Owner of the gate only.
  @usableFromInline var otherEnded = false

  @inlinable
  init(
    _ stage: Stage, sink: @escaping Signal<Stage.Value, Stage.Failure>.Sink,
    scope: SubscriptionScope
  ) {
    self.stage = stage
    state = stage.makeState()
    inputScope = scope.makeChild()
    otherScope = scope.makeChild()
    super.init(sink: sink, scope: scope)
  }

  /// Runs the stage on `event`, serialized with the other input's events (from either input's
  /// thread).
  @inlinable
  func perform(
    _ event: PairedEvent<Stage.Input, Stage.InputFailure, Stage.Other, Stage.OtherFailure>
  ) {
    perform(event) { execute($0) }
  }

  /// Owner of the gate only, through ``SerializedSink/perform(_:_:)`` (so not after the output
  /// finished or the scope was disposed).
  @inlinable
  func execute(
    _ event: PairedEvent<Stage.Input, Stage.InputFailure, Stage.Other, Stage.OtherFailure>
  ) {
    switch event {
    case .input(let input):
      if inputEnded { return }
      stage.receive(event, state: &state, output: PairedOutput(self))
      if input.isTerminal { endInput() }
    case .other(let other):
      if otherEnded { return }
      stage.receive(event, state: &state, output: PairedOutput(self))
      if other.isTerminal { endOther() }
    }
    // A terminal event sent ends both inputs at once: the subscription's scope is disposed only
    // when the event reaches the subscriber, which a later stage may hold back (`delay`), and
    // the input not subscribed yet must not be.
    if latch.isClosed {
      endInput()
      endOther()
    }
  }

  /// Ends the receiver's subscription: its later events are dropped. Owner of the gate only.
  @inlinable
  func endInput() {
    if inputEnded { return }
    inputEnded = true
    scope.endChild(inputScope)
  }

  /// Ends the other signal's subscription: its later events are dropped. Owner of the gate only.
  @inlinable
  func endOther() {
    if otherEnded { return }
    otherEnded = true
    scope.endChild(otherScope)
  }
}

/// What a ``PairedStage`` sends with, for as long as its `receive` runs: the events it
/// produces, and the end of either input's subscription.
@usableFromInline
struct PairedOutput<Stage: PairedStage> {
  @usableFromInline let run: PairedRun<Stage>

  @inlinable init(_ run: PairedRun<Stage>) { self.run = run }

  /// Sends `event` downstream; a terminal event ends the subscription: nothing is sent after it,
  /// and both inputs' subscriptions end (an input not subscribed yet never is).
  @inlinable @inline(__always)
  func send(_ event: Event<Stage.Value, Stage.Failure>) { run.deliver(event) }

  /// Ends the receiver's subscription now: it is disposed, and its later events never reach
  /// the stage.
  @inlinable func endInput() { run.endInput() }

  /// Ends the other signal's subscription now: it is disposed, and its later events never reach
  /// the stage.
  @inlinable func endOther() { run.endOther() }
}
