import RACSwift
import RACSwiftTesting
import Testing

/// A disposed subscriber keeps no handler, even while something still holds it
/// (CONTRACT.md#disposal; reliability issue, item 1): a network callback or a delegate that keeps the subscriber must
/// not keep a dismissed screen alive.
@Suite("A disposed subscriber lets go of its handlers", .checksLiveSubscriptions)
struct DisposedSubscriberReleaseTests {
  final class Screen {}

  @Test("a created signal's subscriber, kept after the subscription is disposed")
  func createdSignalSubscriber() {
    var kept: Subscriber<Int, Never>?
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      Signal<Int, Never> { subscriber in
        kept = subscriber
        return nil
      }.subscribe(next: { _ in _ = screen }).dispose()
    }
    #expect(kept != nil)
    #expect(released == nil, "the handler and the screen it captures are released")
    kept?.sendNext(1)  // reaches nobody
  }

  @Test("a created signal's subscriber, kept after the subscription is disposed from a handler")
  func disposedFromItsOwnHandler() {
    var kept: Subscriber<Int, Never>?
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      let subscription = SerialDisposable()
      subscription.disposable = Signal<Int, Never> { subscriber in
        kept = subscriber
        return nil
      }.subscribe(next: { _ in
        _ = screen
        subscription.dispose()
      })
      kept?.sendNext(1)
    }
    #expect(released == nil)
  }

  @Test("a subscriber made with handlers, disposed while the caller still holds it")
  func standaloneSubscriber() {
    let subject = Subject<Int, Never>()
    weak var released: Screen?
    var received: [Int] = []
    let subscriber: Subscriber<Int, Never>
    do {
      let screen = Screen()
      released = screen
      subscriber = Subscriber(next: { value in
        _ = screen
        received.append(value)
      })
    }
    subject.subscribe(subscriber)
    subject.sendNext(1)
    subscriber.dispose()
    #expect(released == nil)
    subject.sendNext(2)
    #expect(received == [1])
    #expect(subscriber.isDisposed)
  }

  @Test("a created signal that finishes releases its handlers too, and keeps working")
  func finishedSubscription() {
    var kept: Subscriber<Int, Never>?
    weak var released: Screen?
    var values: [Int] = []
    do {
      let screen = Screen()
      released = screen
      Signal<Int, Never> { subscriber in
        kept = subscriber
        subscriber.sendNext(7)
        subscriber.sendCompleted()
        return nil
      }.subscribe(next: { value in
        _ = screen
        values.append(value)
      })
    }
    #expect(values == [7])
    #expect(kept?.isDisposed == true)
    #expect(released == nil)
  }
}

@Suite("Subscriber (B.4)", .checksLiveSubscriptions)
struct SubscriberTests {
  @Test("a subscriber can be fed by several signals; a terminal event ends all of them")
  func severalSources() {
    let cleanups = AtomicCounter()
    var values: [Int] = []
    let subscriber = Subscriber<Int, Never>(next: { values.append($0) })
    let first = Subject<Int, Never>()
    first.subscribe(subscriber)
    Signal<Int, Never> { _ in AnyDisposable { cleanups.increment() } }.subscribe(subscriber)
    first.sendNext(1)
    subscriber.sendNext(2)
    subscriber.sendCompleted()
    first.sendNext(3)
    #expect(values == [1, 2])
    #expect(cleanups.count == 1)
    #expect(subscriber.isDisposed)
  }

  @Test("A1-07: the subscriber disposes its subscriptions before its error handler runs")
  func disposesBeforeHandler() {
    let log = Recorder<String, Never>()
    let subscriber = Subscriber<Int, TestError>(error: { _ in log.record(.next("handler")) })
    Signal<Int, TestError> { _ in AnyDisposable { log.record(.next("cleanup")) } }
      .subscribe(subscriber)
    subscriber.sendError(TestError())
    #expect(log.values == ["cleanup", "handler"])
  }

  @Test("misuse: events after a terminal event are ignored; dispose twice is a no-op")
  func misuse() {
    var events: [Event<Int, Never>] = []
    let subscriber = Subscriber<Int, Never>(
      next: { events.append(.next($0)) }, completed: { events.append(.completed) })
    subscriber.sendNext(1)
    subscriber.sendCompleted()
    subscriber.sendCompleted()
    subscriber.sendNext(2)
    subscriber.dispose()
    subscriber.dispose()
    #expect(events == [.next(1), .completed])
  }

  @Test("A3-03: disposed subscriptions do not accumulate in a subscriber")
  func finishedSubscriptionsAreForgotten() {
    let subscriber = Subscriber<Int, Never>()
    let subject = Subject<Int, Never>()
    var released: [WeakDisposable] = []
    for _ in 0..<1_000 {
      let subscription = subject.subscribe(subscriber)
      subscription.dispose()
      released.append(WeakDisposable(subscription))
    }
    // Nothing keeps the disposed subscriptions alive: not the subscriber, not the subject.
    #expect(released.allSatisfy { $0.value == nil })
    #expect(!subscriber.isDisposed)
    subscriber.dispose()
  }
}

/// A weak reference to a disposable, to show it was released.
struct WeakDisposable {
  weak var value: (any Disposable)?
  init(_ value: any Disposable) { self.value = value }
}
