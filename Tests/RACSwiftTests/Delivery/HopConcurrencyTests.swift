import Dispatch
import Foundation
import RACSwiftTesting
import Synchronization
import Testing

@testable import RACSwift

@Suite(
  "Hop concurrency", .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct HopConcurrencyTests {
  @Test("4 threads send into a hop to a queue scheduler: each item once, never two at once")
  func fourSendersToAQueue() async {
    let scheduler = QueueScheduler(name: "hop-test")
    let scope = SubscriptionScope(bag: ())
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .scheduler(scheduler), scope: scope) { log.deliver($0) }
    let perThread = TestScale.size(full: 20_000)
    await onThreads(4) { thread in
      for index in 0..<perThread { hop.receive(thread * perThread + index) }
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule { done.resume() }
    }
    while log.received.count < 4 * perThread { await Task.yield() }
    let received = log.received
    #expect(received.count == 4 * perThread)
    #expect(Set(received).count == 4 * perThread)
    #expect(!log.sawOverlap)
    for thread in 0..<4 {
      let own = received.filter { $0 / perThread == thread }
      #expect(own == own.sorted(), "each thread's items keep their order")
    }
    #expect(scope.childCount == 0)
  }

  @Test("4 threads send into a hop to the main actor: each item once, in each sender's order")
  func fourSendersToTheMainActor() async {
    let log = HopLog<Int>()
    let hop = Hop<Int>(to: .mainActor) { log.deliver($0) }
    let perThread = TestScale.size(full: 5_000)
    await onThreads(4) { thread in
      for index in 0..<perThread { hop.receive(thread * perThread + index) }
    }
    while log.received.count < 4 * perThread { await Task.yield() }
    let received = log.received
    #expect(Set(received).count == 4 * perThread)
    #expect(!log.sawOverlap)
    #expect(log.deliveredOnMain.allSatisfy { $0 })
    for thread in 0..<4 {
      let own = received.filter { $0 / perThread == thread }
      #expect(own == own.sorted())
    }
  }
}
