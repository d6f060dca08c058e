import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

@Suite("flatten, merge, concat of signals (B.3)", .checksLiveSubscriptions)
struct FlattenTests {
  // Inputs that finish at once: 1, 2, 3, 4 by position; `bad` fails.
  let n1 = Signal<Int, Never>.just(1)
  let n2 = Signal<Int, Never>.just(2)
  let n3 = Signal<Int, Never>.just(3)
  let f1 = Signal<Int, TestError>.just(1)
  let f2 = Signal<Int, TestError>.just(2)
  let f3 = Signal<Int, TestError>.just(3)
  let bad = Signal<Int, TestError>.error(failure)

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

  @Test(
    "merge of a Never and a failing signal, either way round and static: values, then the error")
  func mergeMixed() {
    let taps = Subject<String, Never>().setName("taps")
    let pushes = Subject<String, TestError>().setName("pushes")
    let forward: Signal<String, TestError> = taps.merge(pushes)
    let backward: Signal<String, TestError> = pushes.merge(taps)
    let pair: Signal<String, TestError> = Signal.merge(taps, pushes)
    let reversedPair: Signal<String, TestError> = Signal.merge(pushes, taps)
    #expect(forward.name == "[taps] -merge: pushes")
    #expect(pair.name == "+merge: (taps, pushes)")
    let log = EventLog()
    for signal in [forward, backward, pair, reversedPair] { log.record(signal) }
    taps.sendNext("tap")
    pushes.sendNext("push")
    pushes.sendError(failure)
    taps.sendNext("late")
    let each = { (line: String) in [String](repeating: line, count: 4) }
    #expect(log.lines == each("tap") + each("push") + each("error TestError(9)"))
  }

  @Test("Signal.merge of three, each way of mixing Never and failing signals")
  func mergeTriple() {
    let triples: [Signal<Int, TestError>] = [
      Signal.merge(n1, f2, f3), Signal.merge(f1, n2, f3), Signal.merge(f1, f2, n3),
      Signal.merge(n1, n2, f3), Signal.merge(n1, f2, n3), Signal.merge(f1, n2, n3),
    ]
    for signal in triples { #expect(EventLog.of(signal) == ["1", "2", "3", "completed"]) }
    let failing: Signal<Int, TestError> = Signal.merge(n1, bad, n3)
    #expect(EventLog.of(failing) == ["1", "error TestError(9)"])
  }

  @Test("merge, flattenMap and switchToLatest of one failure type keep their forms and types")
  func existingFlatteningCallSitesUnchanged() {
    let merged: Signal<Int, Never> = n1.merge(n2)
    let failingMerged: Signal<Int, TestError> = f1.merge(f2)
    let staticMerged: Signal<Int, Never> = Signal.merge(n1, n2)
    let listMerged: Signal<Int, TestError> = Signal.merge([f1, f2, f3])
    #expect(areInputs(inputs(of: merged), [n1, n2]))
    #expect(areInputs(inputs(of: failingMerged), [f1, f2]))
    #expect(areInputs(inputs(of: staticMerged), [n1, n2]))
    #expect(areInputs(inputs(of: listMerged), [f1, f2, f3]))
    let flattened: Signal<Int, Never> = n1.flattenMap { .just($0 + 1) }
    let failingFlattened: Signal<Int, TestError> = f1.flattenMap { .just($0 + 1) }
    let explicit: Signal<Int, Never> = n1.flattenMap { Signal<Int, Never>.just($0) }
    #expect(areInputs(inputs(of: flattened), [n1]))
    #expect(areInputs(inputs(of: failingFlattened), [f1]))
    #expect(areInputs(inputs(of: explicit), [n1]))
    #expect(EventLog.of(failingFlattened) == ["2", "completed"])
    let outer = Signal<Signal<Int, Never>, Never>.just(n1)
    let switched: Signal<Int, Never> = outer.switchToLatest()
    let failingOuter = Signal<Signal<Int, TestError>, TestError>.just(f1)
    let failingSwitched: Signal<Int, TestError> = failingOuter.switchToLatest()
    #expect(areInputs(inputs(of: switched), [outer]))
    #expect(areInputs(inputs(of: failingSwitched), [failingOuter]))
    #expect(EventLog.of(switched) == ["1", "completed"])
  }
}

/// Issue 35: a merge ends 20,000 inner subscriptions in a seeded random order, which a linear
/// removal turns into billions of steps: the time limit catches a return to it.
@Suite("merge: removal at scale (issue 35)", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct MergeScaleTests {

  @Test("S3: a merge with 20,000 live inner subjects ends them in random order")
  func mergeInnersEndInRandomOrder() {
    let count = 20_000
    let outer = Subject<Subject<Int, Never>, Never>()
    let inners = (0..<count).map { _ in Subject<Int, Never>() }
    let sum = Atomic<Int>(0)
    let completions = AtomicCounter()
    let subscription = outer.flattenMap { $0 }.subscribe(
      next: { sum.wrappingAdd($0, ordering: .relaxed) }, completed: { completions.increment() })
    for inner in inners { outer.sendNext(inner) }
    outer.sendCompleted()
    var generator = SeededGenerator(state: 3)
    for index in (0..<count).shuffled(using: &generator) {
      inners[index].sendNext(index)
      inners[index].sendCompleted()
    }
    #expect(sum.load(ordering: .relaxed) == count * (count - 1) / 2)
    #expect(completions.count == 1)
    subscription.dispose()
  }
}
