import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Signal ↔ async/await", .checksLiveSubscriptions)
struct AsyncSignalTests {
  @Test("for await receives every value in order; the loop ends at completion")
  func forAwait() async {
    var received: [Int] = []
    for await value in Signal.from(1...5).values { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5])
  }

  @Test("for try await throws the signal's typed failure")
  func typedFailure() async {
    var received: [Int] = []
    do {
      for try await value in Signal<Int, TestError>.from([1, 2]).concat(.error(TestError(code: 4)))
        .values
      {
        received.append(value)
      }
      Issue.record("expected an error")
    } catch {
      #expect(error == TestError(code: 4))
    }
    #expect(received == [1, 2])
  }

  @Test("values sent later from another thread arrive; breaking out disposes the subscription")
  func breakDisposes() async {
    let subject = Subject<Int, Never>()
    let subscribed = AtomicCounter()
    let source = Signal<Int, Never>.defer {
      subscribed.increment()
      return subject
    }
    let feeder = Task.detached {
      while subscribed.count == 0 { await Task.yield() }
      for value in 1...100 { subject.sendNext(value) }
    }
    var received: [Int] = []
    for await value in source.values {
      received.append(value)
      if value == 3 { break }
    }
    await feeder.value
    #expect(received == [1, 2, 3])
  }

  @Test("cancelling the consuming task ends the loop and disposes; 10,000 times leaks nothing")
  func cancellation() async {
    for _ in 0..<10_000 {
      let task = Task {
        var count = 0
        for await _ in Signal<Int, Never>.never.values { count += 1 }
        return count
      }
      task.cancel()
      #expect(await task.value == 0)
    }
  }

  @Test("cancelling mid-stream (a value received, waiting for the next) 10,000 times: all ends")
  func cancellationMidStream() async {
    let ledger = SubscriptionLedger.current
    // Sends one value at subscription and then nothing: the consumer is left waiting in next().
    let oneThenSilence = Signal<Int, Never> { subscriber in
      subscriber.sendNext(1)
      return nil
    }
    for _ in 0..<10_000 {
      let received = AsyncSignalBox()
      let task = Task {
        var count = 0
        for await _ in oneThenSilence.values {
          count += 1
          received.fire()
        }
        return count
      }
      await received.wait()
      #expect(ledger.liveCount > 0)
      task.cancel()
      #expect(await task.value == 1)
      #expect(ledger.liveCount == 0)
    }
  }

  @Test("buffering policies keep the oldest or newest values")
  func buffering() async {
    let subject = ReplaySubject<Int, Never>()
    for value in 1...5 { subject.sendNext(value) }
    subject.sendCompleted()
    var newest: [Int] = []
    var iterator = subject.values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
    // The first next() subscribes; the replay delivers 1 to the waiting consumer at once and
    // buffers the rest under the policy.
    while let value = await iterator.next() { newest.append(value) }
    #expect(newest == [1, 4, 5])
    var oldest: [Int] = []
    for await value in subject.values(bufferingPolicy: .bufferingOldest(2)) { oldest.append(value) }
    #expect(oldest == [1, 2, 3])
  }

  @Test("Signal(operation:) runs once per subscription and sends its result")
  func operation() async throws {
    let runs = AtomicCounter()
    let signal = Signal<Int, TestError>(operation: { () async throws(TestError) in
      runs.increment()
    })
    var results: [Int] = []
    for try await value in signal.values { results.append(value) }
    for try await value in signal.values { results.append(value) }
    #expect(results == [1, 2])
    var failure: TestError?
    do {
      for try await _ in Signal<Int, TestError>(operation: { () async throws(TestError) in
        throw TestError(code: 9)
      }).values {}
    } catch {
      failure = error
    }
    #expect(failure == TestError(code: 9))
  }

  @Test("disposing a Signal(operation:) subscription cancels its task")
  func operationCancellation() async {
    let started = AsyncSignalBox()
    let cancelled = AsyncSignalBox()
    let signal = Signal<Int, Never>(operation: {
      started.fire()
      await withTaskCancellationHandler {
        await cancelled.wait()
      } onCancel: {
        cancelled.fire()
      }
      return 0
    })
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: signal)
    await started.wait()
    subscription.dispose()
    await cancelled.wait()
    #expect(recorder.events.isEmpty)
  }

  @Test("Signal(emitting:) sends several values, then completes when the body returns")
  func emitting() async {
    let signal = Signal<Int, Never>(emitting: { subscriber in
      for value in 1...3 { subscriber.sendNext(value) }
    })
    var values: [Int] = []
    for await value in signal.values { values.append(value) }
    #expect(values == [1, 2, 3])
  }

  @Test("Signal(asyncSequence) sends the sequence's elements, once per subscription")
  func fromAsyncSequence() async {
    let signal = Signal(
      AsyncStream<Int> { continuation in
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
      })
    var values: [Int] = []
    for await value in signal.values { values.append(value) }
    #expect(values == [1, 2, 3])
  }
}

/// A one-shot event a test can wait for.
final class AsyncSignalBox: @unchecked Sendable {
  // Lock discipline: `fired` and `waiters` are touched only with `lock` held.
  private let lock = NSLock()
  private var fired = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func fire() {
    let waiting: [CheckedContinuation<Void, Never>] = lock.withLock {
      fired = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let ready: Bool = lock.withLock {
        if fired { return true }
        waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
