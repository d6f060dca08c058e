public import RACSwift
import Synchronization

/// An event and the virtual time it arrived at.
public struct Recorded<Value, Failure: Error> {
  /// When the event arrived, in the recording scheduler's virtual time.
  public let time: Duration
  /// The event.
  public let event: Event<Value, Failure>

  /// An event at a time.
  public init(time: Duration, event: Event<Value, Failure>) {
    self.time = time
    self.event = event
  }
}

extension Recorded: Equatable where Value: Equatable, Failure: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomStringConvertible {
  /// `next(1) @ 2.0 seconds`.
  public var description: String { "\(event) @ \(time)" }
}

/// The events a subscription received, with their virtual times (see
/// ``TestScheduler/record(_:)``).
///
/// The recording owns its subscription: releasing the recording ends it, as ``dispose()``
/// does. Keep the recording as long as you read its events.
///
/// Lock discipline: `storage` is read and written only inside its mutex.
public final class RecordedEvents<Value, Failure: Error>: @unchecked Sendable {
  private struct Storage {
    var events: [Recorded<Value, Failure>] = []
    var disposalTime: Duration?
  }

  private let storage = Mutex(Storage())
  private let subscription = SerialDisposable()
  private let clock: @Sendable () -> Duration

  /// When the recording subscribed to the signal, in the recording scheduler's virtual time:
  /// ``TestScheduler/record(_:)`` subscribes at once, at the scheduler's `now`. Nothing can be
  /// recorded before it; ``MarbleDiagram`` starts the signal's lane there (and marks the start
  /// with `^` when some lane of the diagram was subscribed after its first tick).
  public let subscriptionTime: Duration

  /// A recording that subscribes at `subscriptionTime`, its disposal timed by `clock`.
  init(subscriptionTime: Duration, clock: @escaping @Sendable () -> Duration) {
    self.subscriptionTime = subscriptionTime
    self.clock = clock
  }

  // Nobody can read the events any more: the subscription has no one to record for. (Its
  // handlers hold the recording weakly, so this runs even while the signal is still live.)
  deinit { subscription.dispose() }

  /// Every recorded event, in arrival order.
  public var events: [Recorded<Value, Failure>] { storage.withLock { $0.events.map { $0 } } }

  /// The recorded values.
  public var values: [Value] { events.compactMap(\.event.value) }

  /// Whether a terminal event was recorded.
  public var isTerminated: Bool { events.last?.event.isTerminal ?? false }

  /// When ``dispose()`` ended the recording, in the recording scheduler's virtual time; `nil`
  /// while it has not, and when the signal had already sent its terminal event.
  /// ``MarbleDiagram`` draws it as `!`.
  public var disposalTime: Duration? { storage.withLock { $0.disposalTime } }

  /// Ends the recording subscription; unless the signal already finished, notes the time (see
  /// ``disposalTime``).
  public func dispose() {
    let time = clock()
    storage.withLock { storage in
      guard storage.disposalTime == nil, !(storage.events.last?.event.isTerminal ?? false) else {
        return
      }
      storage.disposalTime = time
    }
    subscription.dispose()
  }

  func append(_ recorded: Recorded<Value, Failure>) {
    let boxed = UncheckedBox(recorded)
    storage.withLock { $0.events.append(boxed.value) }
  }

  func attach(_ disposable: any Disposable) { subscription.disposable = disposable }
}

/// A value moved into a lock-protected store on the thread that produced it.
struct UncheckedBox<Wrapped>: @unchecked Sendable {
  let value: Wrapped
  init(_ value: Wrapped) { self.value = value }
}

extension TestScheduler {
  /// Subscribes to `signal` now and records each event with the virtual time it arrives at.
  /// The subscription ends when the signal does, with ``RecordedEvents/dispose()``, or when the
  /// recording is released.
  ///
  /// ```swift
  /// let recorder = scheduler.record(signal)
  /// scheduler.run()
  /// recorder.events.map(\.time)
  /// ```
  public func record<Value, Failure: Error>(
    _ signal: Signal<Value, Failure>
  ) -> RecordedEvents<Value, Failure> {
    let recorder = RecordedEvents<Value, Failure>(subscriptionTime: now, clock: { [self] in now })
    // The handlers hold the recording weakly: it holds them (through its subscription), and a
    // recording of a signal that never ends would otherwise keep itself alive.
    let append: @Sendable (Event<Value, Failure>) -> Void = { [self, weak recorder] event in
      recorder?.append(Recorded(time: now, event: event))
    }
    let subscription = signal.subscribe(
      next: { append(.next($0)) }, error: { append(.error($0)) },
      completed: { append(.completed) }, isolation: nil)
    recorder.attach(subscription)
    return recorder
  }
}
