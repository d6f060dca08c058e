import Foundation
import RACSwiftTesting
import Testing

@testable import RACSwift

@Suite(
  "Trampoline concurrency: every request runs exactly once, never two at once (CONTRACT.md#bounded-stack)",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct TrampolineConcurrencyTests {
  @Test(
    "4 threads × many requests: each runs exactly once, one at a time, each thread's in order")
  func manyRequesters() async {
    let threads = 4
    let perThread = TestScale.size(full: 50_000)
    let harness = TrampolineHarness(expecting: threads * perThread)
    await onThreads(threads) { thread in
      for index in 0..<perThread { harness.request(thread * perThread + index) }
    }
    #expect(harness.probe.overlaps == 0)
    #expect(harness.deepest == 1)
    #expect(harness.ran.count == threads * perThread)
    #expect(harness.ran.sorted() == Array(0..<threads * perThread))
    for (thread, jobs) in harness.perThread(threads, stride: perThread).enumerated() {
      #expect(jobs == Array(0..<perThread), "thread \(thread)")
    }
    #expect(harness.isIdle)
  }

  @Test("4 threads request while passes also request re-entrantly: none is lost or run twice")
  func concurrentAndReentrant() async {
    let threads = 4
    let perThread = TestScale.size(full: 20_000)
    // Every seventh job asks for one more from inside its pass; those are numbered past the
    // threads' own.
    let base = threads * perThread
    let extras = AtomicCounter()
    let harness = TrampolineHarness(expecting: base + base / 7 + 1) { harness, job in
      if job < base, job % 7 == 0 { harness.request(base + extras.increment() - 1) }
    }
    let reentrant = (0..<base).count(where: { $0 % 7 == 0 })
    await onThreads(threads) { thread in
      for index in 0..<perThread { harness.request(thread * perThread + index) }
    }
    #expect(harness.probe.overlaps == 0)
    #expect(harness.deepest == 1)
    #expect(extras.count == reentrant)
    #expect(harness.ran.count == base + reentrant)
    #expect(harness.ran.sorted() == Array(0..<base + reentrant))
    #expect(harness.isIdle)
  }

  @Test(
    "requests from other threads during a long pass return at once; the looping thread runs them")
  func passesRunOnTheLoopingThread() {
    let threads = 3
    let perThread = TestScale.size(full: 10_000)
    let looping = ObjectIdentifier(Thread.current)
    let returned = AtomicCounter()
    let onOtherThread = AtomicCounter()
    let harness = TrampolineHarness(expecting: threads * perThread + 1) { harness, job in
      if ObjectIdentifier(Thread.current) != looping { onOtherThread.increment() }
      guard job == -2 else { return }
      // The first pass holds the loop while other threads request: each request returns without
      // running its pass (or this would wait forever), and nothing runs on their threads.
      onThreadsBlocking(threads) { thread in
        for index in 0..<perThread {
          harness.request(thread * perThread + index)
          returned.increment()
        }
      }
      #expect(returned.count == threads * perThread)
      #expect(harness.ran == [-2])
    }
    harness.request(-2)
    #expect(onOtherThread.count == 0)
    #expect(harness.ran.count == threads * perThread + 1)
    #expect(harness.ran.dropFirst().sorted() == Array(0..<threads * perThread))
    #expect(harness.isIdle)
  }
}
