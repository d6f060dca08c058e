import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Chains of `concat` built in a loop: `a.concat(b).concat(c)…` (left-nested, what recursive
/// pagination builds), `a.concat(b.concat(c…))` (right-nested) and concats of concats. Each
/// input is subscribed only when the one before completes (A7-18), whatever the nesting, and
/// the work per input does not grow with the depth.
@Suite("concat chains", .serialized, .checksLiveSubscriptions, .tags(.stack))
struct ConcatChainTests {
  // MARK: Depth

  // Each of these takes about a second; when every level subscribed the one below, the
  // left-nested ones grew with the square of the depth (8,000 levels took about 10 s, 100,000
  // would take tens of minutes), so the time limit fails them. The limit is `detectsHangs`
  // (three minutes), not one: its clock includes the wait for a thread slot (`onSmallStack`),
  // which in a run of the whole target under load exceeded a minute. At the quick scale's
  // 10,000 levels (`deepChainDepth`, see `TestScale`) such a regression costs seconds, not
  // minutes: the full scale (`RACSWIFT_FULL_TESTS=1`) is the run whose time limit fails it.

  @Test(
    "A7-18: a left-nested chain deep delivers every value on a 512 KiB thread",
    .detectsHangs)
  func leftNestedChain() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(0)
      for value in 1...deepChainDepth { signal = signal.concat(.just(value)) }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == (0...deepChainDepth).map { .next($0) } + [.completed])
  }

  @Test(
    "A7-18: a right-nested chain deep delivers every value on a 512 KiB thread",
    .detectsHangs)
  func rightNestedChain() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(deepChainDepth)
      for value in (0..<deepChainDepth).reversed() { signal = Signal.just(value).concat(signal) }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == (0...deepChainDepth).map { .next($0) } + [.completed])
  }

  @Test(
    "A7-18: a left-nested chain of concat([…]) lists deep delivers in order",
    .detectsHangs)
  func leftNestedLists() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.empty
      for level in 0..<deepChainDepth / 2 {
        signal = Signal.concat([signal, .just(2 * level), .empty, .just(2 * level + 1)])
      }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == (0..<deepChainDepth).map { .next($0) } + [.completed])
  }

  /// The counted form of "the work per input does not grow with the depth": while the
  /// innermost input of a left-nested chain runs, the live subscriptions are as many at 1,000
  /// levels as at one — three: the chain's root, the scope the running input gets, and that
  /// input's own (a `Signal { }` subscriber's). When every level subscribed the one below, each
  /// added a scope and a stage every value passed through: 1,002 at 1,000 levels.
  @Test("the subscriptions live while the innermost input runs do not grow with the depth")
  func liveSubscriptionsFlat() {
    func liveWhileInnermostRuns(depth: Int) -> Int {
      let ledger = SubscriptionLedger()
      return ledger.withLedger {
        let innermost = Signal<Int, Never> { subscriber in
          subscriber.sendNext(ledger.liveCount)
          subscriber.sendCompleted()
          return nil
        }
        var signal = innermost
        for value in 0..<depth { signal = signal.concat(.just(value)) }
        let recorder = Recorder<Int, Never>()
        recorder.subscribe(to: signal)
        #expect(Array(recorder.values.dropFirst()) == Array(0..<depth))
        #expect(recorder.isTerminated)
        #expect(ledger.liveCount == 0)
        return recorder.values.first ?? -1
      }
    }
    let shallow = liveWhileInnermostRuns(depth: 1)
    #expect(shallow == 3)
    #expect(liveWhileInnermostRuns(depth: 10) == shallow)
    #expect(liveWhileInnermostRuns(depth: 1_000) == shallow)
  }

  // MARK: Synchronous and asynchronous inputs

  @Test(
    "A7-18: a chain of synchronous and scheduled inputs delivers in order, each input subscribed late"
  )
  func mixedInputs() async {
    let depth = 3_000
    let recorder = Recorder<Int, Never>()
    let subscribed = AtomicCounter()
    await onSmallStackKeepingChain { keeper in
      let scheduler = TestScheduler()
      /// Every third input waits one tick; the others deliver as they are subscribed.
      func input(_ value: Int) -> Signal<Int, Never> {
        let counted = Signal<Int, Never>.defer {
          subscribed.increment()
          return .just(value)
        }
        return value.isMultiple(of: 3) ? counted.delay(.seconds(1), on: scheduler) : counted
      }
      var signal = input(0)
      for value in 1..<depth { signal = signal.concat(input(value)) }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
      // Input 0 waits for the scheduler: nothing after it was subscribed.
      #expect(subscribed.count == 1)
      #expect(recorder.events.isEmpty)
      scheduler.advance(by: .seconds(1))
      // 0 arrived; 1 and 2 ran at once; 3 waits.
      #expect(recorder.values == [0, 1, 2])
      #expect(subscribed.count == 4)
      scheduler.run()
    }
    #expect(recorder.events == (0..<depth).map { .next($0) } + [.completed])
    #expect(subscribed.count == depth)
  }

  // MARK: Errors and disposal

  @Test("A7-18: an error in a left-nested chain ends everything; later inputs are never subscribed")
  func errorEndsEverything() {
    let later = AtomicCounter()
    let never = Signal<Int, TestError> { _ in
      later.increment()
      return nil
    }
    var signal = Signal<Int, TestError>.just(0)
    for value in 1..<50 { signal = signal.concat(.just(value)) }
    signal = signal.concat(.error(TestError(code: 3)))
    for _ in 0..<50 { signal = signal.concat(never) }
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: signal)
    #expect(recorder.events == (0..<50).map { .next($0) } + [.error(TestError(code: 3))])
    #expect(later.count == 0)
  }

  @Test(
    "A7-18: disposing a left-nested chain disposes the running input; later ones never run")
  func disposalMidChain() {
    let cleanups = AtomicCounter()
    let later = AtomicCounter()
    let running = Subject<Int, Never>()
    let open = Signal<Int, Never> { subscriber in
      running.subscribe(subscriber)
      return AnyDisposable { cleanups.increment() }
    }
    let counted = Signal<Int, Never>.defer {
      later.increment()
      return .just(-1)
    }
    var signal = Signal<Int, Never>.just(0)
    for value in 1..<20 { signal = signal.concat(.just(value)) }
    signal = signal.concat(open)
    for _ in 0..<20 { signal = signal.concat(counted) }
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: signal)
    running.sendNext(20)
    #expect(recorder.values == Array(0...20))
    #expect(cleanups.count == 0)
    subscription.dispose()
    #expect(cleanups.count == 1)
    running.sendNext(21)
    running.sendCompleted()
    #expect(recorder.values == Array(0...20))
    #expect(later.count == 0)
    #expect(!recorder.isTerminated)
  }

  // MARK: Reuse and names

  @Test("A7-18: a nested chain runs again for every subscription, and inside a concat of signals")
  func resubscribing() {
    let base = Signal<Int, Never>.just(1).concat(.just(2)).concat(.just(3))
    let both = Signal.concat([base, Signal.just(0).concat(base), base])
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: both)
    recorder.subscribe(to: both)
    #expect(recorder.values == [1, 2, 3, 0, 1, 2, 3, 1, 2, 3] + [1, 2, 3, 0, 1, 2, 3, 1, 2, 3])
    let ofSignals = Recorder<Int, Never>()
    ofSignals.subscribe(to: Signal.from([base, base]).concat())
    #expect(ofSignals.events == [1, 2, 3, 1, 2, 3].map { .next($0) } + [.completed])
  }

  @Test("nested concats keep their names")
  func names() {
    let one = Signal<Int, Never>.just(1)
    let two = Signal<Int, Never>.just(2)
    let three = Signal<Int, Never>.just(3)
    #expect(
      one.concat(two).concat(three).name == "[[+just: 1] -concat: +just: 2] -concat: +just: 3")
    #expect(
      one.concat(two.concat(three)).name == "[+just: 1] -concat: [+just: 2] -concat: +just: 3")
    #expect(
      Signal.concat([one.concat(two), three]).name
        == "+concat: ([+just: 1] -concat: +just: 2, +just: 3)")
    let named = one.concat(two)
    named.setName("pair")
    #expect(named.concat(three).name == "[pair] -concat: +just: 3")
  }
}

