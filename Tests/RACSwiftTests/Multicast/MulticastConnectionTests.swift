import RACSwift
import RACSwiftTesting
import Testing

/// A cold signal that counts its subscriptions and lets the test finish it.
final class CountedSource: @unchecked Sendable {
  let subscriptions = AtomicCounter()
  let holder = SubscriberHolder<Int, Never>()
  var signal: Signal<Int, Never> {
    Signal { subscriber in
      self.subscriptions.increment()
      self.holder.subscriber = subscriber
      return nil
    }
  }
  func send(_ value: Int) { holder.subscriber?.sendNext(value) }
  func complete() { holder.subscriber?.sendCompleted() }
}

@Suite("Multicast (A5, B.7, CONTRACT.md#multicast)", .checksLiveSubscriptions)
struct MulticastConnectionTests {
  @Test("A5-01, A5-07: publish + connect runs the work once for every subscriber")
  func publishOnce() {
    let source = CountedSource()
    let connection = source.signal.publish()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    first.subscribe(to: connection.signal)
    second.subscribe(to: connection.signal)
    #expect(source.subscriptions.count == 0)
    connection.connect()
    source.send(1)
    source.complete()
    #expect(source.subscriptions.count == 1)
    #expect(first.events == [.next(1), .completed])
    #expect(second.events == first.events)
  }

  @Test("A5-02, A3-05: connect subscribes exactly once and always returns the same disposable")
  func connectOnce() {
    let source = CountedSource()
    let connection = source.signal.publish()
    let first = connection.connect()
    let second = connection.connect()
    #expect(first === second)
    #expect(source.subscriptions.count == 1)
    first.dispose()
    connection.connect()
    #expect(source.subscriptions.count == 1)
  }

  @Test("A5-02: concurrent connect calls subscribe once", .tags(.concurrency))
  func connectConcurrency() async {  // "Concurrency": .ci/run runs it again under TSan
    let source = CountedSource()
    let connection = source.signal.publish()
    await onThreads(4) { _ in
      for _ in 0..<1_000 { connection.connect() }
    }
    #expect(source.subscriptions.count == 1)
    connection.connect().dispose()
  }

  @Test("A5-03: replay starts now, once, and replays to every subscriber")
  func replay() async {
    let source = CountedSource()
    let shared = source.signal.replay()
    #expect(source.subscriptions.count == 1)
    source.send(1)
    let first = Recorder<Int, Never>()
    first.subscribe(to: shared)
    source.send(2)
    source.complete()
    let second = Recorder<Int, Never>()
    second.subscribe(to: shared)
    #expect(first.events == [.next(1), .next(2), .completed])
    #expect(second.events == first.events)
    #expect(source.subscriptions.count == 1)
  }

  @Test("A5-04, A7-11: replayLast keeps only the latest value")
  func replayLast() {
    let source = CountedSource()
    let latest = source.signal.replayLast()
    source.send(1)
    source.send(2)
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: latest)
    source.complete()
    #expect(recorder.events == [.next(2), .completed])
  }

  @Test("A5-04: replayLazily connects on the first subscription and never disconnects")
  func replayLazily() {
    let source = CountedSource()
    let lazy = source.signal.replayLazily()
    #expect(source.subscriptions.count == 0)
    let first = Recorder<Int, Never>()
    let subscription = first.subscribe(to: lazy)
    #expect(source.subscriptions.count == 1)
    source.send(1)
    subscription.dispose()
    source.send(2)
    let second = Recorder<Int, Never>()
    second.subscribe(to: lazy)
    source.complete()
    #expect(second.events == [.next(1), .next(2), .completed])
    #expect(source.subscriptions.count == 1)
  }

  @Test("A5-05, A5-08: autoconnect connects on first use and disconnects at zero subscribers")
  func autoconnect() {
    let source = CountedSource()
    let cleanups = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      source.subscriptions.increment()
      source.holder.subscriber = subscriber
      return AnyDisposable { cleanups.increment() }
    }
    let auto = signal.publish().autoconnect()
    #expect(source.subscriptions.count == 0)
    let first = auto.subscribe()
    let second = auto.subscribe()
    #expect(source.subscriptions.count == 1)
    first.dispose()
    #expect(cleanups.count == 0)
    second.dispose()
    #expect(cleanups.count == 1)
    // Never reconnects.
    auto.subscribe().dispose()
    #expect(source.subscriptions.count == 1)
    source.holder.subscriber = nil
  }

  @Test("A2-06: without multicasting, two subscriptions run the work twice")
  func coldWithoutMulticast() {
    let source = CountedSource()
    source.signal.subscribe().dispose()
    source.signal.subscribe().dispose()
    #expect(source.subscriptions.count == 2)
  }
}
