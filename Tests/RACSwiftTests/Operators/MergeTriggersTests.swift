import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `Signal.merge(triggers:)`: RAC's `+merge:` of signals used only as triggers, whose value types
/// RAC's `id` never had to agree on. The forms mixing triggers that cannot fail with failing ones
/// are checked in `NeverFailureOverloadTests`.
@Suite("merge(triggers:)", .checksLiveSubscriptions)
struct MergeTriggersTests {
  @Test("triggers of different value types merge into one () per value, in arrival order")
  func differentValueTypes() {
    let queries = Subject<String?, Never>()
    let notifications = Subject<Notification, Never>()
    let taps = Subject<Void, Never>()
    let recorder = Recorder<Int, Never>()
    var count = 0
    recorder.subscribe(
      to: Signal.merge(triggers: queries, notifications, taps).map { () -> Int in
        count += 1
        return count
      })
    queries.sendNext("sunset")
    notifications.sendNext(Notification(name: Notification.Name("dayChanged")))
    queries.sendNext(nil)
    taps.sendNext(())
    #expect(recorder.values == [1, 2, 3, 4])
    queries.sendCompleted()
    notifications.sendCompleted()
    #expect(recorder.events.last == .next(4), "completes only when every trigger has")
    taps.sendCompleted()
    #expect(recorder.events.last == .completed)
  }

  @Test("two triggers: the result is a Signal<Void, Never> without annotations")
  func twoTriggers() {
    let names = Subject<String, Never>()
    let counts = Subject<Int, Never>()
    let merged = Signal.merge(triggers: names, counts)
    let typed: Signal<Void, Never> = merged
    var fired = 0
    let subscription = typed.subscribe(next: { fired += 1 })
    names.sendNext("a")
    counts.sendNext(1)
    counts.sendNext(2)
    #expect(fired == 3)
    subscription.dispose()
  }

  @Test("four or more triggers take the variadic form, subscribed in order")
  func manyTriggers() {
    var order: [String] = []
    func trigger<T>(_ value: T, _ name: String) -> Signal<T, Never> {
      Signal.just(value).initially { order.append(name) }
    }
    let merged = Signal.merge(
      triggers: trigger(1, "a"), trigger("b", "b"), trigger(2.5, "c"), trigger([1], "d"),
      trigger((), "e"))
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: merged.mapReplace(0))
    #expect(recorder.events == [.next(0), .next(0), .next(0), .next(0), .next(0), .completed])
    #expect(order == ["a", "b", "c", "d", "e"])
  }

  @Test("the first error ends the merge and disposes every trigger")
  func firstErrorEndsAll() {
    let searches = Subject<String, TestError>()
    let refreshes = Subject<Void, TestError>()
    let disposals = AtomicCounter()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: Signal.merge(
        triggers: searches.doDisposed { disposals.increment() },
        refreshes.doDisposed { disposals.increment() }
      ).mapReplace(1))
    searches.sendNext("a")
    refreshes.sendError(TestError())
    searches.sendNext("b")
    #expect(recorder.events == [.next(1), .error(TestError())])
    #expect(disposals.count == 2)
  }

  @Test("a synchronous error stops the triggers after it from being subscribed")
  func synchronousErrorStopsSubscribing() {
    var subscribed = false
    let later = Signal<Int, TestError>.never.initially { subscribed = true }
    let recorder = Recorder<Void, TestError>()
    recorder.subscribe(
      to: Signal.merge(triggers: Signal<String, TestError>.error(TestError()), later))
    #expect(recorder.events.count == 1)
    #expect(!subscribed)
  }

  @Test("disposing the merge disposes every trigger")
  func disposal() {
    let disposals = AtomicCounter()
    let first = Signal<String, Never>.never.doDisposed { disposals.increment() }
    let second = Signal<Int, Never>.never.doDisposed { disposals.increment() }
    let third = Signal<Double, Never>.never.doDisposed { disposals.increment() }
    Signal.merge(triggers: first, second).subscribe(next: {}).dispose()
    #expect(disposals.count == 2)
    Signal.merge(triggers: first, second, third).subscribe(next: {}).dispose()
    #expect(disposals.count == 5)
    Signal.merge(triggers: first, second, third, first).subscribe(next: {}).dispose()
    #expect(disposals.count == 9)
  }

  @Test("the name is RAC's +merge: of the triggers, as written")
  func name() {
    let query = Subject<String, Never>().setName("query")
    let taps = Subject<Void, Never>().setName("taps")
    let days = Subject<Notification, Never>().setName("days")
    #expect(Signal.merge(triggers: query, taps).name == "+merge: (query, taps)")
    #expect(Signal.merge(triggers: query, taps, days).name == "+merge: (query, taps, days)")
    #expect(
      Signal.merge(triggers: query, taps, days, query).name == "+merge: (query, taps, days, query)")
  }

  @Test("an endless synchronous trigger ended by a later take stops, also inside a merge")
  func earlyEndInsideMerge() {
    let endless = Signal.merge(triggers: Signal.from(1...), Signal<String, Never>.never)
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.merge([endless.take(2).mapReplace(1), .just(7)]))
    #expect(recorder.events == [.next(1), .next(1), .next(7), .completed])
  }
}

@Suite("merge(triggers:) on real threads", .checksLiveSubscriptions, .tags(.concurrency))
struct MergeTriggersConcurrencyTests {
  @Test("triggers of different types sent from threads of their own: serialized, none lost")
  func triggersOnThreads() async {
    let words = Subject<String, Never>()
    let numbers = Subject<Int, Never>()
    let taps = Subject<Void, Never>()
    let probe = SerialityProbe()
    let fired = AtomicCounter()
    let rounds = TestScale.size(full: 20_000)
    let subscription = Signal.merge(triggers: words, numbers, taps).subscribe(next: {
      probe.handle()
      fired.increment()
    })
    await onThreads(3) { thread in
      for value in 1...rounds {
        switch thread {
        case 0: words.sendNext("\(value)")
        case 1: numbers.sendNext(value)
        default: taps.sendNext(())
        }
      }
    }
    #expect(fired.count == 3 * rounds)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }
}
