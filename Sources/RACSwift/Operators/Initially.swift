extension Signal {
  /// Runs `body` each time the signal is subscribed, before the receiver is (RAC's
  /// `-initially:`); it runs on the subscribing thread.
  ///
  /// ```swift
  /// fetch.initially { spinner.start() }
  /// ```
  ///
  /// Written on an actor, `body` may use the actor's state and runs only on it: the subscription
  /// starts there (see <doc:Concurrency>).
  public func initially(
    _ body: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    appending(subscribing: InitiallyStage(body: body), name: .input("initially:"))
      .startingSubscriptions(on: isolation)
  }
}

/// The subscribing stage of `initially`: runs `body` as each subscription starts, then
/// subscribes to the input unless that disposed the subscription.
struct InitiallyStage<Value, Failure: Error>: SubscribingStage {
  typealias Input = Value
  typealias InputFailure = Failure
  let body: () -> Void

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    body()
    if scope.isDisposed { return }
    input.subscribe(sink: sink, scope: scope)
  }
}
