import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "deliver(on:), subscribe(on:), deliverOnMainThread on real queues", .checksLiveSubscriptions,
  .tags(.concurrency))
struct DeliveryConcurrencyTests {

  @Test("A7-08, A7-20: deliver(on:) keeps order and never delivers two events at once")
  func deliverOn() async {
    let scheduler = QueueScheduler(name: "deliver")
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let values = Recorder<Int, Never>()
    let done = DispatchSemaphore(value: 0)
    let perThread = TestScale.size(full: 10_000)
    let subscription = subject.deliver(on: scheduler).subscribe(
      next: { value in
        probe.handle()
        values.record(.next(value))
      }, completed: { done.signal() })
    await onThreads(4) { thread in
      for value in 0..<perThread { subject.sendNext(thread * 100_000 + value) }
    }
    subject.sendCompleted()
    done.wait()
    #expect(probe.count == 4 * perThread)
    #expect(probe.overlaps == 0)
    for thread in 0..<4 {
      let own = values.values.filter { $0 / 100_000 == thread }
      #expect(own == own.sorted())
    }
    subscription.dispose()
  }

  @Test("subscribe(on:) runs the subscription's side effects on the scheduler")
  func subscribeOn() {
    let scheduler = QueueScheduler(name: "subscribe")
    let done = DispatchSemaphore(value: 0)
    let subscribedThere = Recorder<Bool, Never>()
    Signal<Int, Never> { subscriber in
      subscribedThere.record(.next(Schedulers.current === scheduler))
      subscriber.sendCompleted()
      return nil
    }.subscribe(on: scheduler).subscribe(completed: { done.signal() })
    done.wait()
    #expect(subscribedThere.values == [true])
  }

  @MainActor
  @Test("deliverOnMainThread: synchronous on the main queue, queued from elsewhere")
  func deliverOnMainThread() async {
    let subject = Subject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Disposable)?
    subscription = subject.deliverOnMainThread().subscribe(next: { received.append($0) })
    subject.sendNext(1)
    #expect(received == [1])
    var inner: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let check = Subject<Int, Never>()
      inner = check.deliverOnMainThread().subscribe(next: { _ in done.resume() })
      DispatchQueue.global().async { check.sendNext(2) }
    }
    // Disposed here rather than left to end with the subject, which the global queue's block
    // may still hold when the test ends (the leak check then raced that block's release).
    inner?.dispose()
    subscription?.dispose()
  }
}
