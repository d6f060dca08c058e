/// What an operator with one input does when it needs each subscription itself rather than
/// each event — work when a subscription starts or ends (`startWith`, `initially`,
/// `doDisposed`), an input subscribed again (`repeat`, `retry`), values held until the input
/// completes and sent one by one while the subscription lasts (`takeLast`, `collect`): the
/// template for the single-input operators a ``SignalStage`` cannot express (CONTRIBUTING,
/// "An operator that needs each subscription").
///
/// A subscribing stage is a small struct of the operator's parameters, with their declared
/// types, and one ``subscribe(_:sink:scope:)``, which runs one subscription: it subscribes the
/// input through `input` (or does not), sends with `sink`, and ends work through `scope`. The
/// template (``Signal/appending(subscribing:name:)``) keeps the input, names the signal, and
/// releases a chain of any length in bounded stack; it hands the stage to each subscription
/// without a downcast in the operator's code.
///
/// ```swift
/// struct InitiallyStage<Value, Failure: Error>: SubscribingStage {
///   typealias Input = Value
///   typealias InputFailure = Failure
///   let body: () -> Void
///   func subscribe(
///     _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
///     scope: SubscriptionScope
///   ) {
///     body()
///     if scope.isDisposed { return }
///     input.subscribe(sink: sink, scope: scope)
///   }
/// }
/// ```
///
/// Per-subscription state lives where the stage puts it: locals of `subscribe` captured by the
/// sink it subscribes with, or one final class that the sink captures alone (CONTRIBUTING,
/// rule 4). The rules of "An operator that needs each subscription" apply inside `subscribe`.
@usableFromInline
protocol SubscribingStage<Value, Failure> {
  /// The type of the input's values.
  associatedtype Input
  /// The input's failure.
  associatedtype InputFailure: Error
  /// The type of the values the operator sends.
  associatedtype Value
  /// The failure the operator sends.
  associatedtype Failure: Error

  /// Whether the operator sends only while one of its input's events is delivered (`doNext`):
  /// its events then arrive where the input's do, so a stage after it on the same actor needs
  /// no hop (``Signal/deliveryActor``). `false` unless a stage says otherwise.
  static var sendsOnInputDelivery: Bool { get }

  /// The actor the operator's events arrive on when the chain shows it (``Signal/deliveryActor``),
  /// given its input's, `inputActor`: that one when ``sendsOnInputDelivery``, else none. A stage
  /// that delivers on one actor whatever its input does says which (`deliverOnMainThread`: the
  /// main actor; the hop of the isolation rule: the actor it carries events to).
  func deliveryActor(after inputActor: ObjectIdentifier?) -> ObjectIdentifier?

  /// Runs one subscription, which sends into `sink` and lives in `scope`.
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope)
}

extension SubscribingStage {
  @inlinable @inline(__always)
  static var sendsOnInputDelivery: Bool { false }

  @inlinable @inline(__always)
  func deliveryActor(after inputActor: ObjectIdentifier?) -> ObjectIdentifier? {
    Self.sendsOnInputDelivery ? inputActor : nil
  }
}

/// The input of a ``SubscribingStage``, for as long as its `subscribe` runs, or as long as a
/// closure that captures it lives: it holds the operator's signal, and so the input
/// (`subscribe(on:)` subscribes from an action scheduled on another thread).
@usableFromInline
struct StageInput<Stage: SubscribingStage>: Sendable {
  @usableFromInline let signal: SubscribingSignal<Stage>

  @inlinable init(_ signal: SubscribingSignal<Stage>) { self.signal = signal }

  /// Subscribes `sink` to the input, in `scope` (guarded: a chain of any length subscribes in
  /// bounded stack).
  @inlinable @inline(__always)
  func subscribe(
    sink: @escaping Signal<Stage.Input, Stage.InputFailure>.Sink, scope: SubscriptionScope
  ) {
    signal.subscribeInput(sink: sink, scope: scope)
  }

  /// The input signal itself, for a stage that keeps it past this call to subscribe it again
  /// (`repeat`, `retry`).
  @inlinable var source: Signal<Stage.Input, Stage.InputFailure> { signal.source }

  /// The stage, read from the operator's signal: for a closure that keeps the signal, and so the
  /// input, alive for as long as it lives, by capturing `input` rather than the stage's
  /// properties (`catch`).
  @inlinable var stage: Stage { signal.stage }
}

/// The signal of an operator built on the subscribing template: its input (kept, named and
/// released by ``InputSignal``) and its ``SubscribingStage``.
///
/// Lock discipline: immutable.
@usableFromInline
final class SubscribingSignal<Stage: SubscribingStage>: InputSignal<
  Stage.Input, Stage.InputFailure, Stage.Value, Stage.Failure
>, @unchecked Sendable
{
  @usableFromInline let stage: Stage

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Stage.Input, Stage.InputFailure>, stage: Stage,
    subscribe: @escaping SubscribeFunction
  ) {
    self.stage = stage
    super.init(
      name: name, source: source,
      deliveryActor: stage.deliveryActor(after: source.deliveryActor),
      subscribe: subscribe)
  }

  /// `signal`, which must be a `SubscribingSignal` of this type: the template's subscribe
  /// function gets the signal it belongs to.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Stage.Value, Stage.Failure>) -> SubscribingSignal {
    unsafeDowncast(signal, to: SubscribingSignal.self)
  }

  @usableFromInline
  override func describeState() -> String { String(describing: stage) }
}

extension Signal {
  /// The subscribing template: the signal of an operator that runs each subscription with
  /// `stage` (see ``SubscribingStage``).
  @inlinable
  func appending<Stage: SubscribingStage>(subscribing stage: Stage, name: SignalNameNode)
    -> Signal<Stage.Value, Stage.Failure>
  where Stage.Input == Value, Stage.InputFailure == Failure {
    SubscribingSignal(name: name, source: self, stage: stage) { signal, sink, scope in
      let op = SubscribingSignal<Stage>.cast(signal)
      op.stage.subscribe(StageInput(op), sink: sink, scope: scope)
    }
  }
}
