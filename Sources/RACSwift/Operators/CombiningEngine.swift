/// How a combining operator pairs its inputs' values: the latest of each (`combineLatest`) or
/// the n-th of each (`zip`).
@usableFromInline
enum CombiningRule: Sendable {
  /// Every value sends the latest value of every input, once each has sent one.
  case latest
  /// Values wait in one queue per input; the n-th of every input are sent together.
  case zip
}

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
  /// `zip`: the input's values not yet sent, oldest first.
  @usableFromInline @exclusivity(unchecked) var queue = RingBuffer<Value>()
  /// Values whose ``CombiningOperation/value(_:)`` waits in the gate's queue, oldest first.
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

/// The inputs of a parameter-pack `combineLatest` or `zip`: one typed input per value type.
@usableFromInline
struct PackInputs<each V>: CombiningInputs {
  @usableFromInline let inputs: (repeat CombiningInput<each V>)
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// One input per signal of `signals`, each with a new child scope of `scope`, in order.
  @inlinable
  init<Failure>(for signals: repeat Signal<each V, Failure>, in scope: SubscriptionScope) {
    var states = ContiguousArray<CombiningInputState>()
    func makeInput<T>(_: Signal<T, Failure>) -> CombiningInput<T> {
      let input = CombiningInput<T>(index: states.count, scope: scope.makeChild())
      states.append(input)
      return input
    }
    inputs = (repeat makeInput(each signals))
    self.states = states
  }

  @inlinable var count: Int { states.count }

  @inlinable
  func latestOutput() -> (repeat each V) {
    (repeat (each inputs).latest.unsafelyUnwrapped)
  }

  @inlinable
  func zippedOutput() -> (repeat each V) {
    (repeat (each inputs).queue.popFirst().unsafelyUnwrapped)
  }

  @inlinable
  func receivePending<Failure>(at index: Int, into engine: CombiningEngine<Self, Failure>) {
    for input in repeat each inputs {
      if input.index == index {
        engine.receive(input.takePending(), in: input)
        return
      }
    }
  }
}

/// Inputs of a fixed number of signals of fixed types (``PairInputs``, ``TripleInputs``,
/// ``QuadInputs``): not parameter packs, which Swift 6.3 does not specialize, so the engine's
/// per-event path is specialized where the chain is built. Measured with two `Int` subjects and a
/// `map` (callgrind): about 240 instructions per send this way, about 5,600 through
/// ``PackInputs``.
@usableFromInline
protocol FixedArityInputs: CombiningInputs {
  /// The inputs' failure type.
  associatedtype Failure: Error
  /// The tuple of the input signals, in order.
  associatedtype Signals

  /// One input per signal, each with a new child scope of `scope`, in order.
  init(in scope: SubscriptionScope)

  /// Subscribes `engine`'s inputs to `signals` in order, stopping once `engine`'s scope is
  /// disposed (an input may fail synchronously).
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>)
}

/// The inputs of a two-input `combineLatest` or `zip` (`combineLatest(with:)`, `zip(with:)`,
/// `Signal.combineLatest(a, b)`, `Signal.zip(a, b)`).
@usableFromInline
struct PairInputs<A, B, Failure: Error>: FixedArityInputs {
  /// The two input signals.
  @usableFromInline typealias Signals = (Signal<A, Failure>, Signal<B, Failure>)
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    states = [first, second]
  }

  /// The number of inputs.
  @inlinable var count: Int { 2 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B) {
    (first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped)
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B) {
    (first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped)
  }

  /// Runs the engine's rule on the oldest pending value of input `index`.
  @inlinable
  func receivePending<EngineFailure>(
    at index: Int, into engine: CombiningEngine<Self, EngineFailure>
  ) {
    if index == 0 {
      engine.receive(first.takePending(), in: first)
    } else {
      engine.receive(second.takePending(), in: second)
    }
  }

  /// Subscribes the engine's inputs to `signals` in order, while its scope is not disposed.
  @inlinable
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>) {
    // The sinks capture only the engine: a closure whose one capture is an object uses it as
    // its context, with no box to allocate and one load less per event.
    if engine.scope.isDisposed { return }
    signals.0.subscribe(
      sink: { engine.send($0, from: engine.inputs.first) }, scope: engine.inputs.first.scope)
    if engine.scope.isDisposed { return }
    signals.1.subscribe(
      sink: { engine.send($0, from: engine.inputs.second) }, scope: engine.inputs.second.scope)
  }
}

