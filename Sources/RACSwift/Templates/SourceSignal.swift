/// The signal of a source built on the source template: its ``SourceStage``, in the signal's one
/// object (see ``Signal/source(_:name:)``, which makes it).
///
/// Lock discipline: immutable; `stage` is only read.
@usableFromInline
final class SourceSignal<Stage: SourceStage>: Signal<Stage.Value, Stage.Failure>,
  // Lock discipline: immutable; `stage` is only read.
  @unchecked Sendable
{
  @usableFromInline let stage: Stage

  @inlinable
  init(name: SignalNameNode, stage: Stage, subscribe: @escaping SubscribeFunction) {
    self.stage = stage
    super.init(name: name, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, stage: Stage,
    subscribe: @escaping SynchronousPath<Stage.Value, Stage.Failure>.Function
  ) {
    self.stage = stage
    super.init(synchronous: name, subscribe: subscribe)
  }

  /// `signal`, which must be a `SourceSignal` of this type: the template's subscribe functions
  /// get the signal they belong to. Unchecked, as every template's read of its own signal: checked
  /// casts there cost W3 +6.1 % and W4 +6.0 % (`Benchmarks/RESULTS.md`, session 31); `just`'s and
  /// `from`'s subscriptions are W3's and W4's.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Stage.Value, Stage.Failure>) -> SourceSignal {
    // Measured: checked casts cost W3 +6.1 %, W4 +6.0 % (`Benchmarks/RESULTS.md`, session 31).
    unsafeDowncast(signal, to: SourceSignal.self)
  }

  @usableFromInline
  override func describeState() -> String { String(describing: stage) }
}

extension Signal {
  /// The source template, synchronous: the signal that runs `stage` for each subscription, named
  /// `name`. It is synchronous (``isSynchronous``): an operator on it runs on the stack, and each
  /// subscription reads the stage in place from the signal, its one object.
  ///
  /// ```swift
  /// public static func error(_ error: Failure) -> Signal<Value, Failure> {
  ///   source(ErrorSource(error: error), name: .sourceWithState("+error"))
  /// }
  /// ```
  @inlinable
  static func source<Stage: SynchronousSourceStage>(_ stage: Stage, name: SignalNameNode)
    -> Signal<Value, Failure>
  where Stage.Value == Value, Stage.Failure == Failure {
    SourceSignal(synchronous: name, stage: stage) { signal, send, scope in
      SourceSignal<Stage>.cast(signal).stage.run(send, scope: scope)
    }
  }

  /// The source template, for a source that may deliver after `subscribe` returns: the signal
  /// that runs `stage` for each subscription, named `name`.
  @inlinable
  static func source<Stage: SubscribingSourceStage>(_ stage: Stage, name: SignalNameNode)
    -> Signal<Value, Failure>
  where Stage.Value == Value, Stage.Failure == Failure {
    SourceSignal(name: name, stage: stage) { signal, sink, scope in
      SourceSignal<Stage>.cast(signal).stage.subscribe(sink: sink, scope: scope)
    }
  }
}
