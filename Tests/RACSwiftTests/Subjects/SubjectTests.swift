import RACSwift
import RACSwiftTesting
import Testing

@Suite("Subjects (A4, CONTRACT.md#subjects)", .checksLiveSubscriptions)
struct SubjectTests {
  @Test("A4-01, A4-03, A4-04, A5-06: a subject is hot, fed by hand: A then B, not what came before")
  func forwardsLiveValues() {
    let subject = Subject<String, Never>()
    subject.sendNext("before")
    var log: [String] = []
    subject.subscribe(next: { log.append($0) })
    subject.sendNext("A")
    subject.sendNext("B")
    #expect(log == ["A", "B"])
    subject.sendCompleted()
  }

  @Test("A4-02: disposing a subscription removes it from the subject")
  func disposeRemoves() {
    let subject = Subject<Int, Never>()
    var log: [Int] = []
    let first = subject.subscribe(next: { log.append($0) })
    subject.subscribe(next: { log.append($0 * 100) }).dispose()
    subject.sendNext(1)
    first.dispose()
    subject.sendNext(2)
    #expect(log == [1])
  }

  @Test(
    "A4-11 (deliberate difference, CONTRACT.md#subjects): a terminated subject ignores later sends; late subscribers get the end"
  )
  func latchesTermination() {
    let subject = Subject<Int, TestError>()
    let early = Recorder<Int, TestError>()
    early.subscribe(to: subject)
    subject.sendNext(1)
    subject.sendError(TestError(code: 1))
    subject.sendNext(2)
    subject.sendCompleted()
    #expect(early.events == [.next(1), .error(TestError(code: 1))])
    #expect(subject.isDisposed)
    let late = Recorder<Int, TestError>()
    late.subscribe(to: subject)
    #expect(late.events == [.error(TestError(code: 1))])
  }

  @Test(
    "A4-02: 100,000 subscribers join and leave in every order; each send reaches those present",
    .timeLimit(.minutes(1)), arguments: ["first in, first out", "last in, first out", "shuffled"])
  func manySubscribersJoinAndLeave(order: String) {
    // Leaving used to search the subject's list and copy it (a retain per entry): building up
    // and tearing down took time quadratic in the subscribers (2.4 s for 10,000; minutes for
    // 100,000). Each leaver is found at once and its place left empty until half are empty.
    let count = 100_000
    let subject = Subject<Int, Never>()
    var received = [Int](repeating: 0, count: count)
    var subscriptions: [(index: Int, disposable: any Disposable)] = []
    subscriptions.reserveCapacity(count)
    for index in 0..<count {
      subscriptions.append((index, subject.subscribe(next: { received[index] += $0 })))
    }
    switch order {
    case "last in, first out": subscriptions.reverse()
    case "shuffled":
      var generator = SeededGenerator(state: 42)
      subscriptions.shuffle(using: &generator)
    default: break
    }
    subject.sendNext(1)
    var leftAt = [Int](repeating: 0, count: count)
    for (step, subscription) in subscriptions.enumerated() {
      subscription.disposable.dispose()
      leftAt[subscription.index] = step
      // Now and then a send: it reaches exactly the subscribers still there.
      if step % 25_000 == 24_999 { subject.sendNext(10) }
    }
    subject.sendNext(1_000)  // no one is left
    // 1 from the first send, 10 from each send made before the subscriber left.
    let wrong = (0..<count).filter { received[$0] != 1 + 10 * (leftAt[$0] / 25_000) }
    #expect(wrong.isEmpty, "subscribers that received the wrong sends: \(wrong.prefix(5))")
  }

  @Test(
    "A4-09, A4-10: signal.subscribe(subject) shares one subscription among the subject's subscribers"
  )
  func subjectAsSubscriber() {
    let requests = AtomicCounter()
    let request = Signal<String, Never> { subscriber in
      requests.increment()
      subscriber.sendNext("response")
      subscriber.sendCompleted()
      return nil
    }
    let results = ReplaySubject<String, Never>()
    let first = Recorder<String, Never>()
    let second = Recorder<String, Never>()
    first.subscribe(to: results)
    second.subscribe(to: results)
    request.subscribe(results)
    #expect(requests.count == 1)
    #expect(first.events == [.next("response"), .completed])
    #expect(second.events == first.events)
  }

  @Test("a subject's upstream subscriptions are disposed when it terminates")
  func upstreamDisposedOnTermination() {
    let cleanups = AtomicCounter()
    let subject = Subject<Int, Never>()
    let never = Signal<Int, Never> { _ in AnyDisposable { cleanups.increment() } }
    never.subscribe(subject)
    never.subscribe(subject)
    #expect(cleanups.count == 0)
    subject.sendCompleted()
    #expect(cleanups.count == 2)
  }

