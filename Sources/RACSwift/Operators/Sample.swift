extension Signal {
  /// On each value of `sampler`, sends the receiver's latest value — nothing before the
  /// receiver's first value, and the same value again if nothing new arrived (RAC's `-sample:`).
  /// Completes or fails when either side does.
  ///
  /// ```swift
  /// mousePosition.sample(clicks)  // where the mouse was at each click
  /// ```
  @inlinable
  public func sample<T>(_ sampler: Signal<T, Failure>) -> Signal<Value, Failure> {
    appending(paired: SampleStage(other: sampler), name: "sample:")
  }
}

/// The stage of `sample(_:)`: keeps the receiver's latest value and sends it on each tick of
/// the sampler.
@usableFromInline
struct SampleStage<Value, Tick, Failure: Error>: PairedStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline typealias OtherFailure = Failure
  /// The sampler.
  @usableFromInline let other: Signal<Tick, Failure>

  @inlinable init(other: Signal<Tick, Failure>) { self.other = other }

  /// The receiver's latest value: none yet.
  @inlinable func makeState() -> Value? { nil }

  @inlinable
  func receive(
    _ event: PairedEvent<Value, Failure, Tick, Failure>, state latest: inout Value?,
    output: PairedOutput<Self>
  ) {
    switch event {
    case .input(.next(let value)): latest = value
    case .input(let end): output.send(end)
    case .other(.next): if let latest { output.send(.next(latest)) }
    case .other(let end): output.send(end.terminal())
    }
  }
}
