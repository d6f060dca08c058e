import RACSwift
import RACSwiftTesting
import Testing

@Suite("flatten, merge, concat of signals (B.3)", .checksLiveSubscriptions)
struct FlattenTests {
  @Test("flatten merges inner signals as they arrive; completes after outer and all inners")
  func flattenMerges() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let inners = [Subject<Int, TestError>(), Subject<Int, TestError>()]
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.flatten())
    outer.sendNext(inners[0])
    outer.sendNext(inners[1])
    inners[1].sendNext(2)
    inners[0].sendNext(1)
    outer.sendCompleted()
    inners[0].sendCompleted()
    #expect(!recorder.isTerminated)
    inners[1].sendCompleted()
    #expect(recorder.events == [.next(2), .next(1), .completed])
  }

  @Test("flatten: an inner error ends everything")
  func flattenError() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.flatten())
    let survivor = Subject<Int, TestError>()
    outer.sendNext(survivor)
    outer.sendNext(.error(TestError(code: 3)))
    survivor.sendNext(1)
    #expect(recorder.events == [.error(TestError(code: 3))])
  }

  @Test("flatten(maxConcurrent:) runs at most n inner signals, queued first in, first out")
  func boundedFlatten() {
    let outer = Subject<Signal<String, TestError>, TestError>()
    let inners = (0..<4).map { _ in Subject<String, TestError>() }
    let subscribed = Recorder<Int, Never>()
    let recorder = Recorder<String, TestError>()
    recorder.subscribe(to: outer.flatten(maxConcurrent: 2))
    for (index, inner) in inners.enumerated() {
      outer.sendNext(
        Signal.defer {
          subscribed.record(.next(index))
          return inner
        })
    }
    #expect(subscribed.values == [0, 1])
    inners[1].sendNext("b")
    inners[1].sendCompleted()
    #expect(subscribed.values == [0, 1, 2])
    inners[0].sendCompleted()
    #expect(subscribed.values == [0, 1, 2, 3])
    inners[3].sendNext("d")
    outer.sendCompleted()
    inners[2].sendCompleted()
    #expect(!recorder.isTerminated)
    inners[3].sendCompleted()
    #expect(recorder.events == [.next("b"), .next("d"), .completed])
  }

  @Test("flatten(maxConcurrent:): disposal drops the queued inner signals")
  func boundedFlattenDisposal() {
    let outer = Subject<Signal<Int, Never>, Never>()
    let subscriptions = AtomicCounter()
    let subscription = outer.flatten(maxConcurrent: 1).subscribe()
    for _ in 0..<3 {
      outer.sendNext(
        Signal { _ in
          subscriptions.increment()
          return nil
        })
    }
    #expect(subscriptions.count == 1)
    subscription.dispose()
    #expect(subscriptions.count == 1)
  }

  @Test("concat on a signal of signals subscribes one at a time (A7-15, A7-18)")
  func concatOfSignals() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from([Signal.from([1, 2]), .just(3), .from([4])]).concat())
    #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
  }

  @Test(
    "flatten(maxConcurrent: 1) over 100,000 synchronous inner signals runs in constant stack",
    .tags(.stack))
  func boundedFlattenStack() async {
    await onSmallStack {
      let count = AtomicCounter()
      let completed = AtomicCounter()
      Signal.from(0..<100_000).map { Signal<Int, Never>.just($0) }.flatten(maxConcurrent: 1)
        .subscribe(next: { _ in count.increment() }, completed: { completed.increment() })
      #expect(count.count == 100_000)
      #expect(completed.count == 1)
    }
  }

  @Test("merge: instance, static, variadic; completes when all complete")
  func merge() {
    let left = Subject<Int, Never>()
    let right = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: left.merge(right))
    left.sendNext(1)
    right.sendNext(2)
    left.sendCompleted()
    #expect(!recorder.isTerminated)
    right.sendCompleted()
    #expect(recorder.events == [.next(1), .next(2), .completed])

    let all = Recorder<Int, Never>()
    all.subscribe(to: Signal.merge(.just(1), .from([2, 3]), .empty))
    #expect(all.events == [.next(1), .next(2), .next(3), .completed])
    let none = Recorder<Int, Never>()
    none.subscribe(to: Signal.merge([Signal<Int, Never>]()))
    #expect(none.events == [.completed])
  }

  @Test("merge stops subscribing when an earlier signal fails synchronously")
  func mergeStopsOnSynchronousError() {
    let later = AtomicCounter()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(
      to: Signal.merge([
        .just(1), .error(TestError()),
        Signal { _ in
          later.increment()
          return nil
        },
      ]))
    #expect(recorder.events == [.next(1), .error(TestError())])
    #expect(later.count == 0)
  }
}

