extension Signal {
  /// The monadic primitive every flattening operator is a variation of (RAC's `-bind:`, with
  /// the same stop flag and `nil` result).
  ///
  /// `makeBlock` runs once per subscription (so state it creates is per subscription) and
  /// returns the bind block, called for each value with a `stop` flag. A returned signal is
  /// subscribed and its values forwarded (inner signals run concurrently). Returning `nil`, or
  /// setting `stop`, ends the subscription to the receiver (a signal returned along with `stop`
  /// is still subscribed). The result completes when the receiver and every inner signal have
  /// completed; an error from any of them ends everything.
  ///
  /// ```swift
  /// // take the values up to and including the first negative one
  /// numbers.bind {
  ///   { value, stop in
  ///     if value < 0 { stop = true }
  ///     return .just(value)
  ///   }
  /// }
  /// ```
  ///
  /// Written on an actor, `makeBlock` and the blocks it returns may use the actor's state and run
  /// only on it (see <doc:Concurrency>).
  @inlinable
  public func bind<T>(
    _ makeBlock: @escaping () -> (Value, inout Bool) -> Signal<T, Failure>?,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    if let isolation {
      // Each subscription makes its block when its first value has reached the actor, so that
      // `makeBlock` too runs only there.
      let onActor = IsolatedClosure(makeBlock)
      return isolated(to: isolation).bind(
        {
          var block: ((Value, inout Bool) -> Signal<T, Failure>?)?
          return { value, stop in
            if block == nil { block = onActor.function() }
            return block!(value, &stop)
          }
        }, isolation: nil)
    }
    return appending(flatten: BindStage(makeBlock), name: .input("bind:"))
  }
}

/// The stage of `bind`: each subscription makes its block, which maps each value to an inner
/// signal and may stop the receiver.
@usableFromInline
struct BindStage<Input, Value, Failure: Error>: FlattenStage {
  @usableFromInline let makeBlock: () -> (Input, inout Bool) -> Signal<Value, Failure>?

  @inlinable
  init(_ makeBlock: @escaping () -> (Input, inout Bool) -> Signal<Value, Failure>?) {
    self.makeBlock = makeBlock
  }

  /// The block of the subscription, made when it starts.
  @inlinable func makeState() -> BindBlock<Input, Value, Failure> { BindBlock(makeBlock()) }

  @inlinable
  func receive(
    _ value: Input, state block: inout BindBlock<Input, Value, Failure>,
    inners: InnerSignals<Self>
  ) {
    var stop = false
    let inner = block.call(value, &stop)
    // A signal returned along with `stop` is still subscribed.
    if let inner { inners.start(inner) }
    if inner == nil || stop { inners.endReceiver() }
  }
}

/// The block of one subscription of `bind`, in a struct: as the stage's state a bare function
/// would be passed `inout` from the template's storage (at the most general abstraction) to
/// ``BindStage/receive(_:state:inners:)`` (at its own) and back, and each round trip wrapped it
/// in two more reabstraction thunks — every value cost more than the one before
/// (`Benchmarks/RESULTS.md`, session 32: W19).
@usableFromInline
struct BindBlock<Input, Value, Failure: Error> {
  @usableFromInline let call: (Input, inout Bool) -> Signal<Value, Failure>?

  @inlinable
  init(_ call: @escaping (Input, inout Bool) -> Signal<Value, Failure>?) { self.call = call }
}
