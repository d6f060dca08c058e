/// An operation of a combining engine's gate: what one input sent, by the input's position.
/// A value is not carried here (its type is the input's own): it waits in the input's
/// ``CombiningInput/pending`` queue, in the order its operations were queued.
@usableFromInline
enum CombiningOperation<Failure: Error> {
  /// Input `index` sent a value, which waits in its pending queue.
  case value(Int)
  /// An input failed.
  case error(Failure)
  /// Input `index` completed.
  case completed(Int)
}

/// What a combining engine knows of one input whatever its value type: its position, its
/// subscription's scope, how many values it holds, whether it completed.
///
/// Lock discipline: the `var`s are touched only by the owner of the engine's gate.
@usableFromInline
class CombiningInputState: @unchecked Sendable {
  /// The input's position among the operator's inputs.
  @usableFromInline let index: Int
  /// The child scope the input's subscription lives in, ended when it completes.
  @usableFromInline let scope: SubscriptionScope
  /// Values held: 0 or 1 (the latest) for `combineLatest`, the queue's length for `zip`.
  @usableFromInline @exclusivity(unchecked) final var held = 0
  /// Whether the input completed.
  @usableFromInline @exclusivity(unchecked) final var isCompleted = false
  /// Guards the typed input's `pending` queue.
  @usableFromInline let lock = Lock()

  @inlinable
  init(index: Int, scope: SubscriptionScope) {
    self.index = index
    self.scope = scope
  }
}

/// One input of a combining engine, with storage of the input's own value type (no boxing).
///
/// Lock discipline: `latest` and `queue` are touched only by the owner of the engine's gate;
/// `pending` (values sent while another thread owned the gate) only with `lock` held, and only
/// to append or take one value (nothing is called while it is held).
@usableFromInline
final class CombiningInput<Value>: CombiningInputState, @unchecked Sendable {
  /// `combineLatest`: the input's latest value.
  @usableFromInline @exclusivity(unchecked) var latest: Value?
  /// `zip`: the input's values not yet sent, oldest first. Unchecked: with the check, a send
  /// into a `zip` costs 82 % more instructions (W16, `Benchmarks/RESULTS.md`, session 32).
  @usableFromInline @exclusivity(unchecked) var queue = RingBuffer<Value>()
  /// Values whose ``CombiningOperation/value(_:)`` waits in the gate's queue, oldest first.
  /// Unchecked: with the check, a `zip` met re-entrantly costs 14 % more instructions per round
  /// (W20, `Benchmarks/RESULTS.md`, session 32).
  @usableFromInline @exclusivity(unchecked) var pending = RingBuffer<Value>()
  /// Keeps `value` until the gate's owner runs its operation.
  @inlinable
  func pend(_ value: Value) {
    lock.lock()
    pending.append(value)
    lock.unlock()
  }

  /// The oldest value kept by ``pend(_:)``; its operation is being run.
  @inlinable
  func takePending() -> Value {
    lock.lock()
    let value = pending.popFirst()
    lock.unlock()
    guard let value else { preconditionFailure("a value operation without a pending value") }
    return value
  }
}

/// The typed inputs of one subscription to a combining operator: builds the output from one
/// value of each input, and hands a pending value of input `index` to the engine. Conformers are
/// specialized with the engine at the call site that builds the chain.
@usableFromInline
protocol CombiningInputs {
  /// What the operator sends: a tuple or an array of one value per input.
  associatedtype Output

  /// How many inputs there are.
  var count: Int { get }

  /// The inputs' untyped states, in order.
  var states: ContiguousArray<CombiningInputState> { get }

  /// The latest value of every input (each has one).
  func latestOutput() -> Output

  /// The oldest queued value of every input, taken out of the queues (each has one).
  func zippedOutput() -> Output

  /// Runs the engine's rule on the oldest pending value of input `index`.
  func receivePending<Failure>(at index: Int, into engine: CombiningEngine<Self, Failure>)
}
