/// What an operator that turns the receiver's values into inner signals does with each value
/// (`flatten`, `flattenMap`, `flatten(maxConcurrent:)`, `switchToLatest`, `flattenMapFirst`):
/// the one thing an operator built on the inner-signal template writes (CONTRIBUTING, "An
/// operator with inner signals").
///
/// Like a ``SignalStage``, it is a small struct of the operator's parameters with a
/// per-subscription ``State`` and one ``receive(_:state:inners:)``, which gets each value of the
/// receiver and decides what to run: ``InnerSignals/start(_:)`` subscribes an inner signal
/// alongside the running ones (or queues it while ``concurrencyLimit`` run),
/// ``InnerSignals/switchTo(_:)`` disposes the running one first, and a value it starts nothing
/// for is dropped. Everything else is the template's (``Signal/appending(flatten:name:)``): the
/// inner signals' values and errors are forwarded, serialized whichever threads send them (and
/// none of a signal `switchTo` replaced); the receiver's error is forwarded; the result completes
/// when the receiver and every inner signal have completed; a synchronous inner signal runs on
/// the stack, queued ones in constant stack; disposal ends all of them; the name and the release
/// of a chain in bounded stack.
///
/// ```swift
/// struct FlattenMapStage<Input, Value, Failure: Error>: FlattenStage {
///   let transform: (Input) -> Signal<Value, Failure>
///   func receive(_ value: Input, state: inout Void, inners: InnerSignals<Self>) {
///     inners.start(transform(value))
///   }
/// }
/// ```
///
/// `receive` runs where the receiver delivers, one value at a time, so `state` needs no lock.
@usableFromInline
protocol FlattenStage<Value, Failure> {
  /// The type of the receiver's values.
  associatedtype Input
  /// The type of the inner signals' values, which the result sends.
  associatedtype Value
  /// The failure of the receiver and of the inner signals, which the result sends.
  associatedtype Failure: Error
  /// What one subscription keeps from one value to the next (`Void` for a stage that keeps
  /// nothing).
  associatedtype State = Void

  /// How many inner signals started with ``InnerSignals/start(_:)`` run at once; the others wait
  /// in a first-in, first-out queue. `Int.max` (no limit, no queue) unless a stage says
  /// otherwise. A stage with a limit never calls ``InnerSignals/switchTo(_:)``.
  var concurrencyLimit: Int { get }

  /// The state a new subscription starts with.
  func makeState() -> State

  /// Handles one value of the receiver: starts the inner signals it stands for with `inners`,
  /// or drops it.
  func receive(_ value: Input, state: inout State, inners: InnerSignals<Self>)
}

extension FlattenStage where State == Void {
  @inlinable @inline(__always)
  func makeState() {}
}

extension FlattenStage {
  @inlinable @inline(__always)
  var concurrencyLimit: Int { .max }
}

/// What a ``FlattenStage`` runs its inner signals with, for as long as its `receive` runs.
@usableFromInline
struct InnerSignals<Stage: FlattenStage> {
  @usableFromInline let run: FlattenRun<Stage>

  @inlinable init(_ run: FlattenRun<Stage>) { self.run = run }

  /// Subscribes `inner` now, alongside the inner signals that run — or, when the stage's
  /// ``FlattenStage/concurrencyLimit`` run already, once one of them completes.
  @inlinable @inline(__always)
  func start(_ inner: Signal<Stage.Value, Stage.Failure>) { run.start(inner) }

  /// Disposes the inner signal that runs, if any — none of its events is forwarded from now on —
  /// and subscribes `inner` in its place (`switchToLatest`).
  @inlinable
  func switchTo(_ inner: Signal<Stage.Value, Stage.Failure>) { run.switchTo(inner) }

  /// Ends the subscription to the receiver: it is disposed and sends nothing more, and the
  /// result completes once the inner signals that run or wait have (`bind`'s stop flag). Call
  /// it at most once.
  @inlinable
  func endReceiver() { run.endReceiver() }

  /// Whether an inner signal runs or waits: one that has not completed, been replaced or
  /// disposed. A synchronous inner signal never does once `start` returns: it has finished.
  @inlinable
  var isRunning: Bool { run.hasInnerSignals }
}
