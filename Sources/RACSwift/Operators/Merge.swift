extension Signal {
  /// The values of the receiver and `other`, merged as they arrive (RAC's `-merge:`).
  /// Completes when both complete; the first error ends both.
  ///
  /// ```swift
  /// localChanges.merge(remoteChanges)
  /// ```
  @inlinable
  public func merge(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal.merge([self, other], name: .inputs("merge:", .infix))
  }

  /// The values of every signal, merged as they arrive (RAC's `+merge:`). The signals are
  /// subscribed in order, and if one fails synchronously the rest are not subscribed.
  /// Completes when all have completed; the first error ends all.
  ///
  /// ```swift
  /// Signal.merge([clicks, keyPresses, timerTicks])
  /// ```
  @inlinable
  public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    merge(Array(signals), name: .inputs("+merge", .prefix))
  }

  /// The values of every signal, merged as they arrive (variadic ``merge(_:)-(S)``).
  ///
  /// ```swift
  /// Signal.merge(taps, swipes, keyPresses)
  /// ```
  @inlinable
  public static func merge(
    _ first: Signal<Value, Failure>, _ rest: Signal<Value, Failure>...
  ) -> Signal<Value, Failure> {
    merge([first] + rest)
  }

  @inlinable
  static func merge(_ list: [Signal<Value, Failure>], name: SignalNameNode) -> Signal<
    Value, Failure
  > {
    ListSignal(name: name, inputs: list) { inputs, sink, scope in
      // The inner-signal template's run, with the list in place of a receiver.
      let run = FlattenRun(
        MergeStage<Value, Failure>(concurrencyLimit: .max), sink: sink, scope: scope)
      for inner in inputs {
        // A synchronous error disposed everything: stop subscribing the rest.
        if scope.isDisposed { return }
        run.start(inner)
      }
      run.endReceiver()
    }
  }
}
