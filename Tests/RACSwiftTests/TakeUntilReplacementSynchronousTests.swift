import RACSwift
import Testing

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
