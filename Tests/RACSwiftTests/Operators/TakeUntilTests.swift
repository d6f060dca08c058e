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

@Suite("take(until:), take(untilReplacement:) (B.3)", .checksLiveSubscriptions)
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

}

/// Found by the reference model's differential test (seed 7742): a replacement that sends a
/// value while `take(untilReplacement:)` subscribes to it, without finishing, still let the
/// receiver be subscribed, so the receiver's work ran (there, a `replay()` connection that then
/// resubscribed forever) although none of its events could be seen. RAC's `-takeUntilReplacement:` (RAC-SEMANTICS B.3, and A2-14: take only what is
/// needed, so upstream work stops) subscribes the receiver only if the replacement has not sent.
@Suite(
  "take(untilReplacement:) with a replacement that sends at once (B.3)", .checksLiveSubscriptions)
struct TakeUntilReplacementSynchronousTests {
  @Test("B.3: a replacement that sends while subscribing means the receiver is never subscribed")
  func synchronousReplacementSkipsTheReceiver() {
    let subscriptions = AtomicCounter()
    let receiver = Signal<Int, Never> { subscriber in
      subscriptions.increment()
      subscriber.sendNext(1)
      return nil
    }
    // The replacement sends a value at once but goes on: the subscription stays open.
    let later = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(
      to: receiver.take(untilReplacement: later.startWith(2)))
    later.sendNext(3)
    #expect(recorder.events == [.next(2), .next(3)])
    #expect(subscriptions.count == 0)
    subscription.dispose()
  }

  @Test("B.3: a replacement that only completes at once also skips the receiver")
  func synchronousCompletionSkipsTheReceiver() {
    let subscriptions = AtomicCounter()
    let receiver = Signal<Int, Never> { _ in
      subscriptions.increment()
      return nil
    }
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: receiver.take(untilReplacement: .empty))
    #expect(recorder.events == [.completed])
    #expect(subscriptions.count == 0)
  }

  @Test("B.3: a replacement that has not sent yet lets the receiver run")
  func silentReplacementSubscribesTheReceiver() {
    let subscriptions = AtomicCounter()
    let receiver = Signal<Int, Never> { subscriber in
      subscriptions.increment()
      subscriber.sendNext(1)
      return nil
    }
    let replacement = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: receiver.take(untilReplacement: replacement))
    replacement.sendNext(2)
    #expect(recorder.events == [.next(1), .next(2)])
    #expect(subscriptions.count == 1)
    subscription.dispose()
  }
}
