import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `just`, `from`, `empty`, `error`, and `map` and `filter` on them, deliver everything during
/// `subscribe` and keep no sink, so RACSwift subscribes their stages without escaping them (no
/// allocation per stage). These tests show that such a chain behaves exactly like the same chain
/// on a signal made with `Signal { … }`, through every way of subscribing and every operator
/// that may sit on top of it.
@Suite("Synchronous chains (map and filter on just, from, empty, error)", .checksLiveSubscriptions)
struct SynchronousPathTests {
  /// The same values from a signal that is not synchronous (made with a creation block).
  private func created(_ values: [Int]) -> Signal<Int, TestError> {
    Signal { subscriber in
      for value in values { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
  }

  /// 1, 2, 3, … without end (a synchronous chain), counting in `produced` the values that
  /// reached the `map`.
  private func endless(counting produced: AtomicCounter) -> Signal<Int, Never> {
    Signal<Int, Never>.from(1...).map { value -> Int in
      produced.increment()
      return value
    }
  }

  private func chain(_ source: Signal<Int, TestError>) -> Signal<Int, TestError> {
    source.map { $0 * 3 }.filter { $0 % 2 == 0 }.map { $0 + 1 }
  }

  @Test("A1-05, A1-06: map and filter on from deliver what they deliver on a created signal")
  func sameEventsAsCreatedSignal() {
    for values in [[], [1], [2], [1, 2, 3, 4, 5, 6], Array(0..<100)] {
      let fast = Recorder<Int, TestError>()
      let reference = Recorder<Int, TestError>()
      let fastSubscription = fast.subscribe(to: chain(.from(values)))
      reference.subscribe(to: chain(created(values)))
      #expect(fast.events == reference.events)
      #expect(fast.events.last == .completed)
      // Everything was delivered during subscribe: the subscription has already ended.
      #expect(fastSubscription.isDisposed)
    }
  }

  @Test("A1-05: just, empty and error through map and filter")
  func justEmptyError() {
    let just = Recorder<Int, TestError>()
    just.subscribe(to: chain(.just(2)))
    #expect(just.events == [.next(7), .completed])

    let filteredOut = Recorder<Int, TestError>()
    filteredOut.subscribe(to: chain(.just(1)))
    #expect(filteredOut.events == [.completed])

    let empty = Recorder<Int, TestError>()
    empty.subscribe(to: chain(.empty))
    #expect(empty.events == [.completed])

    let failure = Recorder<Int, TestError>()
    failure.subscribe(to: chain(.error(TestError(code: 9))))
    #expect(failure.events == [.error(TestError(code: 9))])
  }

  @Test("A2-14: take on an endless synchronous chain stops the iteration")
  func takeStopsEndlessIteration() {
    let produced = AtomicCounter()
    let values = endless(counting: produced).map { $0 * 10 }.filter { $0 % 20 == 0 }
    var received: [Int] = []
    let subscription = values.take(3).subscribe(next: { received.append($0) })
    #expect(received == [20, 40, 60])
    // Six elements produced for three passing the filter, and not one more.
    #expect(produced.count == 6)
    #expect(subscription.isDisposed)
  }

  @Test("scan, take and skip on from deliver what they deliver on a created signal")
  func scanTakeSkipSameEvents() {
    func stages(_ source: Signal<Int, TestError>, take: Int, skip: Int) -> Signal<Int, TestError> {
      source.scan(0, +).skip(skip).take(take).map { $0 * 2 }
    }
    for values in [[], [1], [1, 2, 3, 4, 5, 6], Array(0..<40)] {
      for (take, skip) in [(0, 0), (1, 0), (3, 2), (100, 0), (2, 100), (-1, -1)] {
        let fast = Recorder<Int, TestError>()
        let reference = Recorder<Int, TestError>()
        let subscription = fast.subscribe(to: stages(.from(values), take: take, skip: skip))
        reference.subscribe(to: stages(created(values), take: take, skip: skip))
        #expect(fast.events == reference.events, "\(values) take \(take) skip \(skip)")
        #expect(subscription.isDisposed, "everything was delivered during subscribe")
      }
    }
    // An error passes through all three, and ends a take before its count.
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: stages(.error(TestError(code: 3)), take: 5, skip: 1))
    #expect(failing.events == [.error(TestError(code: 3))])
  }

  @Test("A2-14: a take nested in another stops an endless source at the first one that ends")
  func nestedTakesStop() {
    let produced = AtomicCounter()
    let values = endless(counting: produced)
    var received: [Int] = []
    values.take(5).scan(0, +).take(2).subscribe(next: { received.append($0) })
    #expect(received == [1, 3])
    #expect(produced.count == 2)
    received = []
    values.take(2).skip(1).take(5).subscribe(next: { received.append($0) })
    #expect(received == [2])
    #expect(produced.count == 4)
  }

  @Test("A2-14, A6-04: a take in a synchronous inner signal stops it inside flattenMap and merge")
  func takeInsideMerge() {
    // Each inner signal's source never ends: its take must stop it, inside the merging
    // operator's subscription, which goes on after the inner signal ended.
    var flattened: [Int] = []
    Signal<Int, Never>.from([1, 2])
      .flattenMap { outer in Signal.from(1...).map { $0 * outer }.take(2) }
      .subscribe(next: { flattened.append($0) })
    #expect(flattened == [1, 2, 2, 4])
    let merged = Recorder<Int, Never>()
    merged.subscribe(
      to: Signal.merge([Signal.from(1...).take(1), Signal.from(5...).skip(1).take(2)]))
    #expect(merged.events == [.next(1), .next(6), .next(7), .completed])
  }

  @Test("A2-14: subscribed through the escaping path, a synchronous take still stops its source")
  func takeThroughEscapingPath() {
    let produced = AtomicCounter()
    let values = endless(counting: produced).take(3)
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: values.deliver(on: ImmediateScheduler()))
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    #expect(produced.count == 3)
    #expect(subscription.isDisposed)
  }

