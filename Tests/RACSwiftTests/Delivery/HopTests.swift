import Dispatch
import Foundation
import RACSwiftTesting
import Synchronization
import Testing

@testable import RACSwift

/// Collects what a hop delivers, and whether two deliveries ever overlapped.
///
/// Lock discipline: `items` and `threads` are read and written only with `lock` held; `inside`
/// is atomic.
final class HopLog<Item: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Item] = []
  private var onMain: [Bool] = []
  private let inside = Atomic<Int>(0)
  private let overlapped = Atomic<Bool>(false)

  var received: [Item] { lock.withLock { items } }
  var deliveredOnMain: [Bool] { lock.withLock { onMain } }
  var sawOverlap: Bool { overlapped.load(ordering: .acquiring) }

  func deliver(_ item: Item) {
    if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlapped.store(true, ordering: .releasing)
    }
    lock.withLock {
      items.append(item)
      onMain.append(isOnMainQueue())
    }
    inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
  }
}

/// An actor of its own, to check that a hop runs its items isolated to it.
private actor Worker {
  func check() { assertIsolated() }
}

@Suite(
  "Hop: the one way work is carried to an actor or a scheduler", .checksLiveSubscriptions)
struct HopTests {
  @Test("a scheduler target never delivers inline; one drain delivers every item queued, in order")
  func schedulerTargetQueues() {
    let scheduler = TestScheduler()
    let scope = SubscriptionScope(bag: ())
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .scheduler(scheduler), scope: scope) { log.deliver($0) }
    for value in 1...5 { hop.receive(value) }
    #expect(log.received.isEmpty)
    #expect(scope.childCount == 1, "the pending drain is kept in the scope")
    scheduler.step()
    #expect(log.received == [1, 2, 3, 4, 5], "one scheduled action delivered them all")
    #expect(scope.childCount == 0, "a finished drain is not left in the scope")
    hop.receive(6)
    scheduler.run()
    #expect(log.received == [1, 2, 3, 4, 5, 6])
    #expect(scope.childCount == 0)
  }

  @Test("disposing the scope cancels the pending drain and drops what was queued")
  func disposalCancelsPendingDrain() {
    let scheduler = TestScheduler()
    let scope = SubscriptionScope(bag: ())
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .scheduler(scheduler), scope: scope) { log.deliver($0) }
    hop.receive(1)
    hop.receive(2)
    scope.dispose()
    scheduler.run()
    #expect(log.received.isEmpty)
  }

  @Test("an immediate scheduler delivers before receive returns, and leaves nothing in the scope")
  func immediateScheduler() {
    let scope = SubscriptionScope(bag: ())
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .scheduler(ImmediateScheduler.shared), scope: scope) {
      log.deliver($0)
    }
    hop.receive(1)
    hop.receive(2)
    #expect(log.received == [1, 2])
    #expect(scope.childCount == 0)
  }

  @Test("an item received on the main actor's queue with nothing queued runs inline")
  @MainActor
  func mainActorInline() {
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .mainActor) { log.deliver($0) }
    hop.receive(1)
    #expect(log.received == [1], "delivered before receive returned: no hop")
  }

  @Test("an item that may not run inline waits for the caller's work to end")
  @MainActor
  func inlineNotAllowed() async {
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .mainActor) { log.deliver($0) }
    hop.receive(1, inlineAllowed: false)
    hop.receive(2)
    #expect(log.received.isEmpty, "2 queues behind 1, which waits for a drain")
    while log.received.count < 2 { await Task.yield() }
    #expect(log.received == [1, 2])
  }

  @Test("items sent from another thread reach the main actor in order, on the main queue")
  @MainActor
  func mainActorFromBackground() async {
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: HopTarget(actor: MainActor.shared)) { log.deliver($0) }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        for value in 1...1_000 { hop.receive(value) }
        done.resume()
      }
    }
    while log.received.count < 1_000 { await Task.yield() }
    #expect(log.received == Array(1...1_000))
    #expect(log.deliveredOnMain.allSatisfy { $0 })
  }

  @Test("a custom actor's items run isolated to it, in order")
  func customActor() async {
    let worker = Worker()
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: HopTarget(actor: worker)) { value in
      worker.preconditionIsolated()
      log.deliver(value)
    }
    for value in 1...100 { hop.receive(value) }
    while log.received.count < 100 { await Task.yield() }
    #expect(log.received == Array(1...100))
    await worker.check()
  }
}
