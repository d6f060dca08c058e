extension Signal {
  /// A cold signal that runs `didSubscribe` for every subscription (RAC's `+createSignal:`).
  ///
  /// Send events into the ``Subscriber`` from any thread; return a disposable that cancels the
  /// work (it is disposed when the subscription is disposed or finishes), or `nil`.
  ///
  /// ```swift
  /// let request = Signal<Data, URLError> { subscriber in
  ///   let task = session.dataTask(with: url) { data, _, error in
  ///     if let data { subscriber.sendNext(data); subscriber.sendCompleted() }
  ///     else { subscriber.sendError(error as? URLError ?? URLError(.unknown)) }
  ///   }
  ///   task.resume()
  ///   return AnyDisposable { task.cancel() }
  /// }
  /// ```
  ///
  /// Written on an actor (a `@MainActor` view model), `didSubscribe` may use the actor's state and
  /// runs only on it: at once for a subscription made there, else when the actor gets to it
  /// (see <doc:Concurrency>).
  @inlinable
  public convenience init(
    _ didSubscribe: @escaping (Subscriber<Value, Failure>) -> (any Disposable)?,
    isolation: isolated (any Actor)? = #isolation
  ) {
    guard let isolation else {
      self.init(name: .source("+create")) { _, sink, scope in
        let subscriber = Subscriber(forwardingTo: sink, within: scope)
        if let disposable = didSubscribe(subscriber) { subscriber.lifetime.add(disposable) }
      }
      return
    }
    let created = Signal(didSubscribe, isolation: nil).started(on: isolation)
    self.init(name: .source("+create")) { _, sink, scope in
      created.subscribe(sink: sink, scope: scope)
    }
  }

  /// A signal that sends `value`, then completes (RAC's `+return:`).
  @inlinable
  public static func just(_ value: Value) -> Signal<Value, Failure> {
    OperatorSignal<Value, Failure, Value>(synchronous: .sourceWithState("+just"), state: value) {
      signal, sink, scope in
      emit(.next(OperatorSignal<Value, Failure, Value>.state(of: signal)), to: sink)
      if !scope.isDisposed { emit(.completed, to: sink) }
    }
  }

  /// A signal that completes at once without values (RAC's `+empty`).
  @inlinable
  public static var empty: Signal<Value, Failure> {
    Signal(synchronous: .source("+empty")) { _, sink, _ in emit(.completed, to: sink) }
  }

  /// A signal that never sends anything (RAC's `+never`).
  @inlinable
  public static var never: Signal<Value, Failure> {
    Signal(name: .source("+never")) { _, _, _ in }
  }

  /// A signal that fails with `error` at once (RAC's `+error:`).
  @inlinable
  public static func error(_ error: Failure) -> Signal<Value, Failure> {
    OperatorSignal<Value, Failure, Failure>(synchronous: .sourceWithState("+error"), state: error) {
      signal, sink, _ in
      emit(.error(OperatorSignal<Value, Failure, Failure>.state(of: signal)), to: sink)
    }
  }

  /// A signal that calls `makeSignal` on every subscription and subscribes to its result (RAC's
  /// `+defer:`): turns a hot signal cold, or delays work until someone subscribes.
  ///
  /// ```swift
  /// let fresh = Signal.defer { Signal<Date, Never>.just(Date()) }
  /// ```
  ///
  /// Written on an actor, `makeSignal` may use the actor's state and runs only on it (see
  /// <doc:Concurrency>).
  @inlinable
  public static func `defer`(
    _ makeSignal: @escaping () -> Signal<Value, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> {
    typealias State = () -> Signal<Value, Failure>
    return OperatorSignal<Value, Failure, State>(name: .source("+defer"), state: makeSignal) {
      signal, sink, scope in
      let inner = OperatorSignal<Value, Failure, State>.state(of: signal)()
      inner.subscribe(sink: sink, scope: scope)
    }.startingSubscriptions(on: isolation)
  }

  /// A signal that sends the elements of `sequence` in order, then completes. Each subscription
  /// iterates again, on the subscribing thread; disposal stops the iteration.
  ///
  /// ```swift
  /// Signal<Int, Never>.from(1...3).subscribe(next: { print($0) })  // 1, 2, 3
  /// ```
  ///
  /// A sequence that is not `Sendable` (an array of non-`Sendable` models) is taken by
  /// `from(_:isolation:)`, which iterates it on the caller's actor.
  @inlinable
  public static func from<S: Sequence & Sendable>(_ sequence: S) -> Signal<Value, Failure>
  where S.Element == Value {
    iterating(sequence)
  }

  // Not disfavoured, unlike the isolated forms of `mapReplace` and `startWith`: Swift ranks
  // `from(_:)` first wherever the sequence is `Sendable` (its requirement makes it the more
  // specific), and this form only where the sequence is not, so a call that compiled before keeps
  // iterating where it is subscribed. Disfavoured, this form would never be chosen: the type
  // checker takes `from(_:)` for a sequence that is not `Sendable` too, and only then reports the
  // missing conformance. `IsolatedOperandsTests.fromSendableUnchanged` holds the ranking.
  /// A signal that sends the elements of a sequence that is not `Sendable`, in order, then
  /// completes: each subscription starts on the caller's actor and iterates there.
  ///
  /// Written on an actor (a `@MainActor` view model), a subscription made there iterates at once,
  /// and one made elsewhere starts when the actor gets to it, so the sequence and its elements —
  /// models that are not `Sendable`, a lazy sequence whose closure uses the actor's state — are
  /// read only on that actor. Written outside any actor, each subscription iterates on its own
  /// thread, as `from(_:)` does.
  ///
  /// ```swift
  /// @MainActor final class AlbumViewModel {
  ///   var photos: [PhotoModel] = []  // PhotoModel is a class that is not Sendable
  ///   func thumbnails() -> Signal<PhotoModel, Never> { Signal.from(photos) }
  /// }
  /// ```
  ///
  /// A `Sendable` sequence takes `from(_:)` wherever it is written, as before: it is iterated on
  /// the subscribing thread.
  @inlinable
  public static func from<S: Sequence>(
    _ sequence: S, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Failure> where S.Element == Value {
    iterating(sequence).startingSubscriptions(on: isolation)
  }

  /// The signal of `from`: iterates `sequence` on each subscribing thread.
  @inlinable
  static func iterating<S: Sequence>(_ sequence: S) -> Signal<Value, Failure>
  where S.Element == Value {
    OperatorSignal<Value, Failure, S>(synchronous: .source("+from"), state: sequence) {
      signal, sink, scope in
      // Check after each value, so disposal stops the iteration before another element is
      // produced.
      if scope.isDisposed { return }
      var iterator = OperatorSignal<Value, Failure, S>.state(of: signal).makeIterator()
      while let value = iterator.next() {
        emit(.next(value), to: sink)
        if scope.isDisposed { return }
      }
      emit(.completed, to: sink)
    }
  }
}

extension Signal where Failure == Never {
  /// A signal that sends `value`, then completes; it never fails.
  ///
  /// ```swift
  /// Signal.just(42).subscribe(next: { print($0) })
  /// ```
  @inlinable
  public static func just(_ value: Value) -> Signal<Value, Never> {
    OperatorSignal<Value, Never, Value>(synchronous: .sourceWithState("+just"), state: value) {
      signal, sink, scope in
      emit(.next(OperatorSignal<Value, Never, Value>.state(of: signal)), to: sink)
      if !scope.isDisposed { emit(.completed, to: sink) }
    }
  }

  /// A signal of the elements of `sequence` that never fails.
  @inlinable
  public static func from<S: Sequence & Sendable>(_ sequence: S) -> Signal<Value, Never>
  where S.Element == Value {
    iterating(sequence)
  }

  /// A signal of the elements of a sequence that is not `Sendable`, which never fails: each
  /// subscription starts on the caller's actor and iterates there (see `from(_:isolation:)`).
  ///
  /// ```swift
  /// Signal.from(photos)  // [PhotoModel], in a @MainActor view model
  /// ```
  @inlinable
  public static func from<S: Sequence>(
    _ sequence: S, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Value, Never> where S.Element == Value {
    iterating(sequence).startingSubscriptions(on: isolation)
  }
}