/// The inputs of a three-input `Signal.combineLatest(a, b, c)` or `Signal.zip(a, b, c)`.
@usableFromInline
struct TripleInputs<A, B, C, Failure: Error>: FixedArityInputs {
  /// The three input signals.
  @usableFromInline typealias Signals = (
    Signal<A, Failure>, Signal<B, Failure>, Signal<C, Failure>
  )
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The third input.
  @usableFromInline let third: CombiningInput<C>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    third = CombiningInput(index: 2, scope: scope.makeChild())
    states = [first, second, third]
  }

  /// The number of inputs.
  @inlinable var count: Int { 3 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B, C) {
    (
      first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped,
      third.latest.unsafelyUnwrapped
    )
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B, C) {
    (
      first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped,
      third.queue.popFirst().unsafelyUnwrapped
    )
  }

  /// Runs the engine's rule on the oldest pending value of input `index`.
  @inlinable
  func receivePending<EngineFailure>(
    at index: Int, into engine: CombiningEngine<Self, EngineFailure>
  ) {
    switch index {
    case 0: engine.receive(first.takePending(), in: first)
    case 1: engine.receive(second.takePending(), in: second)
    default: engine.receive(third.takePending(), in: third)
    }
  }

  /// Subscribes the engine's inputs to `signals` in order, while its scope is not disposed.
  @inlinable
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>) {
    // Sinks that capture only the engine, as in `PairInputs`.
    if engine.scope.isDisposed { return }
    signals.0.subscribe(
      sink: { engine.send($0, from: engine.inputs.first) }, scope: engine.inputs.first.scope)
    if engine.scope.isDisposed { return }
    signals.1.subscribe(
      sink: { engine.send($0, from: engine.inputs.second) }, scope: engine.inputs.second.scope)
    if engine.scope.isDisposed { return }
    signals.2.subscribe(
      sink: { engine.send($0, from: engine.inputs.third) }, scope: engine.inputs.third.scope)
  }
}

/// The inputs of a four-input `Signal.combineLatest(a, b, c, d)` or `Signal.zip(a, b, c, d)`.
@usableFromInline
struct QuadInputs<A, B, C, D, Failure: Error>: FixedArityInputs {
  /// The four input signals.
  @usableFromInline typealias Signals = (
    Signal<A, Failure>, Signal<B, Failure>, Signal<C, Failure>, Signal<D, Failure>
  )
  /// The first input.
  @usableFromInline let first: CombiningInput<A>
  /// The second input.
  @usableFromInline let second: CombiningInput<B>
  /// The third input.
  @usableFromInline let third: CombiningInput<C>
  /// The fourth input.
  @usableFromInline let fourth: CombiningInput<D>
  /// The inputs in order, untyped.
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// The inputs, each with a new child scope of `scope`, in order.
  @inlinable
  init(in scope: SubscriptionScope) {
    first = CombiningInput(index: 0, scope: scope.makeChild())
    second = CombiningInput(index: 1, scope: scope.makeChild())
    third = CombiningInput(index: 2, scope: scope.makeChild())
    fourth = CombiningInput(index: 3, scope: scope.makeChild())
    states = [first, second, third, fourth]
  }

  /// The number of inputs.
  @inlinable var count: Int { 4 }

  /// The latest value of every input (each has one).
  @inlinable
  func latestOutput() -> (A, B, C, D) {
    (
      first.latest.unsafelyUnwrapped, second.latest.unsafelyUnwrapped,
      third.latest.unsafelyUnwrapped, fourth.latest.unsafelyUnwrapped
    )
  }

