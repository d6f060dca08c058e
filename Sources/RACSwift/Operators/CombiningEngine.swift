/// One subscription to `combineLatest` or `zip`, of any number of inputs of any types: the one
/// engine behind every combining operator.
///
/// Each input's values stay in its own typed ``CombiningInput``. Every event of every input is
/// an operation of one ``SerialGate``, so the output is serialized and never out of date: a
/// thread that finds the gate free handles its value at once; one that finds it busy leaves the
/// value in its input's pending queue and queues a ``CombiningOperation/value(_:)`` for the
/// owner. Its ``SerializedSink`` base holds the gate, the downstream sink and the terminal-once
/// latch, as for every operator with several inputs; the engine runs its own fast path through
/// the gate (a value handled where it arrives when the gate is free).
///
/// Completion: `combineLatest` completes when every input has completed; `zip` when an input
/// has completed and has no value left queued (it can never pair again). An error ends it at once.
///
/// Lock discipline: ``SerializedSink``'s; `filled` and `completedCount` (and the inputs'
/// owner-only state) are touched only by the owner of `gate`.
@usableFromInline
final class CombiningEngine<Inputs: CombiningInputs, Failure: Error>:
  SerializedSink<Inputs.Output, Failure, CombiningOperation<Failure>>, @unchecked Sendable
{
  @usableFromInline let rule: CombiningRule
  @usableFromInline let inputs: Inputs
  /// How many inputs hold a value.
  @usableFromInline @exclusivity(unchecked) var filled = 0
  /// How many inputs completed.
  @usableFromInline @exclusivity(unchecked) var completedCount = 0

  @inlinable
  init(
    rule: CombiningRule, inputs: Inputs,
    sink: @escaping (inout Event<Inputs.Output, Failure>) -> Void, scope: SubscriptionScope
  ) {
    self.rule = rule
    self.inputs = inputs
    super.init(sink: sink, scope: scope)
  }

  /// Handles `event` from `input`: at once if the gate is free, else through the gate's queue.
  @inlinable
  func send<Value>(_ event: Event<Value, Failure>, from input: CombiningInput<Value>) {
    if gate.tryEnter() {
      switch event {
      case .next(let value): receive(value, in: input)
      case .error(let error): fail(error)
      case .completed: complete(input)
      }
      if gate.tryFree() { return }
    } else {
      let operation: CombiningOperation<Failure>
      switch event {
      case .next(let value):
        input.pend(value)
        operation = .value(input.index)
      case .error(let error): operation = .error(error)
      case .completed: operation = .completed(input.index)
      }
      if !gate.enqueue(operation) { return }
    }
    // One call site for `drain` (see `SerialGate.perform`).
    gate.drain { execute($0) }
  }

  /// Owner only: runs a queued operation.
  @inlinable
  func execute(_ operation: CombiningOperation<Failure>) {
    switch operation {
    case .value(let index): inputs.receivePending(at: index, into: self)
    case .error(let error): fail(error)
    case .completed(let index): complete(inputs.states[index])
    }
  }

  /// Owner only: `value` from `input`, by the rule.
  @inlinable @inline(__always)
  func receive<Value>(_ value: Value, in input: CombiningInput<Value>) {
    if latch.isClosed || scope.isDisposed { return }
    switch rule {
    case .latest:
      input.latest = value
      if filled != inputs.count {
        // Until every input has a value; afterwards every value sends.
        if input.held != 0 { return }
        input.held = 1
        filled += 1
        if filled != inputs.count { return }
      }
      emit(.next(inputs.latestOutput()), to: sink)
    case .zip:
      input.queue.append(value)
      input.held += 1
      if input.held == 1 { filled += 1 }
      if filled == inputs.count { sendZipped() }
    }
  }

  /// Owner only: sends the oldest queued value of every input, and completes if an input that
  /// completed has nothing left.
  @inlinable
  func sendZipped() {
    let output = inputs.zippedOutput()
    filled = 0
    var exhausted = false
    for state in inputs.states {
      state.held -= 1
      if state.held > 0 {
        filled += 1
      } else if state.isCompleted {
        exhausted = true
      }
    }
    emit(.next(output), to: sink)
    if exhausted && !scope.isDisposed { finish() }
  }

  /// Owner only: an input failed.
  @inlinable
  func fail(_ error: Failure) {
    if scope.isDisposed { return }
    deliver(.error(error))
  }

  /// Owner only: `input` completed; ends its scope and completes by the rule.
  @inlinable
  func complete(_ input: CombiningInputState) {
    if latch.isClosed || scope.isDisposed { return }
    scope.endChild(input.scope)
    if !input.isCompleted {
      input.isCompleted = true
      completedCount += 1
    }
    switch rule {
    case .latest: if completedCount == inputs.count { finish() }
    case .zip: if input.held == 0 { finish() }
    }
  }

  /// Owner only: sends `completed`, unless a terminal event was sent.
  @inlinable
  func finish() { deliver(.completed) }
}
