import Dispatch
import Foundation
import RACSwift
import Testing

/// A global actor of the tests' own, for chains isolated to an actor other than the main one.
@globalActor
actor OperatorTestActor {
  static let shared = OperatorTestActor()
}

/// A view-model-like tally whose closures touch its state without locks: each check holds only
/// if every closure runs on the actor the chain was built on (the thread sanitizer would see any
/// that did not).
@MainActor
final class MainActorChain {
  var mapped = 0
  var filtered = 0
  var received: [Int] = []
  var subscription: (any Disposable)?

  /// `map` → `filter` → `scan` → subscriber, every closure on the main actor.
  func wire(_ input: Subject<Int, Never>, onValue: @escaping () -> Void = {}) {
    subscription =
      input
      .map { value in
        MainActor.preconditionIsolated()
        self.mapped += 1
        return value
      }
      .filter { value in
        MainActor.preconditionIsolated()
        self.filtered += 1
        return value >= 0
      }
      .scan([Int]()) { seen, value in
        MainActor.preconditionIsolated()
        return seen.count < 4 ? seen + [value] : [value]
      }
      .subscribe(next: { window in
        self.received.append(window.last!)
        onValue()
      })
  }
}

/// The same chain isolated to ``OperatorTestActor``.
@OperatorTestActor
final class CustomActorChain {
  var mapped = 0
  var received: [Int] = []
  var subscription: (any Disposable)?
  var waiter: CheckedContinuation<Void, Never>?
  var expected = 0

  func wire(_ input: Subject<Int, Never>) {
    subscription =
      input
      .map { value in
        OperatorTestActor.shared.preconditionIsolated()
        self.mapped += 1
        return value * 2
      }
      .filter { value in
        OperatorTestActor.shared.preconditionIsolated()
        return value >= 0
      }
      .scan(0) { _, value in
        OperatorTestActor.shared.preconditionIsolated()
        return value / 2
      }
      .subscribe(next: { value in
        self.received.append(value)
        if self.received.count == self.expected { self.waiter?.resume() }
      })
  }

  func wait(for count: Int) async {
    expected = count
    if received.count >= count { return }
    await withCheckedContinuation { waiter = $0 }
  }
}

/// Each thread's values, in the order they arrived: they must be increasing.
private func sendersKeptTheirOrder(_ values: [Int], threads: Int, perThread: Int) -> Bool {
  var last = Array(repeating: -1, count: threads)
  for value in values {
    let thread = value / perThread
    if value <= last[thread] { return false }
    last[thread] = value
  }
  return true
}

@Suite(
  "Actor-isolated operators under concurrency (CONTRACT.md#isolation)", .tags(.concurrency),
  .detectsHangs,
  .checksLiveSubscriptions)
struct IsolatedStageConcurrencyTests {
  static let perThread = TestScale.size(full: 100_000)

  @Test(
    "4 threads × many sends through a main-actor map → filter → scan: every closure on the main actor, each sender's order kept, exact counts"
  )
  @MainActor
  func mainActorChainUnderStress() async {
    let input = Subject<Int, Never>()
    let chain = MainActorChain()
    let total = 4 * Self.perThread
    var done: CheckedContinuation<Void, Never>?
    chain.wire(input) { if chain.received.count == total { done?.resume() } }
    let perThread = Self.perThread
    await withCheckedContinuation { continuation in
      done = continuation
      Thread.detachNewThread {
        onThreadsBlocking(4) { thread in
          for index in 0..<perThread { input.sendNext(thread * perThread + index) }
        }
      }
    }
    #expect(chain.mapped == total)
    #expect(chain.filtered == total)
    #expect(chain.received.count == total)
    #expect(sendersKeptTheirOrder(chain.received, threads: 4, perThread: perThread))
    chain.subscription?.dispose()
  }

  @Test(
    "4 threads × many sends through a chain on a custom global actor: every closure on it, each sender's order kept, exact counts"
  )
  func customActorChainUnderStress() async {
    let input = Subject<Int, Never>()
    let chain = CustomActorChain()
    await chain.wire(input)
    let perThread = Self.perThread
    await onThreads(4) { thread in
      for index in 0..<perThread { input.sendNext(thread * perThread + index) }
    }
    await chain.wait(for: 4 * perThread)
    let received = await chain.received
    #expect(await chain.mapped == 4 * perThread)
    #expect(received.count == 4 * perThread)
    #expect(sendersKeptTheirOrder(received, threads: 4, perThread: perThread))
    await chain.subscription?.dispose()
  }

  @Test("a send on the main actor passes a main-actor chain before sendNext returns: no hop")
  @MainActor
  func noHopOnTheActor() {
    let input = Subject<Int, Never>()
    let chain = MainActorChain()
    chain.wire(input)
    for value in 0..<1_000 {
      input.sendNext(value)
      #expect(chain.received.last == value)
    }
    #expect(chain.received.count == 1_000)
    chain.subscription?.dispose()
  }

  @Test("blocking first() on the main actor runs the work the chain carries there, and returns")
  @MainActor
  func blockingOnTheMainActor() throws {
    let value = Signal<Int, Never> { subscriber in
      DispatchQueue.global().async {
        subscriber.sendNext(1)
        subscriber.sendCompleted()
      }
      return nil
    }.doNext { _ in MainActor.preconditionIsolated() }.first()
    #expect(value == 1)
    let values = Signal<Int, Never> { subscriber in
      DispatchQueue.global().async {
        for value in 1...100 { subscriber.sendNext(value) }
        subscriber.sendCompleted()
      }
      return nil
    }.map { $0 * 2 }.filter { $0 % 4 == 0 }.toArray()
    #expect(values == Array(stride(from: 4, through: 200, by: 4)))
  }

  @Test("blocking toArray() on a custom actor runs the work its stages carry there")
  @OperatorTestActor
  func blockingOnACustomActor() throws {
    let values = Signal<Int, Never>.from(1...10).deliver(on: QueueScheduler(name: "source"))
      .map { value in
        OperatorTestActor.shared.preconditionIsolated()
        return value + 1
      }
      .toArray()
    #expect(values == Array(2...11))
  }
}
