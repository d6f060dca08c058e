extension Signal {
  /// Sends the first `count` values, then completes at once and disposes the subscription to
  /// the receiver, even if the receiver never completes (RAC's `-take:`). `take(0)` completes
  /// without subscribing to the receiver.
  ///
  /// ```swift
  /// Signal.from(1...).take(3)  // 1, 2, 3
  /// ```
  @inlinable
  public func take(_ count: Int) -> Signal<Value, Failure> {
    appending(TakeStage(count: count), name: .inputCount("take:", count))
  }

  /// Forwards values while `predicate` holds; completes at the first value failing it (RAC's
  /// `-takeWhileBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).take(while: { $0 < 3 })  // 1, 2
  /// ```
  @inlinable
  public func take(
    while predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).takeUntilMatch(name: .input("takeWhileBlock:")) { !predicate($0) }
  }

  /// Forwards values until `predicate` first holds, then completes; the matching value is not
  /// sent (RAC's `-takeUntilBlock:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 5, 1]).take(until: { $0 > 3 })  // 1, 2
  /// ```
  @inlinable
  public func take(
    until predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).takeUntilMatch(name: .input("takeUntilBlock:"), predicate)
  }

  @inlinable
  func takeUntilMatch(
    name: SignalNameNode, _ isEnd: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    appending(TakeUntilMatchStage(isEnd: isEnd), name: name)
  }
}

/// The stage of `take(_:)`: counts down the values still to send; completes after the last.
@usableFromInline
struct TakeStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let count: Int
  @inlinable init(count: Int) { self.count = count }

  @inlinable static var mayEndBeforeInput: Bool { true }
  @inlinable var completesAtStart: Bool { count <= 0 }
  @inlinable func makeState() -> Int { count }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state remaining: inout Int,
    send: Signal<Value, Failure>.Sink
  ) {
    guard remaining > 0 else { return }
    if case .next = event {
      remaining -= 1
      send(&event)
      if remaining == 0 { emit(.completed, to: send) }
    } else {
      remaining = 0
      send(&event)
    }
  }
}

/// The stage of `take(while:)` and `take(until:)`: forwards values until `isEnd` holds for
/// one, then completes instead of sending it.
@usableFromInline
struct TakeUntilMatchStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let isEnd: (Value) -> Bool
  @inlinable init(isEnd: @escaping (Value) -> Bool) { self.isEnd = isEnd }

  @inlinable static var mayEndBeforeInput: Bool { true }
  /// Closed once the subscription has sent its terminal event.
  @inlinable func makeState() -> TerminalLatch { TerminalLatch() }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state latch: inout TerminalLatch,
    send: Signal<Value, Failure>.Sink
  ) {
    if latch.isClosed { return }
    if case .next(let value) = event, isEnd(value) {
      latch.isClosed = true
      return emit(.completed, to: send)
    }
    if latch.admit(event) { send(&event) }
  }
}
