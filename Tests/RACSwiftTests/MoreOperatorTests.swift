import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Transforming and aggregating (B.1, B.3)", .checksLiveSubscriptions)
struct TransformingAggregatingTests {
  @Test("mapReplace; combinePrevious is not fed back (\"1 - 1\", \"1 - 2\", \"2 - 3\")")
  func mapReplaceAndCombinePrevious() {
    #expect(collected(Signal.from([1, 2]).mapReplace("x")).values == ["x", "x"])
    let pairs = collected(Signal.from([1, 2, 3]).combinePrevious(1) { "\($0) - \($1)" })
    #expect(pairs.values == ["1 - 1", "1 - 2", "2 - 3"])
  }

  @Test("scan with index gives 1, 4, 9, 16 (RAC's spec)")
  func scanWithIndex() {
    let squares = collected(Signal.from([1, 3, 5, 7]).scan(0) { sum, value, _ in sum + value })
    #expect(squares.values == [1, 4, 9, 16])
    let indexed = collected(
      Signal.from([10, 10, 10]).scan(0) { sum, value, index in sum + value * index })
    #expect(indexed.values == [0, 10, 30])
  }

  @Test("aggregate sends only the final value, or the start if there were no values")
  func aggregate() {
    #expect(collected(Signal.from([1, 2, 3]).aggregate(10, +)).values == [16])
    #expect(collected(Signal<Int, Never>.empty.aggregate(10, +)).values == [10])
    #expect(
      collected(Signal.from([5, 5]).aggregate(0) { sum, value, index in sum + value * index })
        .values == [5])
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.error(TestError()).aggregate(0, +))
    #expect(failing.events == [.error(TestError())])
  }

  @Test("A2-05, A6-02: aggregate(startFactory:) makes a fresh start per subscription")
  func startFactory() {
    let starts = AtomicCounter()
    let makeStart: @Sendable () -> [Int] = {
      starts.increment()
      return []
    }
    let signal = Signal.from([1, 2]).aggregate(startFactory: makeStart) { $0 + [$1] }
    #expect(collected(signal).values == [[1, 2]])
    #expect(collected(signal).values == [[1, 2]])
    #expect(starts.count == 2)
  }

  @Test("collect: one array on completion; [] when empty")
  func collect() {
    #expect(collected(Signal.from(1...3).collect()).values == [[1, 2, 3]])
    #expect(collected(Signal<Int, Never>.empty.collect()).values == [[]])
  }

  @Test("materialize and dematerialize round-trip; materialize never fails")
  func materialize() {
    let source = Signal<Int, TestError>.from([1]).concat(.error(TestError()))
    let events = collected(source.materialize())
    #expect(events.values == [.next(1), .error(TestError())])
    #expect(events.completed)
    let back = Recorder<Int, TestError>()
    back.subscribe(to: source.materialize().promoteError(TestError.self).dematerialize())
    #expect(back.events == [.next(1), .error(TestError())])
  }
}

@Suite("Filtering (B.1, B.3)", .checksLiveSubscriptions)
struct MoreFilteringTests {
  @Test("A7-10: distinctUntilChanged lets the first value through and drops repeats")
  func distinct() {
    #expect(collected(Signal.from([1, 1, 2, 2, 1])).values == [1, 1, 2, 2, 1])
    #expect(collected(Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged()).values == [1, 2, 1])
    let byParity = Signal.from([1, 3, 2, 4, 5]).distinctUntilChanged { $0 % 2 == $1 % 2 }
    #expect(collected(byParity).values == [1, 2, 5])
  }

  @Test("A7-07: ignoreValues keeps only the terminal event")
  func ignoreValues() {
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: Signal<Int, TestError>.from([1, 2]).ignoreValues())
    #expect(recorder.events == [.completed])
  }

  @Test("takeLast sends after completion; an error is forwarded without values")
  func takeLast() {
    let subject = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: subject.takeLast(2))
    for value in 1...5 { subject.sendNext(value) }
    #expect(recorder.events.isEmpty)
    subject.sendCompleted()
    #expect(recorder.events == [.next(4), .next(5), .completed])
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.from([1]).concat(.error(TestError())).takeLast(1))
    #expect(failing.events == [.error(TestError())])
  }

  @Test("take(while:), take(until:) predicate, skip(while:), skip(until:) predicate")
  func predicates() {
    let source = Signal.from([1, 2, 5, 1, 6])
    #expect(collected(source.take(while: { $0 < 3 })).values == [1, 2])
    #expect(collected(source.take(until: { $0 > 3 })).values == [1, 2])
    #expect(collected(source.take(until: { $0 > 3 })).completed)
    #expect(collected(source.skip(while: { $0 < 3 })).values == [5, 1, 6])
    #expect(collected(source.skip(until: { $0 > 3 })).values == [5, 1, 6])
  }
}

