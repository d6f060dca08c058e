import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `withLatest(from:)` is not a ReactiveCocoa 2 operator (RxSwift's `withLatestFrom`); it is built
/// on the paired template, as `sample` and `take(until:)` are.
@Suite("withLatest(from:)", .checksLiveSubscriptions)
struct WithLatestTests {
  /// The receiver's value times 100 plus the other's: pairs compared as `Int`s.
  static func joined(_ pair: (Int, Int)) -> Int { pair.0 * 100 + pair.1 }

  @Test("pairs each value with the other's latest; nothing before the other's first value")
  func pairsWithLatest() {
    let taps = Subject<Int, Never>()
    let fields = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: taps.withLatest(from: fields).map(Self.joined))
    taps.sendNext(1)  // dropped: no latest value yet
    fields.sendNext(7)
    fields.sendNext(8)
    taps.sendNext(2)
    taps.sendNext(3)
    fields.sendNext(9)
    taps.sendNext(4)
    taps.sendCompleted()
    #expect(recorder.events == [.next(208), .next(308), .next(409), .completed])
  }

  @Test("the other's completion keeps its latest value; the receiver's completion ends the result")
  func otherCompletionKeepsLatest() {
    let taps = Subject<Int, TestError>()
    let fields = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: taps.withLatest(from: fields).map(Self.joined))
    fields.sendNext(5)
    fields.sendCompleted()
    taps.sendNext(1)
    #expect(recorder.events == [.next(105)])
    taps.sendCompleted()
    #expect(recorder.events == [.next(105), .completed])
  }

  @Test("either side's error ends the result and disposes both")
  func errors() {
    let taps = Subject<Int, TestError>()
    let fields = Subject<Int, TestError>()
    let disposals = AtomicCounter()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: taps.doDisposed { disposals.increment() }
        .withLatest(from: fields.doDisposed { disposals.increment() }).map(Self.joined))
    fields.sendNext(1)
    fields.sendError(TestError())
    taps.sendNext(2)
    #expect(recorder.events == [.error(TestError())])
    #expect(disposals.count == 2)

    let second = Recorder<Int, TestError>()
    second.subscribe(to: taps.withLatest(from: fields).map(Self.joined))
    taps.sendError(TestError())
    #expect(second.events == [.error(TestError())])
  }

  @Test("a synchronous other signal is subscribed first: its value pairs with the first value")
  func synchronousOther() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal.from([1, 2, 3]).withLatest(from: .just(4)).map(Self.joined))
    #expect(recorder.events == [.next(104), .next(204), .next(304), .completed])

    let state = BehaviorSubject<Int, Never>(value: 9)
    let taps = Subject<Int, Never>()
    let fromSubject = Recorder<Int, Never>()
    fromSubject.subscribe(to: taps.withLatest(from: state).map(Self.joined))
    taps.sendNext(1)
    state.sendNext(8)
    taps.sendNext(2)
    taps.sendCompleted()
    #expect(fromSubject.events == [.next(109), .next(208), .completed])
  }

  @Test("each subscription keeps its own latest value")
  func perSubscription() {
    let taps = Subject<Int, Never>()
    let fields = Subject<Int, Never>()
    let signal = taps.withLatest(from: fields).map(Self.joined)
    let first = Recorder<Int, Never>()
    first.subscribe(to: signal)
    fields.sendNext(1)
    let second = Recorder<Int, Never>()
    second.subscribe(to: signal)
    taps.sendNext(3)
    fields.sendNext(2)
    taps.sendNext(4)
    #expect(first.values == [301, 402])
    #expect(second.values == [402])
    taps.sendCompleted()
  }

  @Test("an other signal that cannot fail beside a receiver that can, without promoteError()")
  func neverFailingOther() {
    let saves = Subject<Int, TestError>()
    let drafts = BehaviorSubject<Int, Never>(value: 1)
    let recorder = Recorder<Int, TestError>()
    let pairs: Signal<(Int, Int), TestError> = saves.withLatest(from: drafts)
    recorder.subscribe(to: pairs.map(Self.joined))
    saves.sendNext(2)
    saves.sendError(TestError())
    #expect(recorder.events == [.next(201), .error(TestError())])
  }

  @Test("an endless synchronous receiver ended by a later take stops, also inside a merge")
  func earlyEndInsideMerge() {
    let endless = Signal.from(1...).withLatest(from: .just(0)).map(Self.joined)
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.merge([endless.take(2), .just(7), endless.take(1)]))
    #expect(recorder.events == [.next(100), .next(200), .next(7), .next(100), .completed])

    let failing = Signal<Int, TestError>.from(1...)
      .withLatest(from: Signal<Int, TestError>.error(TestError()))
    let failed = Recorder<Int, TestError>()
    failed.subscribe(to: Signal.merge([failing.map(Self.joined), .just(7)]))
    #expect(failed.events == [.error(TestError())])
  }

  @Test("time-based inputs, in virtual time")
  func virtualTime() {
    let scheduler = TestScheduler()
    let taps = Signal<Int, Never>.from([1, 2, 3, 4]).spaced(by: .seconds(2), on: scheduler)
    let fields = Signal<Int, Never>.from([10, 20]).spaced(by: .seconds(5), on: scheduler)
    let recorder = scheduler.record(taps.withLatest(from: fields).map(Self.joined))
    scheduler.run()
    // Taps at 2, 4, 6 and 8 s, fields at 5 and 10 s: the first two taps come too early.
    #expect(recorder.events.map(\.event) == [.next(310), .next(410), .completed])
    #expect(recorder.events.map(\.time) == [.seconds(6), .seconds(8), .seconds(8)])
  }

  @Test("the name shows both signals")
  func name() {
    let taps = Subject<Int, Never>().setName("taps")
    let fields = Subject<Int, Never>().setName("fields")
    #expect(taps.withLatest(from: fields).name == "[taps] -withLatestFrom: fields")
  }
}

extension Signal {
  /// Each value delayed by `interval` after the previous one: a value every `interval`.
  fileprivate func spaced(by interval: Duration, on scheduler: TestScheduler)
    -> Signal<Value, Failure>
  {
    map { Signal.just($0).delay(interval, on: scheduler) }.concat()
  }
}

@Suite("withLatest(from:) on real threads", .checksLiveSubscriptions, .tags(.concurrency))
struct WithLatestConcurrencyTests {
  @Test("both inputs on threads of their own: serialized, each pair with a value sent before")
  func bothInputsOnThreads() async {
    let taps = Subject<Int, Never>()
    let fields = Subject<Int, Never>()
    let probe = SerialityProbe()
    let pairs = Recorder<Int, Never>()
    let rounds = TestScale.size(full: 20_000)
    let subscription = taps.withLatest(from: fields).subscribe(next: { pair in
      probe.handle()
      pairs.record(.next(pair.1))
    })
    await onThreads(2) { thread in
      for value in 1...rounds {
        if thread == 0 { taps.sendNext(value) } else { fields.sendNext(value) }
      }
    }
    // The fields sent increase, so the latest one each tap saw never goes back.
    let seen = pairs.values
    #expect(seen == seen.sorted())
    #expect(seen.allSatisfy { (1...rounds).contains($0) })
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }
}
