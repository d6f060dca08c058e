extension Signal where Value: Equatable {
  /// Drops values equal to `value` (RAC's `-ignore:`).
  ///
  /// ```swift
  /// keystrokes.ignore("")
  /// ```
  @inlinable
  public func ignore(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Value>
    return Op(name: .unaryWithState(self, "ignore:"), source: self, parameter: value) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let ignored = op.parameter
      op.source.subscribe(
        sink: { event in
          if case .next(let value) = event, value == ignored { return }
          sink(event)
        }, scope: scope)
    }
  }

  /// Drops a value equal to the previous one; the first value always passes (RAC's
  /// `-distinctUntilChanged`, A7-10).
  ///
  /// ```swift
  /// Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged()  // 1, 2, 1
  /// ```
  @inlinable
  public func distinctUntilChanged() -> Signal<Value, Failure> {
    let source = self
    return Signal(name: .unary(self, "distinctUntilChanged")) { _, sink, scope in
      let state = FoldState<Value?>(accumulator: nil)
      source.subscribe(
        sink: { event in
          if case .next(let value) = event {
            if let previous = state.accumulator, previous == value { return }
            state.accumulator = value
          }
          sink(event)
        }, scope: scope)
    }
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
    isolated(to: isolation).distinct(by: isEquivalent, name: .unary(self, "distinctUntilChanged:"))
  }

  @inlinable
  func distinct(
    by isEquivalent: @escaping (Value, Value) -> Bool, name: SignalNameNode
  ) -> Signal<Value, Failure> {
    let source = self
    return Signal(name: name) { _, sink, scope in
      let state = FoldState<Value?>(accumulator: nil)
      source.subscribe(
        sink: { event in
          if case .next(let value) = event {
            if let previous = state.accumulator, isEquivalent(previous, value) { return }
            state.accumulator = value
          }
          sink(event)
        }, scope: scope)
    }
  }

  /// Drops every value; passes the error or completion (RAC's `-ignoreValues`, A7-07). The
  /// value type stays, as in RAC, so the result composes with the receiver (`then`, `merge`).
  ///
  /// ```swift
  /// save.ignoreValues().then { .just("saved") }
  /// ```
  @inlinable
  public func ignoreValues() -> Signal<Value, Failure> {
    let source = self
    return Signal(name: .unary(self, "ignoreValues")) { _, sink, scope in
      source.subscribe(
        sink: { event in
          if case .next = event { return }
          sink(event)
        }, scope: scope)
    }
  }

  /// The last `count` values, sent when the receiver completes (RAC's `-takeLast:`).
  ///
  /// ```swift
  /// Signal.from(1...5).takeLast(2)  // 4, 5 (after completion)
  /// ```
  @inlinable
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "takeLast count must not be negative")
    let source = self
    return Signal(name: .unaryCount(self, "takeLast:", count)) { _, sink, scope in
      let state = FoldState(accumulator: RingBuffer<Value>())
      source.subscribe(
        sink: { event in
          switch event {
          case .next(let value):
            guard count > 0 else { return }
            if state.accumulator.count == count { _ = state.accumulator.popFirst() }
            state.accumulator.append(value)
          case .error:
            sink(event)
          case .completed:
            while let value = state.accumulator.popFirst() {
              if scope.isDisposed { return }
              sink(.next(value))
            }
            sink(.completed)
          }
        }, scope: scope)
    }
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
    isolated(to: isolation).takeUntilMatch(name: .unary(self, "takeWhileBlock:")) { !predicate($0) }
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
    isolated(to: isolation).takeUntilMatch(name: .unary(self, "takeUntilBlock:"), predicate)
  }

  @inlinable
  func takeUntilMatch(
    name: SignalNameNode, _ isEnd: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    let source = self
    return Signal(name: name) { _, sink, scope in
      let guardState = TerminalGuard(sink: sink)
      source.subscribe(
        sink: { event in
          if case .next(let value) = event, isEnd(value) {
            guardState.send(.completed)
            return
          }
          guardState.send(event)
        }, scope: scope)
    }
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
    isolated(to: isolation).skipUntilMatch(name: .unary(self, "skipWhileBlock:")) { !predicate($0) }
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
    isolated(to: isolation).skipUntilMatch(name: .unary(self, "skipUntilBlock:"), predicate)
  }

  @inlinable
  func skipUntilMatch(
    name: SignalNameNode, _ isStart: @escaping (Value) -> Bool
  ) -> Signal<Value, Failure> {
    let source = self
    return Signal(name: name) { _, sink, scope in
      let state = FoldState(accumulator: false)
      source.subscribe(
        sink: { event in
          if case .next(let value) = event, !state.accumulator {
            guard isStart(value) else { return }
            state.accumulator = true
          }
          sink(event)
        }, scope: scope)
    }
  }

}
