extension Signal {
  /// Skips the first `count` values, then sends the rest (RAC's `-skip:`).
  ///
  /// ```swift
  /// Signal.from(1...5).skip(2)  // 3, 4, 5
  /// ```
  @inlinable
  public func skip(_ count: Int) -> Signal<Value, Failure> {
    appending(SkipStage(count: count), name: .inputCount("skip:", count))
  }

  /// Drops values while `predicate` holds, then forwards everything from the first value failing
  /// it (RAC's `-skipWhileBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).skip(while: { $0 < 3 })  // 5, 1
  /// ```
  @inlinable
  public func skip(
    while predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).skipUntilMatch(name: .input("skipWhileBlock:")) { !predicate($0) }
  }

  /// Drops values until `predicate` first holds, then forwards everything, that value included
  /// (RAC's `-skipUntilBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).skip(until: { $0 > 3 })  // 5, 1
  /// ```
  @inlinable
  public func skip(
    until predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).skipUntilMatch(name: .input("skipUntilBlock:"), predicate)
  }

  @inlinable
  func skipUntilMatch(
    name: SignalNameNode, _ isStart: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    appending(SkipUntilMatchStage(isStart: isStart), name: name)
  }
}

/// The stage of `skip(_:)`: counts down the values still to drop.
@usableFromInline
struct SkipStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let count: Int
  @inlinable init(count: Int) { self.count = count }

  @inlinable func makeState() -> Int { count }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state remaining: inout Int,
    send: Signal<Value, Failure>.Sink
  ) {
    if case .next = event, remaining > 0 {
      remaining -= 1
    } else {
      send(&event)
    }
  }
}

/// The stage of `skip(while:)` and `skip(until:)`: drops values until `isStart` holds for one,
/// then forwards everything from it on.
@usableFromInline
struct SkipUntilMatchStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let isStart: (Value) -> Bool
  @inlinable init(isStart: @escaping (Value) -> Bool) { self.isStart = isStart }

  /// Whether a value has met `isStart`.
  @inlinable func makeState() -> Bool { false }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state started: inout Bool,
    send: Signal<Value, Failure>.Sink
  ) {
    if case .next(let value) = event, !started {
      guard isStart(value) else { return }
      started = true
    }
    send(&event)
  }
}
