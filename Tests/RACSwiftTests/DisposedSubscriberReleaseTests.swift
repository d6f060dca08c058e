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
