import Dispatch
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

/// The user's read closure and the actor it must run on.
///
/// Lock discipline: immutable. `read` is not `Sendable`: it is only ever called on `isolation`
/// (or, without one, on `queue`, one at a time), which is what makes sharing it safe.
final class ObservationReader<Value>: @unchecked Sendable {
  let read: () -> Value
  let isolation: (any Actor)?
  let isMainActor: Bool
  let queue = DispatchQueue(label: "RACSwift.observe")

  init(read: @escaping () -> Value, isolation: (any Actor)?) {
    self.read = read
    self.isolation = isolation
    self.isMainActor =
      isolation.map { ObjectIdentifier($0) == ObjectIdentifier(MainActor.shared) } ?? false
  }

  /// Runs `body` where `read` may run: now if already there, else enqueued.
  func run(now allowed: Bool, _ body: @escaping @Sendable () -> Void) {
    if let isolation {
      if allowed && isMainActor && MainThread.isCurrent {
        body()
      } else if isMainActor {
        DispatchQueue.main.async(execute: body)
      } else {
        Task { await Self.run(on: isolation, body) }
      }
    } else {
      queue.async(execute: body)
    }
  }

  private static func run(on actor: isolated any Actor, _ body: () -> Void) { body() }
}

/// One subscription to `Signal.observe`: reads, tracks, and re-reads after each change.
final class ObservationTracker<Value>: @unchecked Sendable {
  // Lock discipline: immutable; `track()` runs only where the reader allows, one at a time
  // (each re-read is scheduled by the previous read's change handler, which fires once).
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

  func start() { reader.run(now: true) { self.track() } }

  private func track() {
    if scope.isDisposed { return }
    let value = withObservationTracking {
      reader.read()
    } onChange: {
      // Called before the change is made: read again once it is done.
      self.reader.run(now: false) { self.track() }
    }
    sink(.next(value))
  }
}
