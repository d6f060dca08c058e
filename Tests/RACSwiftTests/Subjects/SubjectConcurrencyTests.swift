import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A handler's captured state, to watch it being released.
final class CapturedState: Sendable {}

/// Subscribing and disposing while other threads send: the subject's delivering copy of its
/// subscribers is refreshed without a lock per value (CONTRACT.md#serialization, `SerialGate.requestOrMaintain`),
/// so these check that no two deliveries overlap, nothing is lost for a subscriber that stays,
/// and a disposed subscriber's handlers are released.
@Suite(
  "Subject attach/detach concurrency", .checksLiveSubscriptions, .tags(.concurrency),
  .detectsHangs)
struct SubjectConcurrencyTests {
  @Test("2 senders × many values while 2 threads subscribe and dispose many times each")
  func churn() async {
    let values = TestScale.size(full: 100_000)
    let churns = TestScale.size(full: 5_000)
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let stays = AtomicCounter()
    let staying = subject.subscribe(
      next: { _ in
        probe.handle()
        stays.increment()
      }, isolation: nil)
    let released = AtomicCounter()
    await onThreads(4) { thread in
      if thread < 2 {
        for value in 0..<values { subject.sendNext(value) }
      } else {
        for _ in 0..<churns {
          weak var weakState: CapturedState?
          do {
            let state = CapturedState()
            weakState = state
            let transient = subject.subscribe(
              next: { _ in
                _ = state
                probe.handle()
              }, isolation: nil)
            transient.dispose()
          }
          // Released at once when no thread delivers, else by the delivering thread before it
          // leaves the gate: wait for that, without sleeping — yielding, so that the delivering
          // thread gets a core even when four threads share two (and run slowly, under TSan).
          let deadline = ContinuousClock.now + .seconds(10)
          while weakState != nil && ContinuousClock.now < deadline { sched_yield() }
          if weakState == nil { released.increment() }
        }
      }
    }
    #expect(stays.count == 2 * values)
    #expect(probe.overlaps == 0)
    #expect(released.count == 2 * churns)
    staying.dispose()
  }

  @Test("handlers replacing other subscriptions during delivery while 4 threads send")
  func replacingFromHandlers() async {
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let victims = (0..<16).map { _ in SerialDisposable() }
    let victimHandler: (Int) -> Void = { _ in probe.handle() }
    for victim in victims {
      victim.disposable = subject.subscribe(next: victimHandler, isolation: nil)
    }
    // Each value disposes one subscription and subscribes a replacement: a detach (served by
    // the delivering thread, which owns the gate) and an attach (queued behind the value).
    let replacer = subject.subscribe(
      next: { value in
        probe.handle()
        let victim = victims[value % victims.count]
        victim.disposable?.dispose()
        victim.disposable = subject.subscribe(next: victimHandler, isolation: nil)
      }, isolation: nil)
    let perThread = TestScale.size(full: 50_000)
    await onThreads(4) { thread in
      for value in 0..<perThread { subject.sendNext(thread &* perThread &+ value) }
    }
    #expect(probe.overlaps == 0)
    #expect(probe.count >= 4 * perThread)
    replacer.dispose()
    for victim in victims { victim.dispose() }
  }

  /// CONTRACT.md#subjects: a subject's subscriptions do not keep it alive.
  @Test("subjects released while another thread disposes their subscriptions")
  func releasedWhileDisposedElsewhere() async {
    let rounds = TestScale.size(full: 20_000)
    let handOff = HandOff<any Disposable>()
    let watched = HandOff<WeakBox<CapturedState>>()
    await onThreads(2) { thread in
      if thread == 0 {
        for _ in 0..<rounds {
          // The subscription goes to the other thread while the subject still lives: its
          // disposal there races with the subject's release here.
          var subject: Subject<Int, Never>? = Subject<Int, Never>()
          let state = CapturedState()
          let subscription = subject!.map { value -> Int in
            _ = state
            return value
          }.subscribe(next: { _ in }, isolation: nil)
          watched.put(WeakBox(state))
          handOff.put(subscription)
          subject?.sendNext(1)
          subject = nil
        }
      } else {
        var disposed = 0
        while disposed < rounds {
          let batch = handOff.takeAll()
          for subscription in batch { subscription.dispose() }
          disposed += batch.count
        }
      }
    }
    let states = watched.takeAll()
    #expect(states.count == rounds)
    #expect(states.allSatisfy { $0.object == nil })
  }

  @Test("a subscription feeding a subject as it terminates on another thread is disposed")
  func feedingRacesTermination() async {
    // Each subject either makes its upstream scope first (and terminating disposes it) or is
    // closed first (and the feeding subscription is disposed at once): never neither.
    let rounds = TestScale.size(full: 20_000)
    let subjects = (0..<rounds).map { _ in Subject<Int, Never>() }
    let cleanups = AtomicCounter()
    let never = Signal<Int, Never> { _ in AnyDisposable { cleanups.increment() } }
    await onThreads(2) { thread in
      for subject in subjects {
        if thread == 0 { subject.sendCompleted() } else { never.subscribe(subject) }
      }
    }
    #expect(cleanups.count == rounds)
  }
}
