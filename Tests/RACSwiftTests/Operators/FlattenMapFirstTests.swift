import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `flattenMapFirst(_:)` is not a ReactiveCocoa 2 operator (RxSwift's `flatMapFirst`); it is
/// built on the inner-signal template, as `flattenMap` and `switchToLatest` are.
@Suite("flattenMapFirst", .checksLiveSubscriptions)
struct FlattenMapFirstTests {
  @Test("values that arrive while an inner signal runs are dropped; later ones start again")
  func dropsWhileRunning() {
    let taps = Subject<Int, Never>()
    let reloads = [1: Subject<String, Never>(), 3: Subject<String, Never>()]
    let started = Recorder<Int, Never>()
    let recorder = Recorder<String, Never>()
    recorder.subscribe(
      to: taps.flattenMapFirst { tap in
        started.record(.next(tap))
        return reloads[tap] ?? .never
      })
    taps.sendNext(1)
    taps.sendNext(2)  // dropped: reload 1 runs
    reloads[1]!.sendNext("a")
    reloads[1]!.sendCompleted()
    taps.sendNext(3)
    reloads[3]!.sendNext("b")
    taps.sendCompleted()
    #expect(recorder.events == [.next("a"), .next("b")])  // reload 3 still runs
    reloads[3]!.sendCompleted()
    #expect(recorder.events == [.next("a"), .next("b"), .completed])
    #expect(started.values == [1, 3], "the closure runs only for the values that start a signal")
  }

  @Test("a synchronous inner signal has finished before the next value: none is dropped")
  func synchronousInners() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from([1, 2, 3]).flattenMapFirst { .from([$0, $0 * 10]) })
    #expect(
      recorder.events == [
        .next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed,
      ])
  }

  @Test("an error of the receiver or of the running inner signal ends everything")
  func errors() {
    let taps = Subject<Int, TestError>()
    let inner = Subject<Int, TestError>()
    let disposals = AtomicCounter()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: taps.flattenMapFirst { _ in inner.doDisposed { disposals.increment() } })
    taps.sendNext(1)
    inner.sendError(TestError())
    taps.sendNext(2)
    #expect(recorder.events == [.error(TestError())])
    #expect(disposals.count == 1)

    let second = Recorder<Int, TestError>()
    second.subscribe(to: taps.flattenMapFirst { _ in inner.doDisposed { disposals.increment() } })
    taps.sendNext(1)
    taps.sendError(TestError())
    #expect(second.events == [.error(TestError())])
    #expect(disposals.count == 2, "the receiver's error disposes the running inner signal")
  }

  @Test("each subscription drops by its own inner signal")
  func perSubscription() {
    let taps = Subject<Int, Never>()
    let inner = Subject<Int, Never>()
    let signal = taps.flattenMapFirst { tap in inner.map { $0 + tap } }
    let first = Recorder<Int, Never>()
    first.subscribe(to: signal)
    taps.sendNext(10)
    let second = Recorder<Int, Never>()
    second.subscribe(to: signal)
    taps.sendNext(20)  // dropped by the first, started by the second
    inner.sendNext(1)
    #expect(first.values == [11])
    #expect(second.values == [21])
    taps.sendCompleted()
    inner.sendCompleted()
    #expect(first.events.last == .completed)
    #expect(second.events.last == .completed)
  }

  @Test("an endless synchronous receiver ended by a later take stops, also inside a merge")
  func earlyEndInsideMerge() {
    let endless = Signal<Int, Never>.from(1...).flattenMapFirst { .just($0) }
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.merge([endless.take(2), .just(7), endless.take(1)]))
    #expect(recorder.events == [.next(1), .next(2), .next(7), .next(1), .completed])
  }

  @Test("in virtual time: a tap during a one-second reload is dropped")
  func virtualTime() {
    let scheduler = TestScheduler()
    let taps = Signal<Int, Never>.from([1, 2, 3, 4]).map { tap in
      Signal<Int, Never>.just(tap).delay(.milliseconds(400 * tap), on: scheduler)
    }.flatten()
    let recorder = scheduler.record(
      taps.flattenMapFirst { tap in
        Signal<Int, Never>.just(tap * 10).delay(.seconds(1), on: scheduler)
      })
    scheduler.run()
    // Taps at 0.4, 0.8, 1.2 and 1.6 s: the reload of the first runs until 1.4 s.
    #expect(recorder.events.map(\.event) == [.next(10), .next(40), .completed])
    #expect(
      recorder.events.map(\.time)
        == [.milliseconds(1400), .milliseconds(2600), .milliseconds(2600)])
  }

  @Test("written on the main actor, the closure runs there, also for a value sent elsewhere")
  @MainActor
  func isolated() async {
    let taps = Subject<Int, Never>()
    var started: [Int] = []
    let log = EventLog()
    log.record(
      taps.flattenMapFirst { tap in
        MainActor.preconditionIsolated()
        started.append(tap)
        return Signal<Int, Never>.just(tap)
      })
    taps.sendNext(1)
    await Task.detached { taps.sendNext(2) }.value
    while log.lines.count < 2 { await Task.yield() }
    #expect(log.lines == ["1", "2"])
    #expect(started == [1, 2])
    taps.sendCompleted()
  }

  @Test("the name")
  func name() {
    let taps = Subject<Int, Never>().setName("taps")
    let first = taps.flattenMapFirst { Signal<Int, Never>.just($0) }
    #expect(first.name == "[taps] -flattenMapFirst:")
  }
}

@Suite("flattenMapFirst on real threads", .checksLiveSubscriptions, .tags(.concurrency))
struct FlattenMapFirstConcurrencyTests {
  @Test("values from several threads while inner signals end on another: serialized, all end")
  func concurrentValuesAndCompletions() async {
    let taps = Subject<Int, Never>()
    let ends = Subject<Void, Never>()
    let probe = SerialityProbe()
    let done = DispatchSemaphore(value: 0)
    let rounds = TestScale.size(full: 20_000)
    let subscription = taps.flattenMapFirst { tap in
      Signal<Int, Never>.just(tap).concat(ends.take(1).map { _ in -1 })
    }.subscribe(next: { _ in probe.handle() }, completed: { done.signal() })
    await onThreads(3) { thread in
      for value in 1...rounds {
        if thread == 2 { ends.sendNext(()) } else { taps.sendNext(value) }
      }
    }
    taps.sendCompleted()
    ends.sendNext(())
    done.wait()
    #expect(probe.overlaps == 0)
    #expect(probe.count >= 2, "at least one inner signal ran and ended")
    subscription.dispose()
  }
}
