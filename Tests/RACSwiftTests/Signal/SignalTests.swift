import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Signal creation and the subscription path (A1, A2)", .checksLiveSubscriptions)
struct SignalTests {
  @Test("A1-01: creating a signal runs nothing until someone subscribes")
  func creationIsLazy() {
    let runs = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      runs.increment()
      subscriber.sendCompleted()
      return nil
    }
    #expect(runs.count == 0)
    signal.subscribe()
    #expect(runs.count == 1)
  }

  @Test("A1-02, A1-04: values reach the next handler synchronously, on the calling thread")
  func synchronousDelivery() {
    var received: [Int] = []
    Signal<Int, Never> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendNext(2)
      subscriber.sendCompleted()
      return nil
    }.subscribe(next: { received.append($0) })
    #expect(received == [1, 2])
  }

  @Test("A1-02: missing handlers are simply absent")
  func missingHandlers() {
    let signal = Signal<Int, TestError>.error(TestError(code: 3))
    signal.subscribe(next: { _ in Issue.record("no value expected") })
    var failure: TestError?
    signal.subscribe(error: { failure = $0 })
    #expect(failure == TestError(code: 3))
  }

  @Test("A1-05: next, error and completed; the grammar next* (error | completed)?")
  func eventKinds() {
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: Signal { subscriber in
        subscriber.sendNext(1)
        subscriber.sendError(TestError(code: 1))
        subscriber.sendNext(2)
        subscriber.sendCompleted()
        return nil
      })
    #expect(recorder.events == [.next(1), .error(TestError(code: 1))])
  }

  @Test("A1-06, A2-07: a subscription is disposed automatically when it completes or fails")
  func automaticDisposal() {
    let completed = Signal<Int, Never>.just(1).subscribe()
    #expect(completed.isDisposed)
    let failed = Signal<Int, TestError>.error(TestError()).subscribe()
    #expect(failed.isDisposed)
    let subject = Subject<Int, Never>()
    let live = subject.subscribe()
    #expect(!live.isDisposed)
    subject.sendCompleted()
    #expect(live.isDisposed)
  }

  @Test("A1-07: a terminal event disposes the subscription before the handler runs")
  func terminalDisposesFirst() {
    let log = Recorder<String, Never>()
    let signal = Signal<Int, TestError> { subscriber in
      subscriber.sendError(TestError())
      return AnyDisposable { log.record(.next("cleanup")) }
    }
    signal.subscribe(error: { _ in log.record(.next("error handler")) })
    // The created signal sends synchronously, before returning its disposable: the cleanup runs
    // as soon as it is added to the already-disposed subscription.
    #expect(log.values == ["error handler", "cleanup"])

    let later = Recorder<String, Never>()
    let holder = SubscriberHolder<Int, TestError>()
    let subscription = Signal<Int, TestError> { subscriber in
      holder.subscriber = subscriber
      return AnyDisposable { later.record(.next("cleanup")) }
    }.subscribe(error: { _ in later.record(.next("error handler")) })
    holder.subscriber?.sendError(TestError())
    #expect(later.values == ["cleanup", "error handler"])
    #expect(subscription.isDisposed)
    holder.subscriber = nil
  }

  @Test("A1-07: a subscriber that received a terminal event never hears from it again")
  func nothingAfterTerminal() {
    let holder = SubscriberHolder<Int, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal { subscriber in
        holder.subscriber = subscriber
        return nil
      })
    holder.subscriber?.sendNext(1)
    holder.subscriber?.sendCompleted()
    holder.subscriber?.sendNext(2)
    holder.subscriber?.sendCompleted()
    #expect(recorder.events == [.next(1), .completed])
    holder.subscriber = nil
  }

  @Test("A1-09, A2-04: each subscription runs the signal's work again")
  func coldSideEffects() {
    let calls = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      subscriber.sendNext(calls.increment())
      subscriber.sendCompleted()
      return nil
    }
    var first: [Int] = []
    var second: [Int] = []
    signal.subscribe(next: { first.append($0) })
    signal.subscribe(next: { second.append($0) })
    #expect(first == [1])
    #expect(second == [2])
  }

  @Test("A2-05: side effects in operators run once per subscription (the missiles example)")
  func missiles() {
    let missilesToLaunch = AtomicCounter()
    let processed = Signal<String, Never>.just("missiles").map { name in
      "will launch \(missilesToLaunch.increment()) \(name)"
    }
    var lines: [String] = []
    processed.subscribe(next: { lines.append("First \($0)") })
    processed.subscribe(next: { lines.append("Second \($0)") })
    #expect(lines == ["First will launch 1 missiles", "Second will launch 2 missiles"])
  }

  @Test("A2-03: an error ends the whole chain at once")
  func errorsPropagate() {
    let recorder = Recorder<Int, TestError>()
    let subject = Subject<Int, TestError>()
    recorder.subscribe(to: subject.map { $0 * 2 }.filter { $0 > 0 }.take(10))
    subject.sendNext(1)
    subject.sendError(TestError(code: 7))
    subject.sendNext(2)
    #expect(recorder.events == [.next(2), .error(TestError(code: 7))])
  }

  @Test("A1-03, A3-01, A2-08, A2-11: subscribe's disposable disposes the work's; cancels it")
  func disposalCancels() {
    let cancelled = AtomicCounter()
    let subscription = Signal<Int, Never> { _ in
      AnyDisposable { cancelled.increment() }
    }.map { $0 + 1 }.subscribe()
    #expect(cancelled.count == 0)
    subscription.dispose()
    #expect(cancelled.count == 1)
    subscription.dispose()
    #expect(cancelled.count == 1)
  }

  @Test("A2-09: operators return at once and do their work on subscription")
  func operatorsDoNotBlock() {
    let runs = AtomicCounter()
    let source = Signal<Int, Never> { subscriber in
      runs.increment()
      subscriber.sendCompleted()
      return nil
    }
    let chain = source.map { $0 }.filter { _ in true }.take(1).skip(0).flattenMap { .just($0) }
    #expect(runs.count == 0)
    chain.subscribe()
    #expect(runs.count == 1)
  }

  @Test("A2-14: take ends the upstream subscription once it has what it needs")
  func takePrunesUpstream() {
    let cleanups = AtomicCounter()
    let holder = SubscriberHolder<Int, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal { subscriber in
        holder.subscriber = subscriber
        return AnyDisposable { cleanups.increment() }
      }.take(2))
    holder.subscriber?.sendNext(1)
    #expect(cleanups.count == 0)
    holder.subscriber?.sendNext(2)
    #expect(cleanups.count == 1)
    holder.subscriber?.sendNext(3)
    #expect(recorder.events == [.next(1), .next(2), .completed])
    holder.subscriber = nil
  }

  @Test("A2-01, A2-10: events arrive on the thread that sends them; operators add no hops")
  func deliveryThread() {
    let subject = Subject<Int, Never>()
    let handlerThreads = Recorder<UInt, Never>()
    let subscription = subject.map { $0 + 1 }.filter { _ in true }.subscribe(next: { _ in
      handlerThreads.record(.next(currentThreadID()))
    })
    var senderThreads: [UInt] = []
    for _ in 0..<2 {
      let done = DispatchSemaphore(value: 0)
      let sender = Recorder<UInt, Never>()
      let thread = Thread {
        sender.record(.next(currentThreadID()))
        subject.sendNext(1)
        done.signal()
      }
      thread.start()
      done.wait()
      senderThreads += sender.values
    }
    #expect(handlerThreads.values == senderThreads)
    #expect(!senderThreads.contains(currentThreadID()))
    subscription.dispose()
  }

  @Test("AD-05: a synchronous infinite source stops when disposed by a downstream take")
  func synchronousSourceStops() {
    let produced = AtomicCounter()
    let naturals = Signal<Int, Never>.from(CountingNaturals(produced: produced))
    var values: [Int] = []
    naturals.take(3).subscribe(next: { values.append($0) })
    #expect(values == [1, 2, 3])
    #expect(produced.count == 3)
  }
}

/// Keeps the subscriber handed to a created signal so a test can send later.
final class SubscriberHolder<Value, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Subscriber<Value, Failure>?

  var subscriber: Subscriber<Value, Failure>? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// 1, 2, 3, … without end, counting how many were produced.
struct CountingNaturals: Sequence, Sendable {
  let produced: AtomicCounter

  func makeIterator() -> AnyIterator<Int> {
    AnyIterator { produced.increment() }
  }
}

/// An identifier of the calling thread.
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}
