import RACSwift
import RACSwiftTesting
import Testing

/// Found by the reference model's differential test (seed 40860:
/// `….repeat().take(until: trigger).delay(…)` never ended). `take(until:)` checked whether the
/// whole subscription had ended before subscribing the receiver, but with a stage after it that
/// delays the completion (`delay`, `deliver(on:)`) the subscription ends only when that
/// completion arrives: a trigger that fired at once still let the receiver be subscribed, and a
/// trigger that fired later left the receiver running until then. RAC's `-takeUntil:` (A7-22,
/// A2-14, RAC-SEMANTICS B.3) disposes the receiver when the trigger fires and never subscribes it
/// after a trigger that fired at once.
@Suite(
  "take(until:) with a later stage that delays its completion (A7-22)", .checksLiveSubscriptions)
struct TakeUntilSynchronousTriggerTests {
  @Test("A7-22: a trigger that fires at once skips the receiver, even before a delay")
  func synchronousTriggerSkipsTheReceiver() {
    let scheduler = TestScheduler()
    let subscriptions = AtomicCounter()
    let receiver = Signal<Int, Never> { subscriber in
      subscriptions.increment()
      subscriber.sendNext(1)
      return nil
    }
    let recorder = scheduler.record(
      receiver.take(until: Signal<Void, Never>.just(())).delay(.seconds(1), on: scheduler))
    #expect(subscriptions.count == 0)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events.map(\.event) == [.completed])
  }

  @Test(
    "A2-14: the receiver is disposed when the trigger fires, not when the delayed completion arrives"
  )
  func triggerDisposesTheReceiverAtOnce() {
    let scheduler = TestScheduler()
    let disposals = AtomicCounter()
    let receiver = Signal<Int, Never> { _ in AnyDisposable { disposals.increment() } }
    let trigger = Subject<Void, Never>()
    let recorder = scheduler.record(
      receiver.take(until: trigger).delay(.seconds(1), on: scheduler))
    trigger.sendNext(())
    #expect(disposals.count == 1)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events.map(\.event) == [.completed])
  }
}
