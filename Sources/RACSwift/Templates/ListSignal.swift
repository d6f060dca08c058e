/// A signal made by an operator over a list of signals of its own type (`concat`, `merge`): it
/// keeps the list, and its name reads the list (``SignalNameNode/inputs(_:_:)``) rather than
/// holding it a second time.
///
/// It keeps the list in ``ChainInputs``, so a chain built in a loop (`s = s.concat(next)`,
/// 100,000 times) is released in bounded stack, like every operator's (see
/// ``ChainDepth/release``).
///
/// Not final: `concat` makes a subclass of its own (``ConcatSignal``), which its subscriptions
/// recognize among their inputs.
///
/// Lock discipline: `list` is written by the initializer and by `releaseInputs()`, which runs in
/// `deinit`, when nothing else can reach the signal; everything else only reads it.
@usableFromInline
class ListSignal<Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
  @usableFromInline final var list: ChainInputs<[Signal<Value, Failure>]>

  /// The input signals, in order.
  @inlinable final var inputs: [Signal<Value, Failure>] { list.inputs }

  /// A signal over `inputs` whose subscriptions run `body` with them. `body` is the operator's
  /// closure literal, which captures nothing: inlined here, in the operator's `@inlinable` body,
  /// the function the signal keeps reads the inputs back from the signal (the downcast is this
  /// class's) and captures nothing either — one allocation per operator.
  @inlinable @inline(__always)
  init(
    name: SignalNameNode, inputs: [Signal<Value, Failure>],
    subscribe body:
      @escaping (
        _ inputs: [Signal<Value, Failure>], _ sink: @escaping Sink, _ scope: SubscriptionScope
      ) -> Void
  ) {
    list = ChainInputs(inputs)
    super.init(
      name: name, depth: ChainDepth(aboveAll: inputs.lazy.map(\.depth))
    ) { signal, sink, scope in
      body(unsafeDowncast(signal, to: ListSignal.self).inputs, sink, scope)
    }
  }

  @usableFromInline
  final override func nameInputs() -> [AnyObject] { inputs }

  @usableFromInline
  final override func releaseInputs() {
    list.release(atLoopPoint: depth.isReleaseLoopPoint)
  }
}
