/// A signal made by an operator over a list of signals of its own type (`concat`, `merge`): it
/// keeps the list, and its name reads the list (``SignalNameNode/inputs(_:_:)``) rather than
/// holding it a second time.
///
/// So a chain built in a loop (`s = s.concat(next)`, 100,000 times) is released in bounded
/// stack, like the one-input operators (see ``InputReference``): every ``releaseLoopInterval``th
/// signal of such a chain lets go of its list through the ``StackGuard`` from the base class's
/// `deinit`, instead of leaving it to Swift's release of stored properties, one nested level per
/// operator.
///
/// Not final: `concat` makes a subclass of its own (``ConcatSignal``), which its subscriptions
/// recognize among their inputs.
///
/// Lock discipline: `inputs` is written by the initializer and by `releaseInputs()`, which
/// runs in `deinit`, when nothing else can reach the signal; everything else only reads it.
@usableFromInline
class ListSignal<Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) final var inputs: [Signal<Value, Failure>]

  @inlinable
  init(
    name: SignalNameNode, inputs: [Signal<Value, Failure>], subscribe: @escaping SubscribeFunction
  ) {
    self.inputs = inputs
    var depth: UInt32 = 0
    for input in inputs { depth = max(depth, input.releaseDepth) }
    super.init(name: name, releaseDepth: depth &+ 1, subscribe: subscribe)
  }

  /// The inputs of `signal`, which must be a `ListSignal` of this type.
  @inlinable @inline(__always)
  static func inputs(of signal: Signal<Value, Failure>) -> [Signal<Value, Failure>] {
    unsafeDowncast(signal, to: ListSignal.self).inputs
  }

  @usableFromInline
  final override func nameInputs() -> [AnyObject] { inputs }

  @usableFromInline
  final override func releaseInputs() {
    if isReleaseLoopPoint { StackGuard.releaseMovingOut(&inputs, leaving: []) }
  }
}
