extension Signal {
  /// Subscribes with closures for the events you care about (RAC's
  /// `-subscribeNext:error:completed:`) and returns the subscription's disposable.
  ///
  /// The subscription ends by itself after `error` or `completed` (disposed before that handler
  /// runs); dispose it to end it earlier. Once `dispose()` has returned, no handler starts:
  /// called from another thread while a handler runs, it waits for that handler
  /// to return; called from inside one of this subscription's handlers, it returns at once.
  ///
  /// Handlers run where the signal delivers (any thread, serially — RAC's rule), unless you
  /// subscribe from an actor: then they run on that actor, synchronously when the event already
  /// arrives there (the main actor on the main thread), else enqueued in order. So a
  /// `@MainActor` view model can subscribe with plain closures that touch its state.
  ///
  /// ```swift
  /// let subscription = results.subscribe(
  ///   next: { print("got", $0) },
  ///   error: { print("failed:", $0) },
  ///   completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - next: Runs for each value.
  ///   - error: Runs if the signal fails.
  ///   - completed: Runs if the signal completes.
  ///   - isolation: The caller's actor, filled in by the compiler.
  ///   - file: Where the subscription is made, shown by `logNext()` and friends.
  ///   - line: Where the subscription is made.
  /// - Returns: The subscription's disposable — already disposed if the signal finished during
  ///   this call (`just`, `from`, … deliver everything at once).
  @inlinable
  @discardableResult
  public final func subscribe(
    next: ((Value) -> Void)? = nil,
    error: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> any Disposable {
    // A synchronous signal delivers every event before this returns, on this thread — on the
    // caller's actor, if it has one.
    if let path = synchronousPath {
      return subscribeFinishing(path, next: next, error: error, completed: completed)
    }
    let origin = SubscriptionOrigin(file: file, line: line)
    if error == nil, completed == nil, let next {
      let subscription = NextHandlerScope<Value, Failure>(next: next, origin: origin)
      subscription.ledger.subscription(subscription, subscribes: self, handlersRunOn: isolation)
      start(root: subscription, isolation: isolation) { subscription.receive($0) }
      return subscription
    }
    let subscription = HandlerScope<Value, Failure>(
      next: next, error: error, completed: completed, origin: origin)
    subscription.ledger.subscription(subscription, subscribes: self, handlersRunOn: isolation)
    start(root: subscription, isolation: isolation) { subscription.receive($0) }
    return subscription
  }

  /// `subscribe(next:error:completed:)` of a synchronous signal (``isSynchronous``) without an
  /// actor: every event, the terminal one included, is handled before this returns, so the
  /// subscription needs nothing on the heap (see ``FinishedSubscription``). The handlers see
  /// what a ``HandlerScope`` would show them: values, then one terminal event.
  @inlinable
  final func subscribeFinishing(
    _ path: SynchronousPath<Value, Failure>,
    next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?
  ) -> any Disposable {
    var finished = false
    if error == nil, completed == nil, let next {
      // `subscribe(next:)`: a stage that captures one handler and the flag is called without
      // unpacking a larger context for every event.
      subscribe(
        path,
        stage: { event in
          if case .next(let value) = event {
            if !finished { next(value) }
          } else {
            finished = true
          }
        }, scope: .unscoped)
    } else {
      subscribe(
        path,
        stage: { event in
          if finished { return }
          switch event {
          case .next(let value):
            next?(value)
          case .error(let failure):
            finished = true
            error?(failure)
          case .completed:
            finished = true
            completed?()
          }
        }, scope: .unscoped)
    }
    assert(finished, "a synchronous signal returned from subscribe without a terminal event")
    return finishedSubscription
  }

  /// `subscribe(next:error:completed:)` delivering on `target` (an actor known only at run
  /// time, e.g. one remembered by a binding).
  @usableFromInline
  final func subscribe(
    next: ((Value) -> Void)?, error: ((Failure) -> Void)? = nil, completed: (() -> Void)? = nil,
    deliveringOn target: (any Actor)?, file: StaticString = #fileID, line: UInt = #line
  ) -> any Disposable {
    let subscription = HandlerScope<Value, Failure>(
      next: next, error: error, completed: completed,
      origin: SubscriptionOrigin(file: file, line: line))
    subscription.ledger.subscription(subscription, subscribes: self, handlersRunOn: target)
    start(root: subscription, isolation: target) { subscription.receive($0) }
    return subscription
  }

  /// Starts a subscription whose end is `deliver`, run on `isolation` when there is one (through
  /// a ``Hop``, unless this signal's events arrive there already: ``deliveryActor``).
  @inlinable @inline(__always)
  final func start(
    root: SubscriptionScope, isolation: (any Actor)?,
    deliver: @escaping (inout Event<Value, Failure>) -> Void
  ) {
    if let isolation, !delivers(on: isolation) {
      let hop = Hop<Event<Value, Failure>>(to: HopTarget(actor: isolation), deliver: deliver)
      subscribe(sink: { hop.receive($0) }, scope: root)
    } else {
      subscribe(sink: deliver, scope: root)
    }
  }

  /// Subscribes `subscriber` — a ``Subscriber`` or a subject — and returns the subscription's
  /// disposable (RAC's `-subscribe:`). A subject subscribed to itself is a programming error
  /// (it would feed itself forever) and stops the program with a message saying so.
  ///
  /// ```swift
  /// let results = ReplaySubject<Data, URLError>()
  /// request.subscribe(results)  // share one request with every subscriber of `results`
  /// ```
  @inlinable
  @discardableResult
  public final func subscribe<S: SubscriberProtocol>(
    _ subscriber: S, file: StaticString = #fileID, line: UInt = #line
  ) -> any Disposable where S.Value == Value, S.Failure == Failure {
    if ObjectIdentifier(subscriber) == ObjectIdentifier(self) {
      // `fatalError`, not `precondition`: the message must reach release builds too.
      fatalError(
        "subscribe(_:): a subject cannot subscribe to itself — every value it sends would be "
          + "sent into it again, forever")
    }
    let scope = SubscriptionScope(origin: SubscriptionOrigin(file: file, line: line))
    scope.ledger.subscription(scope, subscribes: self, handlersRunOn: nil)
    subscriber.didSubscribe(with: scope)
    subscribe(
      sink: { event in
        subscriber.send(event)
        if event.isTerminal { scope.dispose() }
      }, scope: scope)
    return scope
  }
}
