extension Signal {
  /// The receiver's values, then — once it completes — those of `other` (RAC's `-concat:`).
  /// `other` is subscribed only when the receiver completes; an error ends everything.
  ///
  /// ```swift
  /// Signal.just(1).concat(.just(2))  // 1, 2
  /// ```
  @inlinable
  public func concat(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal.concat([self, other], name: .inputs("concat:", .infix))
  }

  /// The values of each signal in turn: the next is subscribed when the previous completes
  /// (RAC's `+concat:`). Synchronous signals are run in a loop, not by recursion, so any number
  /// of them runs in constant stack.
  ///
  /// ```swift
  /// Signal.concat([.just(1), .just(2), .just(3)])  // 1, 2, 3
  /// ```
  @inlinable
  public static func concat<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    return concat(Array(signals), name: .inputs("+concat", .prefix))
  }

  @inlinable
  static func concat(_ list: [Signal<Value, Failure>], name: SignalNameNode) -> Signal<
    Value, Failure
  > {
    ConcatSignal(name: name, inputs: list)
  }
}

/// A `concat` signal: a ``ListSignal`` whose subscription runs its inputs one after another. A
/// concat that meets another among its inputs runs that one's inputs in place (see
/// ``ConcatState``), so it is a class of its own, which a subscription can recognize.
///
/// Lock discipline: immutable (its inputs are ``ListSignal``'s).
@usableFromInline
final class ConcatSignal<Value, Failure: Error>: ListSignal<Value, Failure>, @unchecked Sendable {
  @inlinable
  init(name: SignalNameNode, inputs: [Signal<Value, Failure>]) {
    super.init(name: name, inputs: inputs) { inputs, sink, scope in
      ConcatState(signals: inputs, sink: sink, scope: scope).advance()
    }
  }
}

/// One subscription to `concat`: subscribes the signals one after another.
///
/// An input that is itself a `concat` is not subscribed: its inputs are run in its place, by
/// this state, as if the two lists were one (``ConcatFrame``). `a.concat(b).concat(c)`, built in
/// a loop, nests every `concat` in the next one's first input; subscribing each of them would
/// give every level its own sink wrapping the one above and its own child scope, so that a
/// value of the innermost input passed through one stage per level above it, and the chain's
/// cost grew with the square of its depth (a 100,000-deep chain did not finish). Run in place,
/// every input sends straight into this subscription's sink, in one child scope: constant work
/// per input at any depth. Nothing else changes: the inputs are subscribed in the same order,
/// each when the previous completes, an error ends everything, and disposing disposes the input
/// that runs.
///
/// Lock discipline: moving on to the next signal is a request to `trampoline`, whose looping
/// thread runs them all (a completion that arrives synchronously, during the subscription it
/// ends, only adds a pass to that loop — constant stack). `signals`, `index` and `enclosing`
/// are touched only by those passes, which ``Trampoline`` orders.
@usableFromInline
final class ConcatState<Value, Failure: Error> {
  /// The list being run: the subscribed signal's inputs, or those of a `concat` among them.
  @usableFromInline var signals: [Signal<Value, Failure>]
  /// The place in `signals` of the next signal to run.
  @usableFromInline var index = 0
  /// The lists that `signals` was met in, innermost last, each where it resumes once `signals`
  /// is done. A list with nothing left is not kept, so a `concat` nested in the last input of
  /// another (`a.concat(b.concat(c))`) adds nothing here.
  @usableFromInline var enclosing: [ConcatFrame<Value, Failure>] = []
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope
  @usableFromInline let trampoline = Trampoline()

  @inlinable
  init(
    signals: [Signal<Value, Failure>], sink: @escaping (inout Event<Value, Failure>) -> Void,
    scope: SubscriptionScope
  ) {
    self.signals = signals
    self.sink = sink
    self.scope = scope
  }

  /// Moves on to the next signal: now, or — when a pass is already running, on this thread or
  /// another — right after it, on the thread running it.
  @inlinable
  func advance() {
    trampoline.request { subscribeNext() }
  }

  /// One pass of ``advance()``: unless the subscription was disposed, subscribes the next
  /// signal, or sends the completion when none is left.
  @inlinable
  func subscribeNext() {
    if scope.isDisposed { return }
    while true {
      guard index < signals.count else {
        guard let frame = enclosing.popLast() else {
          emit(.completed, to: sink)
          return
        }
        signals = frame.signals
        index = frame.index
        continue
      }
      let next = signals[index]
      index += 1
      if let nested = next as? ConcatSignal<Value, Failure> {
        // Run its inputs in its place (see the type's description).
        if index < signals.count { enclosing.append(ConcatFrame(signals: signals, index: index)) }
        signals = nested.inputs
        index = 0
        continue
      }
      subscribe(next, isLast: index == signals.count && enclosing.isEmpty)
      return
    }
  }

  /// Subscribes `signal`; the last one (`isLast`) sends its termination as the result's.
  @inlinable
  func subscribe(_ signal: Signal<Value, Failure>, isLast: Bool) {
    if isLast {
      // The last signal's termination is the result's: no child scope needed.
      signal.subscribe(sink: sink, scope: scope)
      return
    }
    let child = scope.makeChild()
    signal.subscribe(
      sink: { event in
        if case .completed = event {
          self.scope.endChild(child)
          self.advance()
        } else {
          self.sink(&event)
        }
      }, scope: child)
  }
}

/// A list of signals that a ``ConcatState`` resumes once a `concat` met in it is done.
@usableFromInline
struct ConcatFrame<Value, Failure: Error> {
  /// The list.
  @usableFromInline let signals: [Signal<Value, Failure>]
  /// The place in `signals` of the signal to run next.
  @usableFromInline let index: Int

  @inlinable
  init(signals: [Signal<Value, Failure>], index: Int) {
    self.signals = signals
    self.index = index
  }
}
