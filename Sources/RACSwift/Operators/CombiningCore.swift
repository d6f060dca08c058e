/// An event from input `index` of a multi-input operator.
@usableFromInline
enum IndexedInputEvent<Element, Failure: Error> {
  case value(Int, Element)
  case error(Failure)
  case completed(Int)
}

/// How a multi-input operator combines values: latest of each (`combineLatest`) or n-th of each
/// (`zip`).
@usableFromInline
enum CombiningRule: Sendable {
  case latest
  case zip
}

/// The inputs of a multi-input operator and how to build its output from one value per input.
@usableFromInline
struct CombiningInputs<Element, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline let signals: [Signal<Element, Failure>]
  @usableFromInline let rule: CombiningRule
  @usableFromInline let makeOutput: @Sendable ([Element]) -> Output

  @inlinable
  init(
    signals: [Signal<Element, Failure>], rule: CombiningRule,
    makeOutput: @escaping @Sendable ([Element]) -> Output
  ) {
    self.signals = signals
    self.rule = rule
    self.makeOutput = makeOutput
  }
}

extension Signal {
  /// A signal combining `inputs` by `inputs.rule` (the engine of `combineLatest` and `zip`).
  @inlinable
  static func combining<Element>(
    _ inputs: CombiningInputs<Element, Value, Failure>, name: SignalNameNode
  ) -> Signal<Value, Failure> {
    typealias Op = OperatorSignal<Value, Failure, CombiningInputs<Element, Value, Failure>>
    return Op(name: name, state: inputs) { signal, sink, scope in
      let inputs = Op.state(of: signal)
      if inputs.signals.isEmpty {
        sink(.completed)
        return
      }
      let state = CombiningState(inputs: inputs, sink: sink, scope: scope)
      for (index, input) in inputs.signals.enumerated() {
        if scope.isDisposed { return }
        input.subscribe(
          sink: { event in
            switch event {
            case .next(let value): state.perform(.value(index, value))
            case .error(let error): state.perform(.error(error))
            case .completed: state.perform(.completed(index))
            }
          }, scope: state.scopes[index])
      }
    }
  }

  /// The receiver with values boxed as `Any` (for the parameter-pack forms).
  @inlinable
  func erasedValues() -> Signal<Any, Failure> {
    Signal<Any, Failure>(name: .alias(self)) { _, sink, scope in
      self.subscribe(
        sink: { event in
          switch event {
          case .next(let value): sink(.next(value))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, scope: scope)
    }
  }
}

/// Rebuilds a typed tuple from one boxed value per element of the pack.
@inlinable
func tuple<each V>(from values: [Any], as _: repeat (each V).Type) -> (repeat each V) {
  var index = 0
  func next<T>(_: T.Type) -> T {
    defer { index += 1 }
    return values[index] as! T
  }
  return (repeat next((each V).self))
}

/// One subscription to `combineLatest` or `zip` over any number of inputs.
///
/// Lock discipline: all state is touched only by the owner of `gate`; every input's events are
/// operations of that gate, so the output is serialized and never out of date. Each input
/// lives in its own child scope, ended when it completes.
@usableFromInline
final class CombiningState<Element, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline let inputs: CombiningInputs<Element, Output, Failure>
  @usableFromInline let sink: (Event<Output, Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope
  @usableFromInline let scopes: [SubscriptionScope]
  @usableFromInline let gate = SerialGate<IndexedInputEvent<Element, Failure>>()
  // Owner of `gate` only:
  @usableFromInline @exclusivity(unchecked) var latest: [Element?]
  @usableFromInline @exclusivity(unchecked) var buffers: [RingBuffer<Element>]
  @usableFromInline @exclusivity(unchecked) var filled = 0
  @usableFromInline @exclusivity(unchecked) var completed: [Bool]
  @usableFromInline @exclusivity(unchecked) var completedCount = 0
  @usableFromInline @exclusivity(unchecked) var finished = false

  @inlinable
  init(
    inputs: CombiningInputs<Element, Output, Failure>,
    sink: @escaping (Event<Output, Failure>) -> Void, scope: SubscriptionScope
  ) {
    let count = inputs.signals.count
    self.inputs = inputs
    self.sink = sink
    self.scope = scope
    self.scopes = (0..<count).map { _ in scope.makeChild() }
    self.latest = Array(repeating: nil, count: count)
    self.buffers = inputs.rule == .zip ? Array(repeating: RingBuffer(), count: count) : []
    self.completed = Array(repeating: false, count: count)
  }

  @inlinable
  func perform(_ input: IndexedInputEvent<Element, Failure>) {
    gate.perform(input) { execute($0) }
  }

  @usableFromInline
  func execute(_ input: IndexedInputEvent<Element, Failure>) {
    if finished || scope.isDisposed { return }
    switch input {
    case .value(let index, let value):
      switch inputs.rule {
      case .latest: receiveLatest(value, at: index)
      case .zip: receiveZipped(value, at: index)
      }
    case .error(let error):
      finished = true
      sink(.error(error))
    case .completed(let index):
      scope.endChild(scopes[index])
      if !completed[index] {
        completed[index] = true
        completedCount += 1
      }
      switch inputs.rule {
      case .latest:
        if completedCount == completed.count { finish() }
      case .zip:
        if buffers[index].isEmpty { finish() }
      }
    }
  }

  @usableFromInline
  func receiveLatest(_ value: Element, at index: Int) {
    if latest[index] == nil { filled += 1 }
    latest[index] = value
    guard filled == latest.count else { return }
    var values: [Element] = []
    values.reserveCapacity(latest.count)
    for element in latest { values.append(element!) }
    sink(.next(inputs.makeOutput(values)))
  }

  @usableFromInline
  func receiveZipped(_ value: Element, at index: Int) {
    if buffers[index].isEmpty { filled += 1 }
    buffers[index].append(value)
    guard filled == buffers.count else { return }
    var values: [Element] = []
    values.reserveCapacity(buffers.count)
    filled = 0
    var exhausted = false
    for slot in 0..<buffers.count {
      values.append(buffers[slot].popFirst()!)
      if buffers[slot].isEmpty {
        if completed[slot] { exhausted = true }
      } else {
        filled += 1
      }
    }
    sink(.next(inputs.makeOutput(values)))
    // An input that completed and has nothing buffered can never pair again.
    if exhausted && !finished && !scope.isDisposed { finish() }
  }

  @usableFromInline
  func finish() {
    finished = true
    sink(.completed)
  }
}
