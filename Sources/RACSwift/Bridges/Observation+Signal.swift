import Observation

extension Signal where Failure == Never {
  /// A cold signal of `read()`'s value for `@Observable` models: the current value on
  /// subscription, then the value read again after changes to what `read` reads — the value a
  /// screen would show. Disposal stops tracking.
  ///
  /// Unlike RAC's `RACObserve`, it coalesces changes and delivers after them, on the reading
  /// actor. For RAC's behaviour — every set, sent on the setting thread before the set returns
  /// — declare the property with ``Observed`` (`@Observed var title = ""`) and subscribe to
  /// `$title.signal`.
  ///
  /// Exactly:
  /// - `read` runs on the actor you call `observe` from (the main actor for a view model);
  ///   called outside any actor, on a serial queue of its own. The first read runs before
  ///   `subscribe` returns when you subscribe on the main actor; on another actor, or on the
  ///   queue, it may run later.
  /// - Observation reports the first change to anything the last read used, just before the
  ///   change is stored. That queues one re-read on the actor — never run inline — which sends
  ///   what `read` returns then and tracks again. The re-read waits for the work running on the
  ///   actor to end, so every change that work makes is in by then and they arrive as one
  ///   value: intermediate values are not sent, and the value sent can equal the previous one (a
  ///   property set, then set back). Observation does not report a set that leaves an
  ///   `Equatable` property equal (the `@Observable` macro compares), so no read follows one.
  /// - A change made on another thread than the reading actor's can be read before it is
  ///   stored: the re-read then sends the old value, and the new one arrives only with the next
  ///   change. Make the changes on the actor that reads — a model isolated to that actor
  ///   guarantees it — or use ``Observed``. Called outside any actor, every change comes from
  ///   another thread than the private queue.
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
final class ObservationReader<Value> {
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
final class ObservationTracker<Value> {
  // Lock discipline: immutable. `track(_:)` runs only through the hop, one read at a time (each
  // re-read is requested by the previous read's change handler, which fires once).
  let reader: ObservationReader<Value>
  let sink: (inout Event<Value, Never>) -> Void
  let scope: SubscriptionScope

  init(
    reader: ObservationReader<Value>, sink: @escaping (inout Event<Value, Never>) -> Void,
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
    emit(.next(value), to: sink)
  }
}

/// What an observed object's change handler holds to request a re-read: the subscription's hop,
/// until the subscription is disposed (see ``ObservationTracker/start()``).
final class ObservationLink: Sendable {
  /// The subscription's hop; `nil` once the subscription is over.
  private let hop: LockedState<Hop<ObservationLink>?>

  init(hop: Hop<ObservationLink>) { self.hop = LockedState(hop) }

  /// Asks the hop to read again, if the subscription is not over; never inline.
  func requestRead() {
    hop.withLock { $0 }?.receive(self, inlineAllowed: false)
  }

  /// Lets go of the hop: the subscription is over.
  func cut() { hop.withLock { $0 = nil } }
}
