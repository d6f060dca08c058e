extension Signal {
  /// Ignores the receiver's values and, when it completes, subscribes to the signal `next`
  /// makes (made only then); an error skips it (RAC's `-then:`).
  ///
  /// ```swift
  /// saveDraft.then { publish(draft) }
  /// ```
  @inlinable
  public func then<T>(
    _ next: @escaping () -> Signal<T, Failure>, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<T, Failure> {
    isolated(to: isolation).appending(subscribing: ThenStage(next: next), name: .input("then:"))
  }
}

/// The subscribing stage of `then`: ignores the input's values and, when it completes,
/// subscribes to the signal `next` makes; an error is forwarded instead.
@usableFromInline
struct ThenStage<Input, Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let next: () -> Signal<Value, Failure>
  @inlinable init(next: @escaping () -> Signal<Value, Failure>) { self.next = next }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let next = self.next
    let child = scope.makeChild()
    input.subscribe(
      sink: { event in
        switch event {
        case .next: break
        case .error(let error): emit(.error(error), to: sink)
        case .completed:
          scope.endChild(child)
          if scope.isDisposed { return }
          next().subscribe(sink: sink, scope: scope)
        }
      }, scope: child)
  }
}
