import RACSwift
import RACSwiftTesting
import Testing

@Suite("Multi-source operators from many threads", .checksLiveSubscriptions, .tags(.concurrency))
struct OperatorConcurrencyTests {
  static let threads = 4
  static let perThread = TestScale.size(full: 25_000)

  @Test("merge of 4 subjects fed from 4 threads: serialized, exact count, completes once")
  func merge() async {
    let inputs = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let probe = SerialityProbe()
    let completed = AtomicCounter()
    let subscription = Signal.merge(inputs).subscribe(
      next: { _ in probe.handle() }, completed: { completed.increment() })
    await onThreads(Self.threads) { thread in
      for value in 0..<Self.perThread { inputs[thread].sendNext(value) }
      inputs[thread].sendCompleted()
    }
    #expect(probe.count == Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(completed.count == 1)
    subscription.dispose()
  }

  @Test("combineLatest of 4 inputs fed from 4 threads: serialized, one output per value")
  func combineLatest() async {
    let inputs = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let probe = SerialityProbe()
    let subscription = Signal.combineLatest(inputs).subscribe(next: { _ in probe.handle() })
    for input in inputs { input.sendNext(-1) }
    await onThreads(Self.threads) { thread in
      for value in 0..<Self.perThread { inputs[thread].sendNext(value) }
    }
    #expect(probe.count == 1 + Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }

  @Test("zip of 4 inputs fed from 4 threads: every n-th tuple, in order")
  func zip() async {
    let inputs = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let probe = SerialityProbe()
    let ordered = AtomicCounter()
    let expected = AtomicCounter()
    let subscription = Signal.zip(inputs).subscribe(next: { values in
      probe.handle()
      let index = expected.increment() - 1
      if values.allSatisfy({ $0 == index }) { ordered.increment() }
    })
    await onThreads(Self.threads) { thread in
      for value in 0..<Self.perThread { inputs[thread].sendNext(value) }
    }
    #expect(probe.count == Self.perThread)
    #expect(ordered.count == Self.perThread)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }

  @Test("flatten(maxConcurrent: 2) of inner signals fed from 4 threads: serialized, exact count")
  func boundedFlatten() async {
    let inners = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let probe = SerialityProbe()
    let completed = AtomicCounter()
    let subscription = Signal.from(inners).flatten(maxConcurrent: 2).subscribe(
      next: { _ in probe.handle() }, completed: { completed.increment() })
    // Only two inner subjects are subscribed at a time: the first two, then the rest as those
    // complete; values sent to a queued subject before it is subscribed are lost, as subjects are
    // hot — so feed the first two, complete them, then the last two.
    await onThreads(2) { thread in
      for value in 0..<Self.perThread { inners[thread].sendNext(value) }
      inners[thread].sendCompleted()
    }
    await onThreads(2) { thread in
      for value in 0..<Self.perThread { inners[thread + 2].sendNext(value) }
      inners[thread + 2].sendCompleted()
    }
    #expect(probe.count == Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(completed.count == 1)
    subscription.dispose()
  }
}