  @Test("a subscription feeding a subject that already terminated is disposed at once")
  func upstreamAfterTerminationDisposedAtOnce() {
    // The subject makes its upstream scope with the first feeding subscription; one that
    // terminated before any still disposes later ones, and a subject that was never fed
    // terminates without one.
    let cleanups = AtomicCounter()
    let never = Signal<Int, Never> { _ in AnyDisposable { cleanups.increment() } }
    let neverFed = Subject<Int, Never>()
    neverFed.sendCompleted()
    #expect(neverFed.isDisposed)
    never.subscribe(neverFed)
    #expect(cleanups.count == 1)
    let fedThenEnded = Subject<Int, Never>()
    never.subscribe(fedThenEnded)
    #expect(cleanups.count == 1)
    fedThenEnded.sendCompleted()
    #expect(cleanups.count == 2)
    never.subscribe(fedThenEnded)
    #expect(cleanups.count == 3)
  }

  @Test("re-entrancy: a handler sending into its own subject neither deadlocks nor reorders")
  func reentrantSendOrder() {
    // Documented on Subject: the re-entrant send is delivered after every subscriber has
    // received the current event, in send order.
    let subject = Subject<String, Never>()
    var log: [String] = []
    subject.subscribe(next: { value in
      log.append("first:\(value)")
      if value == "A" {
        subject.sendNext("B")
        subject.sendNext("C")
      }
    })
    subject.subscribe(next: { log.append("second:\($0)") })
    subject.sendNext("A")
    #expect(
      log == [
        "first:A", "second:A", "first:B", "second:B", "first:C", "second:C",
      ])
    subject.sendCompleted()
  }

  @Test("re-entrancy: subscribing and disposing from inside a handler")
  func reentrantSubscribeAndDispose() {
    let subject = Subject<Int, Never>()
    var late: [Int] = []
    var inner: (any Disposable)?
    let outer = subject.subscribe(next: { value in
      if value == 1 { inner = subject.subscribe(next: { late.append($0) }) }
      if value == 3 { inner?.dispose() }
    })
    subject.sendNext(1)
    subject.sendNext(2)
    subject.sendNext(3)
    subject.sendNext(4)
    // The inner subscription is added after event 1 has been delivered to everyone, and it is
    // disposed by the first handler while event 3 is being delivered, before its own turn:
    // nothing is delivered to a disposed subscription.
    #expect(late == [2])
    outer.dispose()
  }

  @Test("a subscriber that disposes itself receives nothing more")
  func selfDisposal() {
    let subject = Subject<Int, Never>()
    var received: [Int] = []
    let holder = SerialDisposable()
    holder.disposable = subject.subscribe(next: { value in
      received.append(value)
      holder.dispose()
    })
    subject.sendNext(1)
    subject.sendNext(2)
    #expect(received == [1])
  }

  @Test("A1-05, A14-01: a filter fused into a map of a subject filters live values, keeps names")
  func fusedFilterOnSubject() {
    let subject = Subject<Int, TestError>()
    // `filter` takes the map's place as a stage when it holds the only reference to it.
    let fused = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 10 }
    let kept = subject.map { $0 * 3 }
    let keptAndFiltered = kept.filter { $0 > 3 }
    let chained = Recorder<Int, TestError>()
    let plain = Recorder<Int, TestError>()
    let filtered = Recorder<Int, TestError>()
    chained.subscribe(to: fused)
    plain.subscribe(to: kept)
    filtered.subscribe(to: keptAndFiltered)
    for value in 0..<5 { subject.sendNext(value) }
    subject.sendError(TestError(code: 4))
    // Terminal events pass the fused filter.
    #expect(chained.events == [.next(20), .next(40), .error(TestError(code: 4))])
    // A map someone else holds is not changed by a filter on it.
    #expect(plain.values == [0, 3, 6, 9, 12])
    #expect(filtered.values == [6, 9, 12])
    #expect(fused.name == "[[[+subject] -map:] -filter:] -map:")
    #expect(kept.name == "[+subject] -map:")
    #expect(keptAndFiltered.name == "[[+subject] -map:] -filter:")
  }

  // MARK: Lifetimes (CONTRACT.md#subjects)
  // A subscriber's scope holds the subject's core (so that disposing it can remove the
  // subscriber without a weak reference), and the core holds the scope: these check that the
  // cycle never outlives the subject's public object, nor a disposal, nor the subject's end.

  /// Subscribes to `subject` through a `map` whose transform captures a fresh object, and
  /// returns the subscription with a weak reference to the object and one to the subject. The
  /// subscription's disposable holds its handlers (CONTRACT.md#disposal), not the `map`'s
  /// transform: the subject's list of subscribers does, so the object lives as long as the
  /// subject's core.
  private static func subscribeWatched<S: Signal<Int, Never>>(
    _ subject: S
  ) -> (any Disposable, WeakBox<CapturedState>, WeakBox<S>) {
    let state = CapturedState()
    let subscription = subject.map { value -> Int in
      _ = state
      return value
    }.subscribe(next: { _ in })
    return (subscription, WeakBox(state), WeakBox(subject))
  }

  @Test("a subject released with live subscribers is released, and so is what they hold")
  func releasedWithLiveSubscribers() {
    let (first, firstState, firstSubject) = Self.subscribeWatched(Subject<Int, Never>())
    let (second, secondState, secondSubject) = Self.subscribeWatched(
      ReplaySubject<Int, Never>(capacity: 1))
    let (third, thirdState, thirdSubject) = Self.subscribeWatched(
      BehaviorSubject<Int, Never>(value: 0))
    let subscriptions = [first, second, third]
    #expect(firstSubject.object == nil)
    #expect(secondSubject.object == nil)
    #expect(thirdSubject.object == nil)
    #expect(firstState.object == nil)
    #expect(secondState.object == nil)
    #expect(thirdState.object == nil)
    // Disposing afterwards is harmless: there is nothing left to detach from.
    for subscription in subscriptions { subscription.dispose() }
    #expect(subscriptions.allSatisfy { $0.isDisposed })
  }

  @Test("a released replay or behaviour subject's values are released with it")
  func storedValuesReleased() {
    let replayed = WeakBox<CapturedState>(nil)
    let latest = WeakBox<CapturedState>(nil)
    var subscriptions: [any Disposable] = []
    do {
      let replay = ReplaySubject<CapturedState, Never>(capacity: 1)
      let behavior = BehaviorSubject<CapturedState, Never>(value: CapturedState())
      subscriptions.append(replay.subscribe(next: { _ in }))
      subscriptions.append(behavior.subscribe(next: { _ in }))
      let value = CapturedState()
      replayed.object = value
      replay.sendNext(value)
      let other = CapturedState()
      latest.object = other
      behavior.sendNext(other)
    }
    #expect(replayed.object == nil)
    #expect(latest.object == nil)
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("a disposed subscription lets go of the subject: released with its public object")
  func disposedSubscriptionHoldsNothing() {
    weak var weakSubject: Subject<Int, Never>?
    let subscription: any Disposable
    do {
      let subject = Subject<Int, Never>()
      weakSubject = subject
      var log: [Int] = []
      subscription = subject.subscribe(next: { log.append($0) })
      subject.sendNext(1)
      subscription.dispose()
      subject.sendNext(2)
      #expect(log == [1])
    }
    #expect(weakSubject == nil)
    #expect(subscription.isDisposed)
  }

  @Test("a terminated subject lets go of its subscribers' chains, and is released after")
  func terminatedSubjectReleased() {
    weak var weakSubject: Subject<Int, Never>?
    let state = WeakBox<CapturedState>(nil)
    let subscription: any Disposable
    var completed = false
    do {
      let subject = Subject<Int, Never>()
      weakSubject = subject
      do {
        let captured = CapturedState()
        state.object = captured
        subscription = subject.map { value -> Int in
          _ = captured
          return value
        }.subscribe(next: { _ in }, completed: { completed = true })
      }
      subject.sendCompleted()
      #expect(state.object == nil)
    }
    #expect(completed)
    #expect(subscription.isDisposed)
    #expect(weakSubject == nil)
  }

  @Test("flattenMap into subjects released while their inner subscriptions live")
  func flattenedSubjectsReleased() {
    let outer = Subject<Subject<Int, Never>, Never>()
    var values: [Int] = []
    let subscription = outer.flattenMap { $0 }.subscribe(next: { values.append($0) })
    weak var firstInner: Subject<Int, Never>?
    weak var secondInner: Subject<Int, Never>?
    do {
      let first = Subject<Int, Never>()
      let second = Subject<Int, Never>()
      firstInner = first
      secondInner = second
      outer.sendNext(first)
      outer.sendNext(second)
      first.sendNext(1)
      second.sendNext(2)
      second.sendCompleted()
    }
    // The first inner never ended: its subscription is still live, yet it holds the subject no
    // more than a subscription to any released subject does.
    #expect(firstInner == nil)
    #expect(secondInner == nil)
    #expect(values == [1, 2])
    subscription.dispose()
  }
}
