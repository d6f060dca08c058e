extension Signal {
  /// Keeps the values for which `isIncluded` returns `true` (RAC's `-filter:`).
  ///
  /// ```swift
  /// Signal.from(1...6).filter { $0.isMultiple(of: 2) }  // 2, 4, 6
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `isIncluded` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func filter(
    _ isIncluded: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    // `consuming`: the new signal takes over the caller's reference to `self`, so a chain built
    // in one expression hands its temporaries on without a retain and a release per operator —
    // and a template operator (`map`, `scan`, …) only this call references can take the
    // predicate itself (one stage less per event, one signal less per chain; see
    // ``StageSignal``).
    var source = (consume self).isolated(to: isolation)
    if source.customNameStorage.isEmpty, isKnownUniquelyReferenced(&source),
      source.joinFilter(isIncluded)
    {
      return source
    }
    return source.appending(FilterStage(isIncluded), name: .input("filter:"))
  }

  /// Transforms each value with `transform` and sends the results that are not `nil`; errors and
  /// completion pass through. The optional-aware form of `map` followed by RAC's `-ignore:nil`,
  /// in one stage.
  ///
  /// ```swift
  /// Signal.from(["1", "two", "3"]).compactMap { Int($0) }  // 1, 3
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `transform` may use the actor's state and
  /// runs only on it; elsewhere it runs where the values arrive (see <doc:Concurrency>).
  @inlinable
  public consuming func compactMap<T>(
    _ transform: @escaping (Value) -> T?, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    // `consuming`, as `map` and `filter`: a chain built in one expression hands its temporaries
    // on without a retain and a release per operator.
    (consume self).isolated(to: isolation).appending(
      CompactMapStage(transform), name: .input("compactMap:"))
  }

  /// The values of a signal of optionals that are not `nil` (RAC's `-ignore:nil`); errors and
  /// completion pass through.
  ///
  /// ```swift
  /// Signal.from([1, nil, 3]).skipNil()  // 1, 3
  /// ```
  @inlinable
  public consuming func skipNil<Wrapped>() -> Signal<Wrapped, Failure> where Value == Wrapped? {
    (consume self).appending(CompactMapStage { $0 }, name: .input("skipNil"))
  }

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

  /// Skips the first `count` values, then sends the rest (RAC's `-skip:`).
  ///
  /// ```swift
  /// Signal.from(1...5).skip(2)  // 3, 4, 5
  /// ```
  @inlinable
  public func skip(_ count: Int) -> Signal<Value, Failure> {
    appending(SkipStage(count: count), name: .inputCount("skip:", count))
  }
}

/// The stage of `filter`: sends the values `isIncluded` keeps, and the terminal event.
@usableFromInline
struct FilterStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let isIncluded: (Value) -> Bool
  @inlinable init(_ isIncluded: @escaping (Value) -> Bool) { self.isIncluded = isIncluded }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if event.passes(isIncluded) { send(&event) }
  }
}

/// The stage of `compactMap` and `skipNil`: sends the transformed values that are not `nil`,
/// and the terminal event.
@usableFromInline
struct CompactMapStage<Input, Value, Failure: Error>: SignalStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let transform: (Input) -> Value?
  @inlinable init(_ transform: @escaping (Input) -> Value?) { self.transform = transform }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Input, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    switch event {
    case .next(let value): if let mapped = transform(value) { emit(.next(mapped), to: send) }
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
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

/// The stage of `ignore(_:)`: drops the values equal to `ignored`. Its description is the
/// ignored value, which the operator's name shows (`-ignore: 0`).
@usableFromInline
struct IgnoreStage<Value: Equatable, Failure: Error>: SignalStage, CustomStringConvertible {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let ignored: Value
  @inlinable init(ignored: Value) { self.ignored = ignored }

  @usableFromInline var description: String { String(describing: ignored) }

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if case .next(let value) = event, value == ignored { return }
    send(&event)
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

/// The stage of `ignoreValues`: sends only the terminal event.
@usableFromInline
struct IgnoreValuesStage<Value, Failure: Error>: SignalStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @inlinable init() {}

  @inlinable @inline(__always)
  func receive(
    _ event: inout Event<Value, Failure>, state: inout Void, send: Signal<Value, Failure>.Sink
  ) {
    if case .next = event { return }
    send(&event)
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

extension Signal where Value: Equatable {
  /// Drops values equal to `value`, comparing where the values arrive: the form of
  /// ``ignore(_:isolation:)`` for a `Sendable` value that code compiled against an earlier
  /// release calls.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable @_disfavoredOverload
  public func ignore(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    ignoring(value, from: self)
  }

  /// Drops values equal to `value` (RAC's `-ignore:`).
  ///
  /// Written on an actor (a `@MainActor` view model), the comparison runs on that actor, as a
  /// closure's would: values that arrive elsewhere are carried there first, so `value` need not
  /// be `Sendable`. Written outside any actor, it runs where the values arrive.
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable
  public func ignore(_ value: Value, isolation: isolated (any Actor)? = #isolation)
    -> Signal<Value, Failure>
  {
    ignoring(value, from: isolated(to: isolation))
  }

  /// The `ignore` stage on `source`.
  @inlinable
  func ignoring(_ value: Value, from source: Signal<Value, Failure>) -> Signal<Value, Failure> {
    source.appending(IgnoreStage(ignored: value), name: .applied(nil, "ignore:", .state))
  }

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

  /// Drops every value; passes the error or completion (RAC's `-ignoreValues`). The
  /// value type stays, as in RAC, so the result composes with the receiver (`then`, `merge`).
  ///
  /// ```swift
  /// save.ignoreValues().then { .just("saved") }
  /// ```
  @inlinable
  public func ignoreValues() -> Signal<Value, Failure> {
    appending(IgnoreValuesStage(), name: .input("ignoreValues"))
  }

  /// The last `count` values, sent when the receiver completes (RAC's `-takeLast:`).
  ///
  /// ```swift
  /// Signal.from(1...5).takeLast(2)  // 4, 5 (after completion)
  /// ```
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "takeLast count must not be negative")
    return appending(
      subscribing: TakeLastStage(count: count), name: .inputCount("takeLast:", count))
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

/// The subscribing stage of `takeLast`: keeps the last `count` values of a subscription and
/// sends them, then the completion, when the input completes.
@usableFromInline
struct TakeLastStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let count: Int
  @inlinable init(count: Int) { self.count = count }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let count = self.count
    let state = FoldState(accumulator: RingBuffer<Value>())
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value):
          guard count > 0 else { return }
          if state.accumulator.count == count { _ = state.accumulator.popFirst() }
          state.accumulator.append(value)
        case .error:
          sink(&event)
        case .completed:
          while let value = state.accumulator.popFirst() {
            if scope.isDisposed { return }
            emit(.next(value), to: sink)
          }
          emit(.completed, to: sink)
        }
      }, scope: scope)
  }
}
