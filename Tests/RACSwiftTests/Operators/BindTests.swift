import RACSwift
import RACSwiftTesting
import Testing

@Suite("bind, the monadic primitive (A6)", .checksLiveSubscriptions)
struct BindTests {
  /// Passes each value through as `just(value)`.
  static let identity: @Sendable () -> (Int, inout Bool) -> Signal<Int, TestError>? = {
    { value, _ in .just(value) }
  }

  @Test("A6-01: bind returns a cold signal at once and runs nothing")
  func lazy() {
    let blocks = AtomicCounter()
    let bound = Signal<Int, TestError>.just(1).bind {
      blocks.increment()
      return { value, _ in .just(value) }
    }
    #expect(blocks.count == 0)
    bound.subscribe()
    #expect(blocks.count == 1)
  }

  @Test("A6-02: the outer block runs for every subscription, so its state is per subscription")
  func perSubscriptionState() {
    let bound = Signal<Int, TestError>.from([1, 2, 3]).bind {
      () -> (Int, inout Bool) -> Signal<Int, TestError>? in
      var total = 0
      return { value, _ in
        total += value
        return .just(total)
      }
    }
    let first = Recorder<Int, TestError>()
    first.subscribe(to: bound)
    let second = Recorder<Int, TestError>()
    second.subscribe(to: bound)
    #expect(first.values == [1, 3, 6])
    #expect(second.values == [1, 3, 6])
  }

  @Test("A6-03, A6-04: each returned signal is subscribed and its values forwarded, merged")
  func mergesInnerSignals() {
    let source = Subject<Int, TestError>()
    let inners = [Subject<String, TestError>(), Subject<String, TestError>()]
    let recorder = Recorder<String, TestError>()
    recorder.subscribe(to: source.bind { { index, _ in inners[index] } })
    source.sendNext(0)
    source.sendNext(1)
    inners[1].sendNext("b1")
    inners[0].sendNext("a1")
    inners[1].sendNext("b2")
    #expect(recorder.values == ["b1", "a1", "b2"])
    source.sendCompleted()
    inners[0].sendCompleted()
    #expect(!recorder.isTerminated)
    inners[1].sendCompleted()
    #expect(recorder.events.last == .completed)
  }

  @Test("A6-05: returning nil ends the subscription to the source, counted as completed")
  func nilStops() {
    let source = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: source.bind { { value, _ in value < 3 ? .just(value) : nil } })
    for value in 1...5 { source.sendNext(value) }
    #expect(recorder.events == [.next(1), .next(2), .completed])
    source.sendCompleted()
  }

  @Test("A6-05: stop still subscribes the returned signal; running inners keep delivering")
  func stopKeepsLastSignal() {
    let source = Subject<Int, TestError>()
    let running = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: source.bind {
        { value, stop in
          if value == 1 { return running }
          stop = true
          return .just(value)
        }
      })
    source.sendNext(1)
    source.sendNext(2)  // stops the source, but `.just(2)` is still delivered
    source.sendNext(3)  // ignored
    running.sendNext(10)  // an inner that was already running keeps delivering
    #expect(recorder.values == [2, 10])
    #expect(!recorder.isTerminated)
    running.sendCompleted()
    #expect(recorder.events.last == .completed)
  }

  @Test("A6-06: completes only after the source and every inner signal completed")
  func completionWaitsForAll() {
    let source = Subject<Int, TestError>()
    let inner = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: source.bind { { _, _ in inner } })
    source.sendNext(1)
    inner.sendCompleted()
    #expect(!recorder.isTerminated)
    source.sendCompleted()
    #expect(recorder.events == [.completed])
  }

  @Test("A6-07: an error from an inner signal disposes everything and is forwarded")
  func innerErrorDisposesAll() {
    let sourceCleanup = AtomicCounter()
    let source = Signal<Int, TestError> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendNext(2)
      return AnyDisposable { sourceCleanup.increment() }
    }
    let otherInner = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: source.bind {
        { value, _ in value == 1 ? otherInner : .error(TestError(code: value)) }
      })
    #expect(recorder.events == [.error(TestError(code: 2))])
    #expect(sourceCleanup.count == 1)
    otherInner.sendNext(5)
    #expect(recorder.events.count == 1)
  }

  @Test("A6-08: after a synchronous error, further source values are ignored")
  func synchronousErrorStopsSource() {
    let blockCalls = AtomicCounter()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: Signal<Int, TestError>.from(1...5).bind {
        { value, _ in
          blockCalls.increment()
          return .error(TestError(code: value))
        }
      })
    #expect(recorder.events == [.error(TestError(code: 1))])
    #expect(blockCalls.count == 1)
  }

  @Test("A6-09: flattenMap is bind without stop; a source error is forwarded")
  func flattenMapIsBind() {
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: Signal<Int, TestError>.from([1, 2]).flattenMap { Signal.from([$0, $0 * 10]) })
    #expect(recorder.events == [.next(1), .next(10), .next(2), .next(20), .completed])
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.error(TestError()).flattenMap { .just($0) })
    #expect(failing.events == [.error(TestError())])
  }

  @Test("A6-09: skip and takeUntilBlock built by varying the bind block")
  func operatorsFromBind() {
    let source = Signal<Int, TestError>.from(1...6)
    let skipTwo = source.bind { () -> (Int, inout Bool) -> Signal<Int, TestError>? in
      var skipped = 0
      return { value, _ in
        if skipped < 2 {
          skipped += 1
          return .empty
        }
        return .just(value)
      }
    }
    let untilFour = source.bind { { value, _ in value >= 4 ? nil : .just(value) } }
    let skipped = Recorder<Int, TestError>()
    skipped.subscribe(to: skipTwo)
    let taken = Recorder<Int, TestError>()
    taken.subscribe(to: untilFour)
    #expect(skipped.values == [3, 4, 5, 6])
    #expect(skipped.values == Array((1...6).dropFirst(2)))
    #expect(taken.values == [1, 2, 3])
  }

  @Test("A6-10: the bind block's stop flag starts false for every value")
  func stopFlagStartsFalse() {
    let flags = Recorder<Bool, Never>()
    Signal<Int, TestError>.from(1...3).bind {
      { value, stop in
        flags.record(.next(stop))
        return .just(value)
      }
    }.subscribe()
    #expect(flags.values == [false, false, false])
  }

  @Test("A3-04: inner subscriptions of bind/flattenMap are removed when they complete")
  func innerSubscriptionsAreRemoved() {
    let outer = Subject<Int, Never>()
    let ledger = SubscriptionLedger()
    ledger.withLedger {
      let subscription = outer.flattenMap { Signal.just($0) }.subscribe()
      for value in 0..<1_000 { outer.sendNext(value) }
      // root + source scope: every finished inner is gone.
      #expect(ledger.liveCount == 2)
      subscription.dispose()
    }
    #expect(ledger.liveCount == 0)
  }

  @Test(
    "a bound subject's 100,000th value costs what its first did: the block is called directly",
    .timeLimit(.minutes(1)))
  func manyValuesThroughOneBlock() {
    // The block is the stage's state; kept as a bare function it was wrapped in two more
    // reabstraction thunks per value, so the 100,000th call ran through 200,000 thunks (quadratic
    // time: this test did not end in two minutes).
    let subject = Subject<Int, Never>()
    let received = AtomicCounter()
    let subscription = subject.bind { { value, _ in .just(value) } }
      .subscribe(next: { _ in _ = received.increment() })
    let count = 100_000
    for value in 0..<count { subject.sendNext(value) }
    #expect(received.count == count)
    subscription.dispose()
  }
}
