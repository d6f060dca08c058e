import Observation

extension Signal where Failure == Never {
  /// A cold signal of `read()`'s value for `@Observable` models: the current value on
  /// subscription, then the value after each change of what `read` reads (RAC's `RACObserve`,
  /// for Observation). Disposal stops tracking.
  ///
  /// `read` runs on the actor you call `observe` from (the main actor for a view model): at once
  /// when subscribing there, and again after each change. Changes made in one stretch of work on
  /// that actor coalesce into one new value, read after the stretch ends — the value a screen
  /// would show.
  ///
  /// ```swift
  /// @Observable final class Model { var title = "" }
  /// let titles = Signal.observe { model.title }
  /// ```
  public static func observe(
    isolation: isolated (any Actor)? = #isolation, _ read: @escaping () -> Value
  ) -> Signal<Value, Never> {
    let reader = ObservationReader(read: read, isolation: isolation)
    return Signal(name: .source("+observe")) { _, sink, scope in
      ObservationTracker(reader: reader, sink: sink, scope: scope).start()
    }
  }
}

/// The user's read closure and where it must run.
///
/// Lock discipline: immutable. `read` is not `Sendable`: it is only ever called on `target` (the
/// actor `observe` was called from, or without one a serial queue), by one ``Hop`` per
/// subscription, one read at a time — which is what makes sharing it safe.
final class ObservationReader<Value>: @unchecked Sendable {
  let read: () -> Value
  let target: HopTarget

  init(read: @escaping () -> Value, isolation: (any Actor)?) {
    self.read = read
    self.target =
      isolation.map(HopTarget.init(actor:))
      ?? .scheduler(QueueScheduler(name: "RACSwift.observe"))
  }
}

/// One subscription to `Signal.observe`: reads, tracks, and re-reads after each change.
final class ObservationTracker<Value>: @unchecked Sendable {
  // Lock discipline: immutable. `track(_:)` runs only through the hop, one read at a time (each
  // re-read is requested by the previous read's change handler, which fires once).
  let reader: ObservationReader<Value>
  let sink: (Event<Value, Never>) -> Void
  let scope: SubscriptionScope

  init(
    reader: ObservationReader<Value>, sink: @escaping (Event<Value, Never>) -> Void,
    scope: SubscriptionScope
  ) {
    self.reader = reader
    self.sink = sink
    self.scope = scope
  }

  /// Reads now if the caller runs where `read` must, else as soon as it can there.
  ///
  /// The hop holds this tracker; the link holds the hop, and is held by what waits to run it:
  /// the change handler of the last read (registered with the observed object until its next
  /// change), or the hop's queue (the link travels with each request). Disposal cuts the link,
  /// so a change handler still registered no longer keeps the hop, this tracker and what the
  /// closures capture (a view model, say) alive; and when the observed object goes away first,
  /// so does everything it held.
  func start() {
    let hop = Hop<ObservationLink>(to: reader.target, scope: scope) { self.track($0) }
    let link = ObservationLink(hop: hop)
    // Weak: the scope must not keep the link alive (the link keeps the scope, through the hop).
    scope.add(AnyDisposable { [weak link] in link?.cut() })
    hop.receive(link)
  }

  /// Runs through the hop, with the link that requested it.
  private func track(_ link: ObservationLink) {
    guard !scope.isDisposed else { return }
    let value = withObservationTracking {
      reader.read()
    } onChange: {
      // Called before the change is made: read again once it is done, never inline.
      link.requestRead()
    }
    sink(.next(value))
  }
}

/// What an observed object's change handler holds to request a re-read: the subscription's hop,
/// until the subscription is disposed (see ``ObservationTracker/start()``).
///
/// Lock discipline: `hop` is read and cleared only with `lock` held.
final class ObservationLink: @unchecked Sendable {
  private let lock = Lock()
  private var hop: Hop<ObservationLink>?

  init(hop: Hop<ObservationLink>) { self.hop = hop }

  /// Asks the hop to read again, if the subscription is not over; never inline.
  func requestRead() {
    lock.withLock { hop }?.receive(self, inlineAllowed: false)
  }

  /// Lets go of the hop: the subscription is over.
  func cut() { lock.withLock { hop = nil } }
}