@Suite("Side effects (A7-01…A7-04)", .checksLiveSubscriptions)
struct SideEffectTests {
  @Test("A7-01: doNext runs before the value is forwarded; doError, doCompleted")
  func order() {
    let log = Recorder<String, Never>()
    Signal<Int, TestError>.from([1]).concat(.error(TestError()))
      .doNext { log.record(.next("doNext \($0)")) }
      .doError { _ in log.record(.next("doError")) }
      .subscribe(
        next: { log.record(.next("next \($0)")) }, error: { _ in log.record(.next("error")) })
    #expect(log.values == ["doNext 1", "next 1", "doError", "error"])
    let completed = Recorder<String, Never>()
    Signal<Int, Never>.empty.doCompleted { completed.record(.next("doCompleted")) }.subscribe()
    #expect(completed.values == ["doCompleted"])
  }

  @Test("A7-03: initially runs on every subscription, before the receiver is subscribed")
  func initially() {
    let log = Recorder<String, Never>()
    let signal = Signal<Int, Never> { subscriber in
      log.record(.next("subscribed"))
      subscriber.sendCompleted()
      return nil
    }.initially { log.record(.next("initially")) }
    signal.subscribe()
    signal.subscribe()
    #expect(log.values == ["initially", "subscribed", "initially", "subscribed"])
  }

  @Test("A7-04: finally runs on completion or error, not on disposal; doDisposed on all three")
  func finallyAndDisposed() {
    let finallyRuns = AtomicCounter()
    let disposedRuns = AtomicCounter()
    Signal.just(1).finally { finallyRuns.increment() }.doDisposed { disposedRuns.increment() }
      .subscribe()
    Signal<Int, TestError>.error(TestError()).finally { finallyRuns.increment() }
      .doDisposed { disposedRuns.increment() }.subscribe()
    Signal<Int, Never>.never.finally { finallyRuns.increment() }
      .doDisposed { disposedRuns.increment() }.subscribe().dispose()
    #expect(finallyRuns.count == 2)
    #expect(disposedRuns.count == 3)
  }

  @MainActor
  @Test("added from the main actor, doNext runs there even for events sent elsewhere")
  func isolatedSideEffect() async {
    let subject = Subject<Int, Never>()
    var onMain: [Bool] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = subject.doNext { _ in onMain.append(isOnMainQueue()) }
        .subscribe(next: { if $0 == 3 { done.resume() } })
      DispatchQueue.global().async { for value in 1...3 { subject.sendNext(value) } }
    }
    #expect(onMain == [true, true, true])
    subscription?.dispose()
  }
}

@Suite("Boolean operators (A7-13, B.3)", .checksLiveSubscriptions)
struct BooleanTests {
  @Test("not, and, or")
  func logic() {
    #expect(collected(Signal.from([true, false]).not()).values == [false, true])
    let a = Subject<Bool, Never>()
    let b = Subject<Bool, Never>()
    let both = Recorder<Bool, Never>()
    let either = Recorder<Bool, Never>()
    let first = both.subscribe(to: Signal.and(a, b))
    let second = either.subscribe(to: Signal.or(a, b))
    a.sendNext(true)
    b.sendNext(false)
    b.sendNext(true)
    a.sendNext(false)
    #expect(both.values == [false, true, false])
    #expect(either.values == [true, true, true])
    first.dispose()
    second.dispose()
  }

  @Test("any, any(_:), all(_:) send one Boolean and never fail")
  func quantifiers() {
    #expect(collected(Signal.from([1]).any()).values == [true])
    #expect(collected(Signal<Int, Never>.empty.any()).values == [false])
    #expect(collected(Signal.from([1, 5]).any { $0 > 3 }).values == [true])
    #expect(collected(Signal.from([1, 2]).any { $0 > 3 }).values == [false])
    #expect(collected(Signal<Int, TestError>.error(TestError()).any { $0 > 3 }).values == [false])
    #expect(collected(Signal.from([4, 5]).all { $0 > 3 }).values == [true])
    #expect(collected(Signal.from([4, 1, 5]).all { $0 > 3 }).values == [false])
    #expect(collected(Signal<Int, TestError>.error(TestError()).all { $0 > 3 }).values == [false])
  }

