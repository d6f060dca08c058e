extension Signal {
  /// Sends `value` first, then the receiver's values (RAC's `-startWith:`, A7-12).
  ///
  /// ```swift
  /// results.startWith([])  // an empty list until the first result
  /// ```
  @inlinable
  public func startWith(_ value: Value) -> Signal<Value, Failure> where Value: Sendable {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Value>
    return Op(name: .unaryWithState(self, "startWith:"), source: self, parameter: value) {
      signal, sink, scope in
      let op = Op.cast(signal)
      sink(.next(op.parameter))
      if scope.isDisposed { return }
      op.source.subscribe(sink: sink, scope: scope)
    }
  }

  /// Ignores the receiver's values and, when it completes, subscribes to the signal `next`
  /// makes (made only then); an error skips it (RAC's `-then:`, A7-18).
  ///
  /// ```swift
  /// saveDraft.then { publish(draft) }
  /// ```
  @inlinable
  public func then<T>(
    _ next: @escaping () -> Signal<T, Failure>, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    let source = isolated(to: isolation)
    return Signal<T, Failure>(name: .unary(self, "then:")) { _, sink, scope in
      let child = scope.makeChild()
      source.subscribe(
        sink: { event in
          switch event {
          case .next: break
          case .error(let error): sink(.error(error))
          case .completed:
            scope.endChild(child)
            if scope.isDisposed { return }
            next().subscribe(sink: sink, scope: scope)
          }
        }, scope: child)
    }
  }
}
