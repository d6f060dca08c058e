/// What an operator over the receiver and one other signal does to the events of one
/// subscription (`sample`, `take(until:)`, `take(untilReplacement:)`, `withLatest(from:)`): the
/// one thing an operator built on the paired template writes (CONTRIBUTING, "An operator with a
/// second input").
///
/// Like a ``SignalStage``, a paired stage is a small struct of the operator's parameters — here
/// also the other signal, as ``other`` — with a per-subscription ``State`` and one
/// ``receive(_:state:output:)``, which gets the events of both inputs, one at a time, and sends
/// with `output`. Everything else is the template's (``Signal/appending(paired:name:)``):
/// subscribing to both inputs, each in a scope of its own and in the order ``otherFirst`` asks
/// for; serializing their events, whichever threads send them (so `state` needs no lock); one
/// terminal event at most; ending an input's subscription when it ends; the name
/// (`[input] -sample: other`) and releasing a chain in bounded stack.
///
/// ```swift
/// struct SampleStage<Value, Tick, Failure: Error>: PairedStage {
///   typealias Input = Value
///   typealias InputFailure = Failure
///   typealias OtherFailure = Failure
///   let other: Signal<Tick, Failure>
///   func makeState() -> Value? { nil }
///   func receive(
///     _ event: PairedEvent<Value, Failure, Tick, Failure>, state latest: inout Value?,
///     output: PairedOutput<Self>
///   ) {
///     switch event {
///     case .input(.next(let value)): latest = value
///     case .other(.next): if let latest { output.send(.next(latest)) }
///     case .input(let end), .other(let end): output.send(end.terminal())
///     }
///   }
/// }
/// ```
@usableFromInline
protocol PairedStage<Value, Failure> {
  /// The type of the receiver's values.
  associatedtype Input
  /// The receiver's failure.
  associatedtype InputFailure: Error
  /// The type of the other signal's values.
  associatedtype Other
  /// The other signal's failure.
  associatedtype OtherFailure: Error
  /// The type of the values the stage sends.
  associatedtype Value
  /// The failure the stage sends.
  associatedtype Failure: Error
  /// What one subscription keeps from one event to the next (`Void` for a stage that keeps
  /// nothing).
  associatedtype State = Void

  /// The second input. Its description follows the operator's label in the signal's name.
  var other: Signal<Other, OtherFailure> { get }

  /// Whether the other signal is subscribed before the receiver: `true` for an operator whose
  /// other signal can end the subscription before the receiver starts (`take(until:)`: a
  /// trigger that fires at once means the receiver is never subscribed) or must provide a value
  /// first (`withLatest(from:)`). `false` unless a stage says otherwise.
  static var otherFirst: Bool { get }

  /// The state a new subscription starts with.
  func makeState() -> State

  /// Handles one event of either input. Events of an input whose subscription ended (its
  /// terminal event, or ``PairedOutput/endInput()``) never arrive, nor does anything once a
  /// terminal event was sent.
  func receive(
    _ event: PairedEvent<Input, InputFailure, Other, OtherFailure>, state: inout State,
    output: PairedOutput<Self>)
}

extension PairedStage where State == Void {
  @inlinable @inline(__always)
  func makeState() {}
}

extension PairedStage {
  @inlinable @inline(__always)
  static var otherFirst: Bool { false }
}

/// An event of a ``PairedStage``: the receiver's, or the other signal's.
@usableFromInline
enum PairedEvent<Input, InputFailure: Error, Other, OtherFailure: Error> {
  /// An event of the receiver (the signal the operator is called on).
  case input(Event<Input, InputFailure>)
  /// An event of the other signal.
  case other(Event<Other, OtherFailure>)
}

extension Event {
  /// A terminal event as an event of any value type: a stage forwards its input's end with
  /// `send(end.terminal())`. Only for a terminal event.
  @inlinable
  func terminal<T>() -> Event<T, Failure> {
    switch self {
    case .error(let failure): .error(failure)
    case .completed: .completed
    case .next: preconditionFailure("terminal() of a value")
    }
  }
}