  @Test("any() completes and disposes the receiver as soon as it knows")
  func anyStopsEarly() {
    let cleanups = AtomicCounter()
    let holder = SubscriberHolder<Int, Never>()
    let recorder = Recorder<Bool, Never>()
    recorder.subscribe(
      to: Signal<Int, Never> { subscriber in
        holder.subscriber = subscriber
        return AnyDisposable { cleanups.increment() }
      }.any())
    holder.subscriber?.sendNext(1)
    #expect(recorder.events == [.next(true), .completed])
    #expect(cleanups.count == 1)
    holder.subscriber = nil
  }
}

@Suite("startWith, then, groupBy, blocking (B.3)", .checksLiveSubscriptions)
struct CombiningBlockingTests {
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

  @Test("groupBy sends a group per key, values into their groups, completion to all")
  func groupBy() {
    let groups = Recorder<String, Never>()
    var members: [String: [Int]] = [:]
    let subscription = Signal.from([1, 2, 3, 4, 6]).groupBy({ $0 % 2 == 0 ? "even" : "odd" })
      .subscribe(next: { group in
        groups.record(.next(group.key))
        group.subscribe(next: { members[group.key, default: []].append($0) })
      })
    #expect(groups.values == ["odd", "even"])
    #expect(members["odd"] == [1, 3])
    #expect(members["even"] == [2, 4, 6])
    subscription.dispose()
    let transformed = collected(
      Signal.from(["a", "bb"]).groupBy({ $0.count }, transform: { $0.uppercased() }).map(\.key))
    #expect(transformed.values == [1, 2])
  }

  @Test("A7-16: first blocks until a value sent later from another thread")
  func blocking() throws {
    let subject = ReplaySubject<Int, TestError>()
    DispatchQueue.global().async {
      subject.sendNext(7)
      subject.sendNext(8)
      subject.sendCompleted()
    }
    #expect(try subject.first() == 7)
    #expect(try subject.toArray() == [7, 8])
    #expect(try subject.last() == 8)
    #expect(try Signal<Int, TestError>.empty.firstOrDefault(3) == 3)
    try subject.waitUntilCompleted()
    #expect(throws: TestError(code: 5)) {
      try Signal<Int, TestError>.error(TestError(code: 5)).toArray()
    }
  }

  @Test("async first/toArray/last suspend instead of blocking")
  func asyncForms() async throws {
    let signal = Signal<Int, TestError>.from([1, 2, 3])
    #expect(try await signal.first() == 1)
    #expect(try await signal.toArray() == [1, 2, 3])
    #expect(try await signal.last() == 3)
    #expect(try await Signal<Int, TestError>.empty.firstOrDefault(9) == 9)
  }
}

@Suite("Cold semantics per subscription (A2-05, A6-02)", .checksLiveSubscriptions)
struct PerSubscriptionStateTests {
  @Test("every stateful operator starts afresh for each subscription")
  func freshState() {
    let source = Signal.from([1, 1, 2, 3, 3, 4])
    let chains: [(String, Signal<Int, Never>)] = [
      ("take", source.take(3)), ("skip", source.skip(2)), ("takeLast", source.takeLast(2)),
      ("scan", source.scan(0, +)), ("scan with index", source.scan(0) { $0 + $1 + $2 }),
      ("aggregate", source.aggregate(0, +)),
      ("distinctUntilChanged", source.distinctUntilChanged()),
      ("combinePrevious", source.combinePrevious(0, +)),
      ("take(while:)", source.take(while: { $0 < 3 })),
      ("skip(until:)", source.skip(until: { $0 > 1 })), ("startWith", source.startWith(9)),
      ("collect", source.collect().map(\.count)), ("repeat/take", source.repeat().take(8)),
      ("flatten(maxConcurrent:)", source.map { Signal.just($0) }.flatten(maxConcurrent: 1)),
      (
        "bind",
        source.bind { () -> (Int, inout Bool) -> Signal<Int, Never>? in
          var seen = 0
          return { value, _ in
            seen += 1
            return .just(value * seen)
          }
        }
      ),
    ]
    for (name, chain) in chains {
      let first = collected(chain).values
      let second = collected(chain).values
      #expect(first == second, "\(name) shared state between subscriptions")
    }
  }
}
