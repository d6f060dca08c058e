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
    source(ErrorSource(error: error), name: .sourceWithState("+error"))
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
    source(DeferSource(makeSignal: makeSignal), name: .source("+defer"))
      .startingSubscriptions(on: isolation)
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
    source(SequenceSource(sequence: sequence), name: .source("+from"))
  }
}

extension Signal where Failure == Never {
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

/// The source of `error`: fails with `error` at once. Its description is the error, which the
/// name shows (`+error: …`).
@usableFromInline
struct ErrorSource<Value, Failure: Error>: SynchronousSourceStage, CustomStringConvertible {
  @usableFromInline let error: Failure

  @inlinable init(error: Failure) { self.error = error }

  @usableFromInline var description: String { String(describing: error) }

  @inlinable @inline(__always)
  func run(_ send: (inout Event<Value, Failure>) -> Void, scope: SynchronousScope) {
    emit(.error(error), to: send)
  }
}

/// The source of `defer`: calls `makeSignal` for each subscription and subscribes to its result.
@usableFromInline
struct DeferSource<Value, Failure: Error>: SubscribingSourceStage {
  @usableFromInline let makeSignal: () -> Signal<Value, Failure>

  @inlinable init(makeSignal: @escaping () -> Signal<Value, Failure>) {
    self.makeSignal = makeSignal
  }

  @inlinable
  func subscribe(sink: @escaping Signal<Value, Failure>.Sink, scope: SubscriptionScope) {
    makeSignal().subscribe(sink: sink, scope: scope)
  }
}

/// The source of `from`: iterates `sequence` again for each subscription, on the subscribing
/// thread, and completes; disposal stops the iteration.
@usableFromInline
struct SequenceSource<Elements: Sequence, Failure: Error>: SynchronousSourceStage {
  @usableFromInline typealias Value = Elements.Element
  @usableFromInline let sequence: Elements

  @inlinable init(sequence: Elements) { self.sequence = sequence }

  @inlinable @inline(__always)
  func run(_ send: (inout Event<Value, Failure>) -> Void, scope: SynchronousScope) {
    // Check after each value, so disposal stops the iteration before another element is
    // produced.
    if scope.isDisposed { return }
    var iterator = sequence.makeIterator()
    while let value = iterator.next() {
      emit(.next(value), to: send)
      if scope.isDisposed { return }
    }
    emit(.completed, to: send)
  }
}
