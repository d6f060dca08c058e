import RACSwift
import RACSwiftTesting
import Testing

@Suite("repeat and retry (B.3, A2-12)", .checksLiveSubscriptions)
struct RepeatTests {
  @Test("repeat resubscribes on completion; take ends it")
  func repeatTake() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from([1, 2]).repeat().take(5))
    #expect(recorder.events == [.next(1), .next(2), .next(1), .next(2), .next(1), .completed])
  }

  @Test("repeat: an error stops the repetition")
  func repeatError() {
    let runs = AtomicCounter()
    let signal = Signal<Int, TestError> { subscriber in
      let run = runs.increment()
      if run == 3 {
        subscriber.sendError(TestError(code: run))
      } else {
        subscriber.sendNext(run)
        subscriber.sendCompleted()
      }
      return nil
    }
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: signal.repeat())
    #expect(recorder.events == [.next(1), .next(2), .error(TestError(code: 3))])
  }

  @Test("retry(n) resubscribes at most n times, then forwards the error")
  func retryCount() {
    let attempts = AtomicCounter()
    let failing = Signal<Int, TestError> { subscriber in
      subscriber.sendError(TestError(code: attempts.increment()))
      return nil
    }
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: failing.retry(2))
    #expect(recorder.events == [.error(TestError(code: 3))])
    #expect(attempts.count == 3)
    // A deliberate difference from RAC: retry(0) is a limit of zero, not "forever".
    let once = Recorder<Int, TestError>()
    once.subscribe(to: failing.retry(0))
    #expect(once.events == [.error(TestError(code: 4))])
    #expect(attempts.count == 4)
  }

  @Test("retry() keeps trying until the signal completes")
  func retryForever() {
    let attempts = AtomicCounter()
    let flaky = Signal<String, TestError> { subscriber in
      if attempts.increment() < 5 {
        subscriber.sendError(TestError())
      } else {
        subscriber.sendNext("ok")
        subscriber.sendCompleted()
      }
      return nil
    }
    let recorder = Recorder<String, TestError>()
    recorder.subscribe(to: flaky.retry())
    #expect(recorder.events == [.next("ok"), .completed])
    #expect(attempts.count == 5)
  }

  @Test("just(1).repeat().take(1_000_000) runs in constant stack", .tags(.stack))
  func repeatStack() async {
    await onSmallStack {
      let count = AtomicCounter()
      Signal.just(1).repeat().take(1_000_000).subscribe(next: { _ in count.increment() })
      #expect(count.count == 1_000_000)
    }
  }

  @Test(
    "retry of a synchronously failing signal 100,000 times runs in constant stack",
    .tags(.stack))
  func retryStack() async {
    await onSmallStack {
      let attempts = AtomicCounter()
      let recorder = Recorder<Int, TestError>()
      recorder.subscribe(
        to: Signal<Int, TestError> { subscriber in
          subscriber.sendError(TestError(code: attempts.increment()))
          return nil
        }.retry(100_000))
      #expect(attempts.count == 100_001)
      #expect(recorder.events == [.error(TestError(code: 100_001))])
    }
  }
}