@Suite("switchToLatest, if, switch (B.3)", .checksLiveSubscriptions)
struct SwitchToLatestTests {
  @Test("forwards only the latest inner signal; the previous one is disposed")
  func latestOnly() {
    let outer = Subject<Signal<String, TestError>, TestError>()
    let first = Subject<String, TestError>()
    let second = Subject<String, TestError>()
    let recorder = Recorder<String, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(first)
    first.sendNext("a")
    outer.sendNext(second)
    first.sendNext("ignored")
    second.sendNext("b")
    #expect(recorder.values == ["a", "b"])
    outer.sendCompleted()
    #expect(!recorder.isTerminated)
    second.sendCompleted()
    #expect(recorder.events.last == .completed)
  }

  @Test("completes when the outer completes and the latest inner already completed")
  func completion() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(.just(1))
    outer.sendCompleted()
    #expect(recorder.events == [.next(1), .completed])
    let empty = Recorder<Int, TestError>()
    empty.subscribe(to: Signal<Signal<Int, TestError>, TestError>.empty.switchToLatest())
    #expect(empty.events == [.completed])
  }

  @Test("errors from the latest inner or the outer are forwarded")
  func errors() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(.error(TestError(code: 1)))
    #expect(recorder.events == [.error(TestError(code: 1))])
    let outerFailure = Recorder<Int, TestError>()
    outerFailure.subscribe(
      to: Signal<Signal<Int, TestError>, TestError>.error(TestError(code: 2)).switchToLatest())
    #expect(outerFailure.events == [.error(TestError(code: 2))])
  }

  @Test("A7-14: if passes through then while the condition is true, else while false")
  func ifThenElse() {
    let condition = Subject<Bool, Never>()
    let yes = Subject<String, Never>()
    let no = Subject<String, Never>()
    let recorder = Recorder<String, Never>()
    recorder.subscribe(to: Signal.if(condition, then: yes, else: no))
    condition.sendNext(true)
    yes.sendNext("yes")
    no.sendNext("ignored")
    condition.sendNext(false)
    no.sendNext("no")
    yes.sendNext("ignored")
    #expect(recorder.values == ["yes", "no"])
    condition.sendCompleted()
    no.sendCompleted()
    #expect(recorder.isTerminated)
  }

  @Test("switch picks the case for the latest key, or the default")
  func switchCases() {
    let key = Subject<String, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal.switch(key, cases: ["one": .just(1), "two": .just(2)], default: .just(0)))
    key.sendNext("two")
    key.sendNext("zzz")
    key.sendNext("one")
    key.sendCompleted()
    #expect(recorder.events == [.next(2), .next(0), .next(1), .completed])
  }
}

@Suite("combineLatest and zip, variadic and arrays (B.1, B.3)", .checksLiveSubscriptions)
struct CombiningTests {
  @Test("A7-13: combineLatest of three types sends tuples once all have sent")
  func combineLatestVariadic() {
    let name = Subject<String, Never>()
    let age = Subject<Int, Never>()
    let admin = Subject<Bool, Never>()
    var tuples: [String] = []
    let subscription = Signal.combineLatest(name, age, admin).subscribe(next: { n, a, b in
      tuples.append("\(n) \(a) \(b)")
    })
    name.sendNext("ada")
    age.sendNext(36)
    #expect(tuples.isEmpty)
    admin.sendNext(true)
    age.sendNext(37)
    #expect(tuples == ["ada 36 true", "ada 37 true"])
    #expect(
      Signal.combineLatest(name, age).name == "+combineLatest: (+subject, +subject)")
    subscription.dispose()
  }

  @Test("combineLatest fails at once and completes when all complete")
  func combineLatestTermination() {
    let left = Subject<Int, TestError>()
    let right = Subject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    recorder.subscribe(to: Signal.combineLatest([left, right]))
    left.sendNext(1)
    right.sendNext(2)
    left.sendCompleted()
    right.sendNext(3)
    #expect(recorder.values == [[1, 2], [1, 3]])
    right.sendError(TestError())
    #expect(recorder.events.last == .error(TestError()))
    let none = Recorder<[Int], TestError>()
    none.subscribe(to: Signal.combineLatest([Signal<Int, TestError>]()))
    #expect(none.events == [.completed])
  }

  @Test("zip pairs n-th values; completes when an input completed with nothing buffered")
  func zip() {
    let left = Subject<Int, Never>()
    let right = Subject<String, Never>()
    var pairs: [String] = []
    var completed = false
    let subscription = left.zip(with: right).subscribe(
      next: { pairs.append("\($0)\($1)") }, completed: { completed = true })
    left.sendNext(1)
    left.sendNext(2)
    right.sendNext("a")
    left.sendCompleted()
    #expect(!completed)
    right.sendNext("b")
    #expect(pairs == ["1a", "2b"])
    #expect(completed)
    subscription.dispose()
  }

  @Test("zip agrees with Swift's zip; variadic and array forms")
  func zipAgreesWithArrays() {
    let a = [1, 2, 3, 4]
    let b = ["x", "y", "z"]
    var tuples: [String] = []
    Signal.zip(Signal.from(a), Signal.from(b)).subscribe(next: { tuples.append("\($0)\($1)") })
    #expect(tuples == Swift.zip(a, b).map { "\($0)\($1)" })
    let recorder = Recorder<[Int], Never>()
    recorder.subscribe(to: Signal.zip([Signal.from([1, 2]), .from([3, 4, 5])]))
    #expect(recorder.events == [.next([1, 3]), .next([2, 4]), .completed])
    let empty = Recorder<[Int], Never>()
    empty.subscribe(to: Signal.zip([Signal<Int, Never>]()))
    #expect(empty.events == [.completed])
  }

  @Test("A2-05: combineLatest of a side-effecting signal with itself subscribes twice")
  func combineLatestColdTwice() {
    let counter = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      subscriber.sendNext(counter.increment())
      subscriber.sendCompleted()
      return nil
    }
    var tuples: [[Int]] = []
    Signal.combineLatest(signal, signal).subscribe(next: { tuples.append([$0, $1]) })
    #expect(tuples == [[1, 2]])
  }
}

