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
final class ConcatState<Value, Failure: Error>: @unchecked Sendable {
  /// The list being run: the subscribed signal's inputs, or those of a `concat` among them.
  @usableFromInline @exclusivity(unchecked) var signals: [Signal<Value, Failure>]
  /// The place in `signals` of the next signal to run.
  @usableFromInline @exclusivity(unchecked) var index = 0
  /// The lists that `signals` was met in, innermost last, each where it resumes once `signals`
  /// is done. A list with nothing left is not kept, so a `concat` nested in the last input of
  /// another (`a.concat(b.concat(c))`) adds nothing here.
  @usableFromInline @exclusivity(unchecked) var enclosing: [ConcatFrame<Value, Failure>] = []
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

extension Signal {
  /// Sends `value` first, on the subscribing thread, then the receiver's values: the form of
  /// ``startWith(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// results.startWith([])  // an empty list until the first result
  /// ```
  @inlinable @_disfavoredOverload
  public func startWith(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    startingWith(value)
  }

  /// Sends `value` first, then the receiver's values (RAC's `-startWith:`).
  ///
  /// Written on an actor (a `@MainActor` view model), each subscription starts on that actor,
  /// where `value` is sent — at once for a subscription made there — so `value` need not be
  /// `Sendable`. Written outside any actor, `value` is sent on the subscribing thread.
  ///
  /// ```swift
  /// results.startWith([])  // an empty list until the first result
  /// selections.startWith(nil)  // optional non-Sendable models, in a @MainActor view model
  /// ```
  @inlinable
  public func startWith(_ value: Value, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Value, Failure>
  {
    startingWith(value).startingSubscriptions(on: isolation)
  }

  /// The `startWith` stage: sends `value` on the subscribing thread, then subscribes.
  @inlinable
  func startingWith(_ value: Value) -> Signal<Value, Failure> {
    appending(subscribing: StartWithStage(value: value), name: .applied(nil, "startWith:", .state))
  }

  /// Ignores the receiver's values and, when it completes, subscribes to the signal `next`
  /// makes (made only then); an error skips it (RAC's `-then:`).
  ///
  /// ```swift
  /// saveDraft.then { publish(draft) }
  /// ```
  @inlinable
  public func then<T>(
    _ next: @escaping () -> Signal<T, Failure>, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    isolated(to: isolation).appending(subscribing: ThenStage(next: next), name: .input("then:"))
  }
}

/// The subscribing stage of `startWith`: sends `value` as each subscription starts, then
/// subscribes to the input unless that disposed the subscription. Its description is the value,
/// which the operator's name shows (`-startWith: 0`).
@usableFromInline
struct StartWithStage<Value, Failure: Error>: SubscribingStage, CustomStringConvertible {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let value: Value
  @inlinable init(value: Value) { self.value = value }

  @usableFromInline var description: String { String(describing: value) }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    emit(.next(value), to: sink)
    if scope.isDisposed { return }
    input.subscribe(sink: sink, scope: scope)
  }
}

/// The subscribing stage of `then`: ignores the input's values and, when it completes,
/// subscribes to the signal `next` makes; an error is forwarded instead.
@usableFromInline
struct ThenStage<Input, Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let next: () -> Signal<Value, Failure>
  @inlinable init(next: @escaping () -> Signal<Value, Failure>) { self.next = next }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let next = self.next
    let child = scope.makeChild()
    input.subscribe(
      sink: { event in
        switch event {
        case .next: break
        case .error(let error): emit(.error(error), to: sink)
        case .completed:
          scope.endChild(child)
          if scope.isDisposed { return }
          next().subscribe(sink: sink, scope: scope)
        }
      }, scope: child)
  }
}
