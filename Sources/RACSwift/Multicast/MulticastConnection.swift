import Synchronization

/// Shares one subscription to a source among many subscribers (RAC's
/// `RACMulticastConnection`).
///
/// Subscribers subscribe to ``signal`` — the connection's subject — never to the source. Nothing
/// happens until ``connect()`` subscribes the subject to the source, exactly once however often
/// and from however many threads it is called; from then on the source's side effects run once
/// for everyone.
///
/// ```swift
/// let connection = request.publish()
/// connection.signal.subscribe(next: { print("first", $0) })
/// connection.signal.subscribe(next: { print("second", $0) })
/// connection.connect()  // one request, both subscribers served
/// ```
public final class MulticastConnection<Value, Failure: Error>: Sendable {
  // Lock discipline: immutable except `connected` (atomic) and the count behind `autoconnect()`
  // (atomic); `serial` is thread-safe.
  /// Subscribes the subject to the source. Built where the connection is made, so that the
  /// per-event path is specialized for the subject's type (through an existential it would look
  /// up generic metadata on every event).
  @usableFromInline let subscribeSource: @Sendable () -> any Disposable
  @usableFromInline let connected = Atomic<Bool>(false)
  @usableFromInline let serial = SerialDisposable()
  @usableFromInline let autoconnectSubscribers = Atomic<Int>(0)

  /// The subject subscribers should use.
  public let signal: Signal<Value, Failure>

  /// A connection that will subscribe `subject` to `source`.
  @inlinable
  public init<S>(source: Signal<Value, Failure>, subject: S)
  where S: Signal<Value, Failure>, S: SubscriberProtocol<Value, Failure> {
    self.subscribeSource = { source.subscribe(subject) }
    self.signal = subject
  }

  /// Subscribes the subject to the source the first time it is called; every call returns the
  /// same disposable. Disposing it ends the shared subscription, and the connection never
  /// connects again.
  ///
  /// ```swift
  /// let sharing = connection.connect()
  /// sharing.dispose()  // ends the shared subscription for everyone
  /// ```
  @discardableResult
  public func connect() -> any Disposable {
    if connected.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
      .exchanged
    {
      serial.disposable = subscribeSource()
    }
    return serial
  }

  /// A signal that connects when its first subscriber arrives and disposes the shared
  /// subscription when its subscriber count drops back to zero; it never reconnects (later
  /// subscribers see only what the subject replays).
  ///
  /// ```swift
  /// let prices = pricesFeed.publish().autoconnect()  // connects with the first subscriber
  /// ```
  @inlinable
  public func autoconnect() -> Signal<Value, Failure> {
    .source(AutoconnectSource(connection: self), name: .unary(signal, "autoconnect"))
  }
}

extension Signal {
  /// A connection that multicasts the receiver through `subject` (RAC's `-multicast:`).
  ///
  /// ```swift
  /// let connection = prices.multicast(ReplaySubject(capacity: 1))
  /// connection.signal.subscribe(next: { print($0) })
  /// connection.connect()
  /// ```
  @inlinable
  public func multicast<S>(_ subject: S) -> MulticastConnection<Value, Failure>
  where S: Signal<Value, Failure>, S: SubscriberProtocol<Value, Failure> {
    MulticastConnection(source: self, subject: subject)
  }

  /// A connection through a plain ``Subject``, not yet connected (RAC's `-publish`).
  ///
  /// ```swift
  /// let connection = request.publish()
  /// connection.signal.subscribe(next: { print($0) })
  /// connection.connect()  // the request starts now
  /// ```
  @inlinable
  public func publish() -> MulticastConnection<Value, Failure> {
    multicast(Subject<Value, Failure>())
  }

  /// Subscribes now, once, and replays every event to every subscriber, past and future (RAC's
  /// `-replay`): the work runs once however many subscribe.
  ///
  /// ```swift
  /// let shared = request.replay()  // the request starts now
  /// shared.subscribe(next: { print("A", $0) })
  /// shared.subscribe(next: { print("B", $0) })  // same response, no second request
  /// ```
  @inlinable
  public func replay() -> Signal<Value, Failure> {
    let connection = multicast(ReplaySubject<Value, Failure>())
    connection.connect()
    return Signal(name: .unary(self, "replay"), forwardingTo: connection.signal)
  }

  /// Subscribes now, once, and gives every subscriber the latest value, then live events (RAC's
  /// `-replayLast`).
  ///
  /// ```swift
  /// let location = locationUpdates.replayLast()  // late subscribers get the latest fix
  /// ```
  @inlinable
  public func replayLast() -> Signal<Value, Failure> {
    let connection = multicast(ReplaySubject<Value, Failure>(capacity: 1))
    connection.connect()
    return Signal(name: .unary(self, "replayLast"), forwardingTo: connection.signal)
  }

  /// Like ``replay()``, but subscribes to the receiver only when the result gets its first
  /// subscriber; it never disconnects, and replays even after every subscriber has gone (RAC's
  /// `-replayLazily`).
  ///
  /// ```swift
  /// let settings = loadSettings().replayLazily()  // loaded on first use, then shared
  /// ```
  @inlinable
  public func replayLazily() -> Signal<Value, Failure> {
    let connection = multicast(ReplaySubject<Value, Failure>())
    return .source(ReplayLazilySource(connection: connection), name: .unary(self, "replayLazily"))
  }

  /// A signal named `name` whose subscriptions go to `target`.
  @usableFromInline
  convenience init(name: SignalNameNode, forwardingTo target: Signal<Value, Failure>) {
    self.init(name: name) { _, sink, scope in target.subscribe(sink: sink, scope: scope) }
  }
}

/// The source of `autoconnect()`: each subscription subscribes to the connection's subject and
/// connects; the last one to end disposes the shared subscription.
@usableFromInline
struct AutoconnectSource<Value, Failure: Error>: SubscribingSourceStage {
  @usableFromInline let connection: MulticastConnection<Value, Failure>

  @inlinable init(connection: MulticastConnection<Value, Failure>) {
    self.connection = connection
  }

  @inlinable
  func subscribe(sink: @escaping Signal<Value, Failure>.Sink, scope: SubscriptionScope) {
    let connection = self.connection
    connection.autoconnectSubscribers.wrappingAdd(1, ordering: .acquiringAndReleasing)
    connection.signal.subscribe(sink: sink, scope: scope)
    let shared = connection.connect()
    scope.add(
      AnyDisposable {
        if connection.autoconnectSubscribers.wrappingSubtract(1, ordering: .acquiringAndReleasing)
          .newValue == 0
        {
          shared.dispose()
        }
      })
  }
}

/// The source of `replayLazily()`: each subscription connects (only the first one's call
/// subscribes to the receiver) and subscribes to the connection's replay subject.
@usableFromInline
struct ReplayLazilySource<Value, Failure: Error>: SubscribingSourceStage {
  @usableFromInline let connection: MulticastConnection<Value, Failure>

  @inlinable init(connection: MulticastConnection<Value, Failure>) {
    self.connection = connection
  }

  @inlinable
  func subscribe(sink: @escaping Signal<Value, Failure>.Sink, scope: SubscriptionScope) {
    connection.connect()
    connection.signal.subscribe(sink: sink, scope: scope)
  }
}
