import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// A view-model-like actor that subscribes with plain closures touching its own state.
actor Tally {
  private(set) var values: [Int] = []
  private var subscription: (any Disposable)?
  private var waiter: CheckedContinuation<Void, Never>?
  private var expected = 0

  func start(_ signal: Signal<Int, Never>) {
    // No @Sendable, no hop: RACSwift runs the handler on this actor.
    subscription = signal.subscribe(next: { value in
      self.values.append(value)
      if self.values.count == self.expected { self.waiter?.resume() }
    })
  }

  func wait(for count: Int) async {
    expected = count
    if values.count >= count { return }
    await withCheckedContinuation { waiter = $0 }
  }

  func stop() { subscription?.dispose() }
}

@Suite("Isolation-aware subscription (CONTRACT.md#isolation)", .checksLiveSubscriptions)
struct IsolationTests {
  @MainActor
  @Test(
    "a main-actor subscriber receives events sent from other threads on the main thread, in order")
  func mainActorHops() async {
    let subject = Subject<Int, Never>()
    var received: [Int] = []
    var onMainThread: [Bool] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = subject.subscribe(next: { value in
        received.append(value)
        onMainThread.append(isOnMainQueue())
        if value == 100 { done.resume() }
      })
      DispatchQueue.global().async {
        for value in 1...100 { subject.sendNext(value) }
      }
    }
    #expect(received == Array(1...100))
    #expect(onMainThread.allSatisfy { $0 })
    subscription?.dispose()
  }

  @MainActor
  @Test("values queued for a main-actor subscriber survive the created signal's completion")
  func queuedValuesSurviveCompletion() async {
    let signal = Signal<Int, Never> { subscriber in
      DispatchQueue.global().async {
        for value in 1...100 { subscriber.sendNext(value) }
        subscriber.sendCompleted()
      }
      return nil
    }
    var received: [Int] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = signal.subscribe(
        next: { received.append($0) }, completed: { done.resume() })
    }
    #expect(received == Array(1...100))
    subscription?.dispose()
  }

  @MainActor
  @Test("an event arriving on the main thread is delivered synchronously, before sendNext returns")
  func mainActorSynchronous() {
    let subject = Subject<Int, Never>()
    var received: [Int] = []
    let subscription = subject.subscribe(next: { received.append($0) })
    subject.sendNext(1)
    #expect(received == [1])
    subscription.dispose()
  }

  @Test("a subscriber on a custom actor runs its handler on that actor")
  func customActor() async {
    let subject = Subject<Int, Never>()
    let tally = Tally()
    await tally.start(subject)
    DispatchQueue.global().async {
      for value in 1...50 { subject.sendNext(value) }
    }
    await tally.wait(for: 50)
    #expect(await tally.values == Array(1...50))
    await tally.stop()
  }

  @Test("a nonisolated subscriber runs on the sending thread (RAC's rule A2-01)")
  func nonisolated() {
    let subject = Subject<Int, Never>()
    let threads = Recorder<Bool, Never>()
    let subscription = subject.subscribe(next: { _ in threads.record(.next(isOnMainQueue())) })
    let done = DispatchSemaphore(value: 0)
    let sender = Thread {
      subject.sendNext(1)
      done.signal()
    }
    sender.start()
    done.wait()
    #expect(threads.values == [false])
    subscription.dispose()
  }
}

/// Whether the caller runs on the main queue (where the main actor runs; on Linux that is not
/// always the process's first thread).
func isOnMainQueue() -> Bool {
  _ = mainQueueMarked
  return DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// The key marking the main queue in these tests.
let mainQueueKey = DispatchSpecificKey<UInt8>()
let mainQueueMarked: Bool = {
  DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
  return true
}()