@Suite("take(until:), take(untilReplacement:), sample (B.3)", .checksLiveSubscriptions)
struct TakeUntilTests {
  @Test("A7-22: take(until:) completes when the trigger sends, and disposes both")
  func takeUntil() {
    let source = Subject<Int, Never>()
    let trigger = Subject<Void, TestError>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: source.take(until: trigger))
    source.sendNext(1)
    trigger.sendNext(())
    source.sendNext(2)
    #expect(recorder.events == [.next(1), .completed])
  }

  @Test("take(until:) subscribes the trigger first; a trigger that fires at once skips the source")
  func takeUntilTriggerFirst() {
    let subscriptions = AtomicCounter()
    let source = Signal<Int, Never> { subscriber in
      subscriptions.increment()
      subscriber.sendNext(1)
      return nil
    }
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: source.take(until: Signal<Int, Never>.just(0)))
    #expect(recorder.events == [.completed])
    #expect(subscriptions.count == 0)
  }

  @Test("take(until:) ignores the trigger's errors; its completion also ends the result")
  func takeUntilTriggerErrors() {
    let source = Subject<Int, Never>()
    let trigger = Subject<Void, TestError>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: source.take(until: trigger))
    trigger.sendError(TestError())
    source.sendNext(1)
    #expect(recorder.events == [.next(1)])
    let completing = Subject<Void, Never>()
    let second = Recorder<Int, Never>()
    second.subscribe(to: source.take(until: completing))
    completing.sendCompleted()
    #expect(second.events == [.completed])
    source.sendCompleted()
  }

  @Test("take(untilReplacement:) hands over to the replacement, values and terminal events")
  func takeUntilReplacement() {
    let original = Subject<Int, TestError>()
    let replacement = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: original.take(untilReplacement: replacement))
    original.sendNext(1)
    replacement.sendNext(10)
    original.sendNext(2)
    original.sendError(TestError())
    replacement.sendNext(11)
    replacement.sendCompleted()
    #expect(recorder.events == [.next(1), .next(10), .next(11), .completed])
  }

  @Test("take(untilReplacement:): the receiver's completion is not forwarded")
  func takeUntilReplacementCompletion() {
    let original = Subject<Int, TestError>()
    let replacement = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: original.take(untilReplacement: replacement))
    original.sendCompleted()
    #expect(recorder.events.isEmpty)
    replacement.sendNext(1)
    replacement.sendCompleted()
    #expect(recorder.events == [.next(1), .completed])
  }

  @Test("sample sends the latest value on each tick, repeats allowed, nothing before the first")
  func sample() {
    let values = Subject<Int, Never>()
    let ticks = Subject<Void, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: values.sample(ticks))
    ticks.sendNext(())
    values.sendNext(1)
    values.sendNext(2)
    ticks.sendNext(())
    ticks.sendNext(())
    values.sendNext(3)
    ticks.sendCompleted()
    #expect(recorder.events == [.next(2), .next(2), .completed])
  }
}
