extension Signal where Value: Equatable {
  /// Drops a value equal to the previous one; the first value always passes (RAC's
  /// `-distinctUntilChanged`).
  ///
  /// ```swift
  /// Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged()  // 1, 2, 1
  /// ```
  @inlinable
  public func distinctUntilChanged() -> Signal<Value, Failure> {
    distinct(by: ==, name: .input("distinctUntilChanged"))
  }
}

extension Signal {
  /// Drops a value `isEquivalent` to the previous one; the first value always passes.
  ///
  /// ```swift
  /// users.distinctUntilChanged { $0.id == $1.id }
  /// ```
  @inlinable
  public func distinctUntilChanged(
    _ isEquivalent: @escaping (Value, Value) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    isolated(to: isolation).distinct(by: isEquivalent, name: .input("distinctUntilChanged:"))
  }

  @inlinable
  func distinct(
    by isEquivalent: @escaping (Value, Value) -> Bool, name: SignalNameNode
  ) -> Signal<Value, Failure> {
    appending(DistinctStage(isEquivalent: isEquivalent), name: name)
  }
}

/// The stage of `distinctUntilChanged`: drops a value equivalent to the last one sent.
@usableFromInline
struct DistinctStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let isEquivalent: (Value, Value) -> Bool
  @inlinable init(isEquivalent: @escaping (Value, Value) -> Bool) {
    self.isEquivalent = isEquivalent
  }

  /// The subscription's last value sent, `nil` before the first.
  @inlinable func makeState() -> Value? { nil }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state previous: inout Value?,
    send: Signal<Value, Failure>.Sink
  ) {
    if case .next(let value) = event {
      if let previous, isEquivalent(previous, value) { return }
      previous = value
    }
    send(&event)
  }
}
