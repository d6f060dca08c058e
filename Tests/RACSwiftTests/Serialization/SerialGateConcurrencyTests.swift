import Foundation
import Synchronization
import Testing

@testable import RACSwift

/// A `SerialGate` of numbered operations and the owner's record of what it ran.
///
/// Lock discipline: `ran`, `ownerValue` and `requestsServed` are touched only inside
/// operations, `onRequest` and `maintain` sections, which the gate never runs at once (the
/// thread sanitizer checks that promise), and by the test once every thread is done. `probe`
/// counts overlaps independently.
final class GateHarness: @unchecked Sendable {
  let gate = SerialGate<Int>()
  let probe = SerialityProbe()
  var ran: [Int] = []
  var ownerValue = 0
  var requestsServed = 0

  init(expecting count: Int = 0) { ran.reserveCapacity(count) }

  func execute(_ operation: Int) {
    probe.handle()
    ran.append(operation)
  }

  func perform(_ operation: Int) {
    gate.perform(operation, { self.execute($0) }, onRequest: { self.requestsServed += 1 })
  }

  /// Whether the gate is free, with nothing left in its queue.
  var isFreeAndEmpty: Bool {
    guard gate.state.load(ordering: .acquiring) == 0 else { return false }
    // A free gate's queue is touched by no one until the next operation.
    return gate.queue.load()?.incoming.isEmpty ?? true
  }

  /// `ran` split by the thread that sent each operation (`thread * stride + index`).
  func perThread(_ threads: Int, stride: Int) -> [[Int]] {
    var result = Array(repeating: [Int](), count: threads)
    for operation in ran { result[operation / stride].append(operation % stride) }
    return result
  }
}

@Suite(
  "SerialGate: serialized, ordered, never waiting (A1-08, A2-02, CONTRACT.md#re-entrancy)",
  .checksLiveSubscriptions, .tags(.concurrency),
  .detectsHangs)
struct SerialGateConcurrencyTests {
  @Test("one thread: each operation runs at once, in order; the queue is never made")
  func uncontended() {
    let harness = GateHarness()
    for operation in 0..<1_000 { harness.perform(operation) }
    #expect(harness.ran == Array(0..<1_000))
    let queueMade = harness.gate.queue.load() != nil
    #expect(!queueMade)
  }

  @Test(
    "re-entrant sends, however many, run after the running one, in order",
    // Around the queue's first growth (it starts with room for 8), and far past it.
    arguments: [1, 8, 9, 100, 5_000])
  func reentrantFlood(count: Int) {
    let harness = GateHarness()
    harness.gate.perform(
      -1,
      { operation in
        harness.execute(operation)
        if operation == -1 {
          for next in 0..<count { harness.perform(next) }
          // Nothing sent from inside an operation runs inside it.
          #expect(harness.ran == [-1])
        }
      })
    #expect(harness.ran == [-1] + Array(0..<count))
    #expect(harness.probe.overlaps == 0)
    // The gate is free again: the next send runs at once.
    harness.perform(count)
    #expect(harness.ran.last == count)
    #expect(harness.isFreeAndEmpty)
  }

  @Test("a flood's queue storage is kept while floods go on, let go after many small batches")
  func floodStorage() throws {
    let harness = GateHarness()
    func batch(_ count: Int) {
      let entered = harness.gate.tryEnter()
      #expect(entered)
      // Sent while this thread owns the gate: all queued, run by `leave` as one batch.
      for operation in 0..<count { harness.perform(operation) }
      harness.gate.leave { harness.execute($0) }
    }
    batch(10_000)
    let made = harness.gate.queue.load()
    let queue = try #require(made)
    var largest: Int { max(queue.incoming.capacity, queue.spare.capacity) }
    // A batch that fills its buffer keeps it for the next flood (no reallocation).
    #expect(queue.spare.capacity >= 10_000)
    // The two buffers take turns: the large one comes back, underused, every second batch.
    let limit = PendingQueue<Int>.underusedLimit
    for _ in 0..<(2 * limit - 2) { batch(3) }
    #expect(largest >= 10_000)  // one underused batch short of the limit: still kept
    // A flood again, into the small buffer: it grows, is used, and the count starts over. Now
    // both buffers are large, and every batch brings one back.
    batch(10_000)
    for _ in 0..<(limit - 1) { batch(3) }
    #expect(largest >= 10_000)
    batch(3)
    batch(3)
    #expect(largest <= PendingQueue<Int>.keptCapacity)
    #expect(harness.ran.count == 20_000 + 3 * (2 * limit - 2 + limit + 1))
    #expect(harness.isFreeAndEmpty)
  }