  @Test("A2-11, A2-14: take(while:) ending a synchronous chain mid-iteration stops it")
  func disposingFromAnInnerStage() {
    // take(while:) disposes the shared scope from inside the synchronous stages.
    var received: [Int] = []
    Signal<Int, Never>.from(1...1_000_000).map { $0 * 2 }.filter { $0 % 4 == 0 }
      .take(while: { $0 < 20 })
      .subscribe(next: { received.append($0) })
    #expect(received == [4, 8, 12, 16])
  }

  @Test("A4-10: a subject subscribed to a synchronous chain receives every event")
  func subscribingASubject() {
    let subject = ReplaySubject<Int, TestError>()
    chain(.from([2, 4, 5])).subscribe(subject)
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: subject)
    #expect(recorder.events == [.next(7), .next(13), .completed])
  }

  @Test("A2-04: a synchronous chain re-subscribed from its own handler runs again, nested")
  func nestedSubscription() {
    let inner = Signal<Int, Never>.from([1, 2]).map { $0 * 100 }
    var received: [Int] = []
    Signal<Int, Never>.from([1, 2]).filter { _ in true }.subscribe(next: { outer in
      received.append(outer)
      inner.subscribe(next: { received.append($0) })
    })
    #expect(received == [1, 100, 200, 2, 100, 200])
  }

  @Test("A7-20, A6-04, A7-18: deliver(on:), flattenMap and concat on top of synchronous chains")
  func asynchronousOperatorsOnTop() {
    let scheduler = TestScheduler()
    var received: [Int] = []
    var completed = false
    Signal<Int, Never>.from([1, 2, 3, 4]).map { $0 * 2 }.filter { $0 > 2 }
      .deliver(on: scheduler)
      .subscribe(next: { received.append($0) }, completed: { completed = true })
    #expect(received.isEmpty)
    scheduler.advance(by: .zero)
    #expect(received == [4, 6, 8])
    #expect(completed)

    var flattened: [Int] = []
    Signal<Int, Never>.from([1, 2, 3])
      .flattenMap { value in Signal.just(value).map { $0 * 10 }.filter { $0 != 20 } }
      .concat(Signal.from([7]).map { $0 + 1 })
      .subscribe(next: { flattened.append($0) })
    #expect(flattened == [10, 30, 8])
  }

  @Test("A1-04: subscribed from the main actor, a synchronous chain delivers in place")
  @MainActor
  func fromTheMainActor() {
    var received: [Int] = []
    Signal<Int, Never>.from([1, 2, 3]).map { $0 + 1 }.subscribe(next: { received.append($0) })
    #expect(received == [2, 3, 4])
  }

  @Test("A2-05: every subscription of a synchronous chain runs the map again (cold)")
  func coldness() {
    let runs = AtomicCounter()
    let signal = Signal<Int, Never>.just(1).map { value -> Int in
      runs.increment()
      return value
    }
    signal.subscribe()
    signal.subscribe()
    #expect(runs.count == 2)
  }

  @Test("A1-05, A3-01: handlers on a synchronous chain: in order, finished and uncounted on return")
  func handlersFinishDuringSubscribe() {
    let ledger = SubscriptionLedger()
    ledger.withLedger {
      var log: [String] = []
      let completing = Signal<Int, TestError>.from([1, 2, 3]).map { $0 * 2 }.subscribe(
        next: { log.append("next \($0)") }, error: { log.append("error \($0.code)") },
        completed: { log.append("completed") })
      #expect(log == ["next 2", "next 4", "next 6", "completed"])
      #expect(completing.isDisposed)
      #expect(ledger.liveCount == 0)
      completing.dispose()  // a second dispose of a finished subscription does nothing
      #expect(log.count == 4)

      log.removeAll()
      let failing = Signal<Int, TestError>.error(TestError(code: 4)).filter { $0 > 0 }
        .subscribe(next: { log.append("next \($0)") }, error: { log.append("error \($0.code)") })
      #expect(log == ["error 4"])
      #expect(failing.isDisposed)

      var values: [Int] = []
      let onlyNext = Signal<Int, Never>.just(5).subscribe(next: { values.append($0) })
      #expect(values == [5])
      #expect(onlyNext.isDisposed)
      #expect(ledger.liveCount == 0)
    }
  }

  @Test("A3-01, A1-07: what a finished synchronous subscription returns is inert")
  func finishedSubscriptionIsInert() {
    var log: [String] = []
    let first = Signal<Int, Never>.from([1, 2]).subscribe(
      next: { log.append("a\($0)") }, completed: { log.append("a done") })
    let second = Signal<Int, Never>.just(3).map { $0 * 2 }.subscribe(
      next: { log.append("b\($0)") }, completed: { log.append("b done") })
    #expect(log == ["a1", "a2", "a done", "b6", "b done"])
    #expect(first.isDisposed && second.isDisposed)
    // Disposing, or adding to a compound that is disposed later, runs no handler again.
    first.dispose()
    let bag = CompoundDisposable()
    bag.add(second)
    bag.dispose()
    #expect(log.count == 5)

    // The scope the synchronous subscriptions ran in was not disposed by any of that: a
    // later subscription still runs to the end.
    var values: [Int] = []
    Signal<Int, Never>.from(0..<5).subscribe(next: { values.append($0) })
    #expect(values == [0, 1, 2, 3, 4])
  }

  @Test("A2-04: nested synchronous subscriptions from handlers, each with its own state")
  func nestedSynchronousSubscriptions() {
    var log: [String] = []
    Signal<Int, Never>.from([1, 2]).subscribe(
      next: { outer in
        Signal<Int, Never>.from([10, 20]).map { $0 + outer }.subscribe(
          next: { log.append("\($0)") }, completed: { log.append("inner done") })
      }, completed: { log.append("outer done") })
    #expect(log == ["11", "21", "inner done", "12", "22", "inner done", "outer done"])
  }

  @Test("A2-05: a stored synchronous signal stays usable after operators are applied to it")
  func storedSignalReusedByOperators() {
    let base = Signal<Int, Never>.from([1, 2, 3])
    let doubled = base.map { $0 * 2 }
    let odd = base.filter { $0 % 2 == 1 }
    var received: [Int] = []
    doubled.subscribe(next: { received.append($0) })
    odd.subscribe(next: { received.append($0) })
    base.subscribe(next: { received.append($0) })
    #expect(received == [2, 4, 6, 1, 3, 1, 2, 3])
  }

  /// Inner signals of four kinds (just, from, empty, a map/filter chain), synchronous or made
  /// with a creation block.
  private func inner(_ value: Int, synchronous: Bool) -> Signal<Int, TestError> {
    switch value % 4 {
    case 0: return synchronous ? .just(value) : created([value])
    case 1: return synchronous ? .from([value, value + 100]) : created([value, value + 100])
    case 2: return synchronous ? .empty : created([])
    default: return synchronous ? chain(.from([value])) : chain(created([value]))
    }
  }

  @Test("A6-04, A6-06, A6-07: synchronous inner signals of a merge behave like created ones")
  func synchronousInnersOfMerges() {
    // Inner signals run in the merge's scope when they are synchronous; the events must be
    // exactly those of inner signals made with a creation block.
    let fast = Recorder<Int, TestError>()
    let reference = Recorder<Int, TestError>()
    fast.subscribe(to: Signal.from(0..<40).flattenMap { self.inner($0, synchronous: true) })
    reference.subscribe(
      to: created(Array(0..<40)).flattenMap { self.inner($0, synchronous: false) })
    #expect(fast.events == reference.events)
    #expect(fast.events.last == .completed)

    // An error from a synchronous inner ends everything, and no later source value is used.
    let failing = Recorder<Int, TestError>()
    let mapped = AtomicCounter()
    failing.subscribe(
      to: Signal<Int, TestError>.from(0..<10).flattenMap { value -> Signal<Int, TestError> in
        mapped.increment()
        return value == 2 ? .error(TestError(code: 2)) : .just(value)
      })
    #expect(failing.events == [.next(0), .next(1), .error(TestError(code: 2))])
    #expect(mapped.count == 3)
  }

  @Test("A6-06, A2-14: a merge waits for asynchronous inners; take stops a synchronous inner")
  func synchronousAndAsynchronousInners() {
    let subject = Subject<Int, TestError>()
    let mixed = Recorder<Int, TestError>()
    mixed.subscribe(
      to: Signal<Int, TestError>.from(0..<3).flattenMap { value in
        value == 1 ? subject.map { $0 * 10 } : .just(value)
      })
    #expect(mixed.events == [.next(0), .next(2)])  // the subject's inner still runs
    subject.sendNext(7)
    subject.sendCompleted()
    #expect(mixed.events == [.next(0), .next(2), .next(70), .completed])

    // An endless synchronous inner, stopped by take downstream after three of its values.
    let produced = AtomicCounter()
    var received: [Int] = []
    let subscription = Signal<Int, Never>.just(1).flattenMap { _ in
      endless(counting: produced)
    }.take(3).subscribe(next: { received.append($0) })
    #expect(received == [1, 2, 3])
    #expect(produced.count == 3)
    #expect(subscription.isDisposed)
  }

  @Test("A14-01, A14-03: a filter fused into a synchronous map keeps the names of both")
  func fusedFilterNames() {
    #expect(
      Signal<Int, Never>.just(1).map { $0 }.filter { _ in true }.name
        == "[[+just: 1] -map:] -filter:")
    // A name given to the map before the filter names the map, not the map and the filter.
    #expect(
      Signal<Int, Never>.just(1).map { $0 }.setName("m").filter { _ in true }.name
        == "[m] -filter:")
    #expect(Signal<Int, Never>.just(1).map { $0 }.filter { _ in true }.setName("f").name == "f")
    #expect(
      Signal<Int, Never>.just(1).map { $0 }.filter { _ in true }.filter { _ in true }.name
        == "[[[+just: 1] -map:] -filter:] -filter:")
  }

  @Test("A2-05, A1-05: a map that is kept and filtered still delivers what it delivered")
  func storedMapIsNotChangedByFilter() {
    let doubled = Signal<Int, Never>.from(1...4).map { $0 * 2 }
    let large = doubled.filter { $0 > 4 }
    var all: [Int] = []
    var filtered: [Int] = []
    doubled.subscribe(next: { all.append($0) })
    large.subscribe(next: { filtered.append($0) })
    #expect(all == [2, 4, 6, 8])
    #expect(filtered == [6, 8])
    #expect(doubled.name == "[+from] -map:")
  }

  @Test("A1-05: fused filters under further filters, maps and a deep map chain")
  func fusedFilterUnderMoreOperators() {
    var received: [Int] = []
    let evens = Signal<Int, Never>.from(0..<20).map { $0 + 1 }.filter { $0 % 2 == 0 }
    let multiplesOfSix = evens.filter { $0 % 3 == 0 }.map { $0 * 10 }
    multiplesOfSix.subscribe(next: { received.append($0) })
    #expect(received == [60, 120, 180])

    // A hundred maps on the map with the fused filter (deeper than a synchronous chain goes,
    // so the later ones subscribe through the stack guard): the filter still applies.
    var deep = Signal<Int, Never>.from(0..<6).map { $0 }.filter { $0 % 2 == 1 }
    for _ in 0..<100 { deep = deep.map { $0 + 1 } }
    var deepValues: [Int] = []
    deep.subscribe(next: { deepValues.append($0) })
    #expect(deepValues == [101, 103, 105])

    // Terminal events pass a fused filter.
    let failing = Recorder<Int, TestError>()
    failing.subscribe(
      to: Signal<Int, TestError>.error(TestError(code: 3)).map { $0 }.filter { _ in false })
    #expect(failing.events == [.error(TestError(code: 3))])
  }

  @Test("A1-08: one synchronous chain subscribed from 4 threads at once")
  func subscriptionConcurrency() async {
    let chain = Signal<Int, Never>.from(0..<1_000).map { $0 * 2 }.filter { $0 % 3 == 0 }
    let expected = (0..<1_000).map { $0 * 2 }.filter { $0 % 3 == 0 }.reduce(0, +)
    let mismatches = AtomicCounter()
    await onThreads(4) { _ in
      for _ in 0..<200 {
        var sum = 0
        chain.subscribe(next: { sum += $0 })
        if sum != expected { mismatches.increment() }
      }
    }
    #expect(mismatches.count == 0)
  }

  @Test("A1-08, A6-04: synchronous inner signals of a merge fed from 4 threads at once")
  func mergeOfSynchronousInnersConcurrency() async {
    let subject = Subject<Int, Never>()
    let total = AtomicCounter()
    let subscription = subject.flattenMap { value in
      value % 2 == 0 ? Signal.just(1) : Signal.from([1, 1]).map { $0 }.filter { _ in true }
    }.subscribe(next: { _ in total.increment() })
    await onThreads(4) { _ in
      for value in 0..<500 { subject.sendNext(value) }
    }
    subscription.dispose()
    // Per thread: 250 even values send 1 each, 250 odd values send 2 each.
    #expect(total.count == 4 * (250 + 500))
  }
}
