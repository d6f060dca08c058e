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
  // Lock discipline: immutable but for `hop`, set once in `start()` before any read; `track()`
  // runs only through that hop, one read at a time (each re-read is requested by the previous
  // read's change handler, which fires once).
  let reader: ObservationReader<Value>
  let sink: (Event<Value, Never>) -> Void
  let scope: SubscriptionScope
  /// Weak: the hop holds this tracker, and is held itself by what is waiting to run it (a
  /// scheduled drain, or the change handler of the last read).
  private weak var hop: Hop<Void>?

  init(
    reader: ObservationReader<Value>, sink: @escaping (Event<Value, Never>) -> Void,
    scope: SubscriptionScope
  ) {
    self.reader = reader
    self.sink = sink
    self.scope = scope
  }

  /// Reads now if the caller runs where `read` must, else as soon as it can there.
  func start() {
    let hop = Hop<Void>(to: reader.target, scope: scope) { self.track() }
    self.hop = hop
    hop.receive(())
  }

  /// Runs through `hop`, which is alive while it runs.
  private func track() {
    guard !scope.isDisposed, let hop else { return }
    let value = withObservationTracking {
      reader.read()
    } onChange: {
      // Called before the change is made: read again once it is done, never inline.
      hop.receive((), inlineAllowed: false)
    }
    sink(.next(value))
  }
}