@Suite("concat, startWith, then (B.3)", .checksLiveSubscriptions)
struct ConcatTests {

  @Test("A7-12: startWith; A7-18: then subscribes lazily after completion, skipped on error")
  func startWithAndThen() {
    #expect(collected(Signal.from([2, 3]).startWith(1)).values == [1, 2, 3])
    let made = AtomicCounter()
    let then = Signal.from([1, 2]).then { () -> Signal<String, Never> in
      made.increment()
      return .just("next")
    }
    #expect(made.count == 0)
    #expect(collected(then).values == ["next"])
    let failing = Recorder<String, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.error(TestError()).then { .just("never") })
    #expect(failing.events == [.error(TestError())])
  }

  @Test("A7-18: concat subscribes the next signal only when the previous completes")
  func concatIsLazy() {
    let secondSubscriptions = AtomicCounter()
    let first = Subject<Int, TestError>()
    let second = Signal<Int, TestError> { subscriber in
      secondSubscriptions.increment()
      subscriber.sendNext(2)
      subscriber.sendCompleted()
      return nil
    }
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: first.concat(second))
    first.sendNext(1)
    #expect(secondSubscriptions.count == 0)
    first.sendCompleted()
    #expect(secondSubscriptions.count == 1)
    #expect(recorder.events == [.next(1), .next(2), .completed])
  }

  @Test("concat: an error ends everything; the next signal is never subscribed")
  func concatError() {
    let recorder = Recorder<Int, TestError>()
    let subscriptions = AtomicCounter()
    let never = Signal<Int, TestError> { _ in
      subscriptions.increment()
      return nil
    }
    recorder.subscribe(to: Signal.concat([.just(1), .error(TestError()), never]))
    #expect(recorder.events == [.next(1), .error(TestError())])
    #expect(subscriptions.count == 0)
    let empty = Recorder<Int, TestError>()
    empty.subscribe(to: Signal.concat([Signal<Int, TestError>]()))
    #expect(empty.events == [.completed])
  }

  @Test("concat agrees with Array concatenation")
  func concatArray() {
    let parts = [[1, 2], [], [3], [4, 5, 6]]
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.concat(parts.map { Signal.from($0) }))
    #expect(recorder.values == parts.flatMap { $0 })
  }

  @Test("disposing a concat disposes the running part")
  func concatDispose() {
    let cleanups = AtomicCounter()
    let running = Signal<Int, Never> { _ in AnyDisposable { cleanups.increment() } }
    let subscription = Signal.just(0).concat(running).subscribe()
    #expect(cleanups.count == 0)
    subscription.dispose()
    #expect(cleanups.count == 1)
  }
}