  @Test("4 threads × many sends: each runs exactly once, one at a time, each thread's in order")
  func manySenders() async {
    let threads = 4
    let perThread = TestScale.size(full: 50_000)
    let harness = GateHarness(expecting: threads * perThread)
    await onThreads(threads) { thread in
      for index in 0..<perThread { harness.perform(thread * perThread + index) }
    }
    #expect(harness.probe.overlaps == 0)
    #expect(harness.ran.count == threads * perThread)
    for sent in harness.perThread(threads, stride: perThread) {
      #expect(sent == Array(0..<perThread))
    }
    #expect(harness.isFreeAndEmpty)
  }

  @Test("an owner stalled inside an operation: senders queue and never wait for it")
  func stalledOwner() async {
    let threads = 3
    let perThread = TestScale.size(full: 2_000)
    let harness = GateHarness(expecting: (threads - 1) * perThread + 1)
    let sent = AtomicCounter()
    let owning = Atomic<Bool>(false)
    await onThreads(threads) { thread in
      if thread == 0 {
        // Owns the gate until every other thread has sent everything: they can only queue.
        harness.gate.perform(
          -1,
          { operation in
            harness.execute(operation)
            owning.store(true, ordering: .releasing)
            while sent.count < (threads - 1) * perThread { sched_yield() }
          })
      } else {
        while !owning.load(ordering: .acquiring) { sched_yield() }
        for index in 0..<perThread {
          harness.perform(thread * perThread + index)
          sent.increment()
        }
      }
    }
    #expect(harness.probe.overlaps == 0)
    #expect(harness.ran.first == -1)
    harness.ran.removeFirst()
    #expect(harness.ran.count == (threads - 1) * perThread)
    let perSender = harness.perThread(threads, stride: perThread)
    #expect(perSender[0].isEmpty)
    for thread in 1..<threads { #expect(perSender[thread] == Array(0..<perThread)) }
    #expect(harness.isFreeAndEmpty)
  }

  @Test("enqueue under a lock: operations run in the lock's order, from 4 threads")
  func enqueueUnderLock() async {
    let threads = 4
    let perThread = TestScale.size(full: 20_000)
    let harness = GateHarness(expecting: threads * perThread)
    let lock = NSLock()
    // Numbers the operations in the lock's order (incremented only with the lock held).
    let counter = AtomicCounter()
    await onThreads(threads) { _ in
      for _ in 0..<perThread {
        lock.lock()
        let mustDrain = harness.gate.enqueue(counter.increment())
        lock.unlock()
        if mustDrain {
          harness.gate.drain({ harness.execute($0) }, onRequest: {})
        }
      }
    }
    #expect(harness.probe.overlaps == 0)
    #expect(harness.ran == Array(1...(threads * perThread)))
    #expect(harness.isFreeAndEmpty)
  }

  @Test("tryEnter/leave, maintain and requests mixed with sends from 4 threads: none is lost")
  func maintenanceAndRequests() async {
    let threads = 4
    let perThread = TestScale.size(full: 20_000)
    let harness = GateHarness(expecting: threads * perThread)
    let maintained = AtomicCounter()
    let requests = AtomicCounter()
    let requestsMaintained = AtomicCounter()
    // Set before each request and cleared by whoever serves it (a maintain body or the owner's
    // onRequest): a request is never lost if it is clear once every thread is done. Set with a
    // sequentially consistent store, so that it is ordered before the request's own load.
    let pending = Atomic<Bool>(false)
    let onRequest: @Sendable () -> Void = {
      harness.requestsServed += 1
      pending.store(false, ordering: .releasing)
    }
    let send: @Sendable (Int) -> Void = { operation in
      harness.gate.perform(operation, { harness.execute($0) }, onRequest: onRequest)
    }
    await onThreads(threads) { thread in
      for index in 0..<perThread {
        let operation = thread * perThread + index
        switch (thread, index % 8) {
        case (0, 0):
          if harness.gate.tryEnter() {
            harness.execute(operation)
            harness.gate.leave({ harness.execute($0) }, onRequest: onRequest)
          } else {
            send(operation)
          }
        case (1, 0):
          send(operation)
          if harness.gate.maintain({ harness.ownerValue += 1 }) { maintained.increment() }
        case (2, 0):
          send(operation)
          pending.store(true, ordering: .sequentiallyConsistent)
          requests.increment()
          harness.gate.requestOrMaintain {
            harness.ownerValue += 1
            maintained.increment()
            requestsMaintained.increment()
            pending.store(false, ordering: .releasing)
          }
        default:
          send(operation)
        }
      }
    }
    #expect(harness.probe.overlaps == 0)
    let requestLost = pending.load(ordering: .acquiring)
    #expect(!requestLost)
    #expect(harness.ownerValue == maintained.count)
    // A request that found the gate owned was left to the owner, which served it (requests made
    // while one waits are served together, so there may be fewer services than such requests).
    if requestsMaintained.count < requests.count { #expect(harness.requestsServed > 0) }
    for sent in harness.perThread(threads, stride: perThread) {
      #expect(sent == Array(0..<perThread))
    }
    #expect(harness.isFreeAndEmpty)
  }
}
