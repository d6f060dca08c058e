extension Signal {
  /// Replaces every value with `value` (RAC's `-mapReplace:`).
  ///
  /// ```swift
  /// buttonTaps.mapReplace(true)
  /// ```
  @inlinable
  public func mapReplace<T: Sendable>(_ value: T) -> Signal<T, Failure> {
    typealias Op = UnarySignal<Value, Failure, T, Failure, T>
    return Op(name: .unaryWithState(self, "mapReplace:"), source: self, parameter: value) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let replacement = op.parameter
      op.source.subscribe(
        sink: { event in
          switch event {
          case .next: sink(.next(replacement))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, scope: scope)
    }
  }

  /// Sends `combine(previous, current)` for each value, with `start` as the first previous; the
  /// result is not fed back (RAC's `-combinePreviousWithStart:reduce:`).
  ///
  /// ```swift
  /// Signal.from([1, 2, 3]).combinePrevious(1) { "\($0) - \($1)" }  // "1 - 1", "1 - 2", "2 - 3"
  /// ```
  @inlinable
  public func combinePrevious<T>(
    _ start: Value, _ combine: @escaping (Value, Value) -> T,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> where Value: Sendable {
    let source = isolated(to: isolation)
    return Signal<T, Failure>(name: .unary(self, "combinePreviousWithStart:reduce:")) {
      _, sink, scope in
      let state = FoldState(accumulator: start)
      source.subscribe(
        sink: { event in
          switch event {
          case .next(let value):
            let previous = state.accumulator
            state.accumulator = value
            sink(.next(combine(previous, value)))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, scope: scope)
    }
  }

  /// Each event as a value: values, then the terminal event, then completion (RAC's
  /// `-materialize`). The result never fails.
  ///
  /// ```swift
  /// request.materialize()  // next(.next(data)), next(.completed), completed
  /// ```
  @inlinable
  public func materialize() -> Signal<Event<Value, Failure>, Never> {
    let source = self
    return Signal<Event<Value, Failure>, Never>(name: .unary(self, "materialize")) {
      _, sink, scope in
      source.subscribe(
        sink: { event in
          sink(.next(event))
          if event.isTerminal && !scope.isDisposed { sink(.completed) }
        }, scope: scope)
    }
  }
}

extension Signal {
  /// Turns events sent as values back into events: a `.completed` value completes, an `.error`
  /// value fails (RAC's `-dematerialize`).
  ///
  /// ```swift
  /// signal.materialize().dematerialize()  // the original signal
  /// ```
  @inlinable
  public func dematerialize<T>() -> Signal<T, Failure> where Value == Event<T, Failure> {
    let source = self
    return Signal<T, Failure>(name: .unary(self, "dematerialize")) { _, sink, scope in
      let guardState = TerminalGuard(sink: sink)
      source.subscribe(
        sink: { event in
          switch event {
          case .next(let inner): guardState.send(inner)
          case .error(let error): guardState.send(.error(error))
          case .completed: guardState.send(.completed)
          }
        }, scope: scope)
    }
  }

  /// Turns events sent as values of a never-failing signal back into events.
  ///
  /// ```swift
  /// let events: Signal<Event<Int, MyError>, Never> = results.materialize()
  /// let results2: Signal<Int, MyError> = events.dematerialize()
  /// ```
  @inlinable
  public func dematerialize<T, E: Error>() -> Signal<T, E>
  where Value == Event<T, E>, Failure == Never {
    let source = self
    return Signal<T, E>(name: .unary(self, "dematerialize")) { _, sink, scope in
      let guardState = TerminalGuard(sink: sink)
      source.subscribe(
        sink: { event in
          switch event {
          case .next(let inner): guardState.send(inner)
          case .completed: guardState.send(.completed)
          }
        }, scope: scope)
    }
  }
}