  /// The oldest queued value of every input, taken out of the queues.
  @inlinable
  func zippedOutput() -> (A, B, C, D) {
    (
      first.queue.popFirst().unsafelyUnwrapped, second.queue.popFirst().unsafelyUnwrapped,
      third.queue.popFirst().unsafelyUnwrapped, fourth.queue.popFirst().unsafelyUnwrapped
    )
  }

  /// Runs the engine's rule on the oldest pending value of input `index`.
  @inlinable
  func receivePending<EngineFailure>(
    at index: Int, into engine: CombiningEngine<Self, EngineFailure>
  ) {
    switch index {
    case 0: engine.receive(first.takePending(), in: first)
    case 1: engine.receive(second.takePending(), in: second)
    case 2: engine.receive(third.takePending(), in: third)
    default: engine.receive(fourth.takePending(), in: fourth)
    }
  }

  /// Subscribes the engine's inputs to `signals` in order, while its scope is not disposed.
  @inlinable
  static func subscribe(_ signals: Signals, to engine: CombiningEngine<Self, Failure>) {
    // Sinks that capture only the engine, as in `PairInputs`.
    if engine.scope.isDisposed { return }
    signals.0.subscribe(
      sink: { engine.send($0, from: engine.inputs.first) }, scope: engine.inputs.first.scope)
    if engine.scope.isDisposed { return }
    signals.1.subscribe(
      sink: { engine.send($0, from: engine.inputs.second) }, scope: engine.inputs.second.scope)
    if engine.scope.isDisposed { return }
    signals.2.subscribe(
      sink: { engine.send($0, from: engine.inputs.third) }, scope: engine.inputs.third.scope)
    if engine.scope.isDisposed { return }
    signals.3.subscribe(
      sink: { engine.send($0, from: engine.inputs.fourth) }, scope: engine.inputs.fourth.scope)
  }
}

/// The inputs of an array `combineLatest` or `zip`: any number of inputs of one value type.
@usableFromInline
struct ArrayInputs<Element>: CombiningInputs {
  @usableFromInline let inputs: ContiguousArray<CombiningInput<Element>>
  @usableFromInline let states: ContiguousArray<CombiningInputState>

  /// One input per signal of `signals`, each with a new child scope of `scope`, in order.
  @inlinable
  init<Failure>(for signals: [Signal<Element, Failure>], in scope: SubscriptionScope) {
    var inputs = ContiguousArray<CombiningInput<Element>>()
    var states = ContiguousArray<CombiningInputState>()
    inputs.reserveCapacity(signals.count)
    states.reserveCapacity(signals.count)
    for index in 0..<signals.count {
      let input = CombiningInput<Element>(index: index, scope: scope.makeChild())
      inputs.append(input)
      states.append(input)
    }
    self.inputs = inputs
    self.states = states
  }

  @inlinable var count: Int { inputs.count }

  @inlinable
  func latestOutput() -> [Element] {
    var values: [Element] = []
    values.reserveCapacity(inputs.count)
    for input in inputs { values.append(input.latest.unsafelyUnwrapped) }
    return values
  }

  @inlinable
  func zippedOutput() -> [Element] {
    var values: [Element] = []
    values.reserveCapacity(inputs.count)
    for input in inputs { values.append(input.queue.popFirst().unsafelyUnwrapped) }
    return values
  }

  @inlinable
  func receivePending<Failure>(at index: Int, into engine: CombiningEngine<Self, Failure>) {
    let input = inputs[index]
    engine.receive(input.takePending(), in: input)
  }
}

/// What a combining operator's signal keeps: its rule and its inputs (a tuple of signals or an
/// array of them).
@usableFromInline
struct CombiningParameters<Signals> {
  @usableFromInline let rule: CombiningRule
  @usableFromInline let signals: Signals

  @inlinable
  init(rule: CombiningRule, signals: Signals) {
    self.rule = rule
    self.signals = signals
  }
}

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

