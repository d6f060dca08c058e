/// What a single-input operator does to the events of one subscription: the one thing an
/// operator built on the stage template writes (CONTRIBUTING, "Writing an operator").
///
/// A stage is a small struct that keeps the operator's parameters (the user's closures, a count)
/// with their declared types. For each subscription the template makes the stage's ``State``,
/// then hands every input event to ``receive(_:state:send:)``, which sends what it produces
/// with `send`. Everything else is the template's (``Signal/appending(_:name:)``): subscribing to
/// the input, the synchronous path, where events arrive (a stage sends only while one of its
/// input's events is delivered), the name, releasing a chain in bounded stack, and joining a
/// `filter` that follows the stage.
///
/// ```swift
/// struct SkipStage<Value, Failure: Error>: SignalStage {
///   typealias Input = Value
///   typealias InputFailure = Failure
///   let count: Int
///   func makeState() -> Int { count }
///   func receive(
///     _ event: inout Event<Value, Failure>, state: inout Int, send: Signal<Value, Failure>.Sink
///   ) {
///     if case .next = event, state > 0 { state -= 1 } else { send(&event) }
///   }
/// }
/// ```
///
/// Upstream delivers serially, so `state` needs no lock. `event` is passed `inout` so that
/// forwarding it as it is (`send(&event)`) copies nothing; a stage never changes or keeps it (a
/// subject hands the same event to each of its subscribers). Send a new event with
/// `emit(_:to:)`.
@usableFromInline
protocol SignalStage<Input, InputFailure, Value, Failure> {
  /// The type of the input's values.
  associatedtype Input
  /// The input's failure.
  associatedtype InputFailure: Error
  /// The type of the values the stage sends.
  associatedtype Value
  /// The failure the stage sends.
  associatedtype Failure: Error
  /// What one subscription keeps from one event to the next (`Void` for a stage that keeps
  /// nothing).
  associatedtype State = Void

  /// The state a new subscription starts with.
  func makeState() -> State

  /// Whether a subscription ends as soon as it starts: the template then sends `completed` and
  /// never subscribes to the input (`take(0)`). `false` unless a stage says otherwise.
  var completesAtStart: Bool { get }

  /// Whether the stage may send a terminal event before its input has (`take`, `take(while:)`).
  /// The template then never runs it on the synchronous path, where the input's subscription
  /// could share a scope that the early end does not dispose (an inner signal of a merge), and
  /// a source that never ends would never stop. `false` unless a stage says otherwise.
  static var mayEndBeforeInput: Bool { get }

  /// Handles one input event of a subscription, sending what it produces with `send` (the next
  /// stage, for as long as the call runs).
  func receive(
    _ event: inout Event<Input, InputFailure>, state: inout State,
    send: Signal<Value, Failure>.Sink)
}

extension SignalStage where State == Void {
  @inlinable @inline(__always)
  func makeState() {}
}

extension SignalStage {
  @inlinable @inline(__always)
  var completesAtStart: Bool { false }

  @inlinable @inline(__always)
  static var mayEndBeforeInput: Bool { false }
}