/// A signal combining `signals` by `rule`: the parameter-pack forms of `combineLatest` and `zip`.
@inlinable
func combiningSignal<each V, Failure: Error>(
  _ signals: repeat Signal<each V, Failure>, rule: CombiningRule, label: OperatorLabel,
  inputs: [AnyObject]
) -> Signal<(repeat each V), Failure> {
  typealias Parameters = CombiningParameters<(repeat Signal<each V, Failure>)>
  typealias Combining = CombiningSignal<(repeat Signal<each V, Failure>), (repeat each V), Failure>
  let parameters = Parameters(rule: rule, signals: (repeat each signals))
  return Combining(label: label, parameters: parameters, inputs: inputs) {
    parameters, sink, scope in
    let inputs = PackInputs(for: repeat each parameters.signals, in: scope)
    if inputs.count == 0 {
      emit(.completed, to: sink)
      return
    }
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: inputs, sink: sink, scope: scope)
    for (signal, input) in repeat (each parameters.signals, each inputs.inputs) {
      if scope.isDisposed { return }
      signal.subscribe(sink: { engine.send($0, from: input) }, scope: input.scope)
    }
  }
}

/// A signal combining `first` and `second` by `rule` through ``PairInputs``:
/// `combineLatest(with:)`, `zip(with:)`, `Signal.combineLatest(a, b)` and `Signal.zip(a, b)`. A
/// ``BinarySignal`` keeps the inputs (so a chain built in a loop is released in bounded stack);
/// `label` and `shape` name them (``SignalNameNode/inputs(_:_:)``).
@inlinable
func combiningSignal<A, B, Failure: Error>(
  _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, rule: CombiningRule,
  label: OperatorLabel, shape: ListNameShape
) -> Signal<(A, B), Failure> {
  BinarySignal<A, B, (A, B), Failure, CombiningRule>(
    name: .inputs(label, shape), first: first, second: second, parameter: rule
  ) { rule, inputs, sink, scope in
    let engine = CombiningEngine(
      rule: rule, inputs: PairInputs<A, B, Failure>(in: scope), sink: sink, scope: scope)
    PairInputs.subscribe(inputs, to: engine)
  }
}

/// A signal combining the signals `signals` by `rule` through fixed-arity inputs (see
/// ``FixedArityInputs``): `Signal.combineLatest` and `Signal.zip` of three or four inputs.
@inlinable
func combiningSignal<Inputs: FixedArityInputs>(
  _: Inputs.Type, _ signals: Inputs.Signals, rule: CombiningRule, label: OperatorLabel,
  inputs: [AnyObject]
) -> Signal<Inputs.Output, Inputs.Failure> {
  typealias Parameters = CombiningParameters<Inputs.Signals>
  typealias Combining = CombiningSignal<Inputs.Signals, Inputs.Output, Inputs.Failure>
  let parameters = Parameters(rule: rule, signals: signals)
  return Combining(label: label, parameters: parameters, inputs: inputs) {
    parameters, sink, scope in
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: Inputs(in: scope), sink: sink, scope: scope)
    Inputs.subscribe(parameters.signals, to: engine)
  }
}

/// A signal combining the array `signals` by `rule` into arrays: the array forms of
/// `combineLatest` and `zip`.
@inlinable
func combiningSignal<Element, Failure: Error>(
  _ signals: [Signal<Element, Failure>], rule: CombiningRule, label: OperatorLabel
) -> Signal<[Element], Failure> {
  typealias Parameters = CombiningParameters<[Signal<Element, Failure>]>
  typealias Combining = CombiningSignal<[Signal<Element, Failure>], [Element], Failure>
  let parameters = Parameters(rule: rule, signals: signals)
  return Combining(label: label, parameters: parameters, inputs: signals) {
    parameters, sink, scope in
    if parameters.signals.isEmpty {
      emit(.completed, to: sink)
      return
    }
    let inputs = ArrayInputs(for: parameters.signals, in: scope)
    let engine = CombiningEngine(
      rule: parameters.rule, inputs: inputs, sink: sink, scope: scope)
    for index in 0..<parameters.signals.count {
      if scope.isDisposed { return }
      let input = inputs.inputs[index]
      parameters.signals[index].subscribe(
        sink: { engine.send($0, from: input) }, scope: input.scope)
    }
  }
}
