import Foundation
import Synchronization
import Testing

@testable import RACSwift

/// Which handler the disposing thread finds running.
enum RunningHandler: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case value, completion

  var testDescription: String { rawValue }
}

@Suite(
  "dispose() waiting for a handler on another thread sleeps until it returns (CONTRACT.md#dispose-fence)",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct HandlerFenceConcurrencyTests {
  /// A handler blocks until the test lets it go. A `dispose()` from another thread must not
  /// return before it does; it spins briefly, then marks the announcement and sleeps — the mark
  /// is how the test knows it sleeps instead of burning a core. Letting the handler go wakes it.
  @Test(
    "a dispose() that finds a handler running sleeps, and returns once the handler has returned",
    arguments: RunningHandler.allCases)
  func disposeSleepsUntilTheHandlerReturns(running: RunningHandler) async {
    let subject = Subject<Int, Never>()
    let entered = Atomic<Bool>(false)
    let handlerReturned = Atomic<Bool>(false)
    let release = DispatchSemaphore(value: 0)
    let handler: @Sendable () -> Void = {
      entered.store(true, ordering: .releasing)
      release.wait()
      handlerReturned.store(true, ordering: .releasing)
    }
    let subscription: any Disposable
    let announcement: @Sendable () -> UInt
    switch running {
    case .value:
      let sink = subject.subscribe(next: { _ in handler() }) as! NextHandlerScope<Int, Never>
      subscription = sink
      announcement = { sink.fence.running.load(ordering: .acquiring) }
    case .completion:
      let sink = subject.subscribe(completed: handler) as! HandlerScope<Int, Never>
      subscription = sink
      announcement = { sink.fence.running.load(ordering: .acquiring) }
    }
    let disposeReturned = Atomic<Bool>(false)
    let handlerHadReturned = Atomic<Bool>(false)
    let sawSleeper = Atomic<Bool>(false)
    let returnedWhileAsleep = Atomic<Bool>(false)
    await onThreads(3) { thread in
      switch thread {
      case 0:
        // The sending thread: its handler blocks.
        if running == .value { subject.sendNext(1) } else { subject.sendCompleted() }
      case 1:
        // The disposing thread.
        while !entered.load(ordering: .acquiring) { sched_yield() }
        subscription.dispose()
        handlerHadReturned.store(handlerReturned.load(ordering: .acquiring), ordering: .relaxed)
        disposeReturned.store(true, ordering: .releasing)
      default:
        // The test's hand: waits until the disposing thread sleeps, then lets the handler go.
        while !entered.load(ordering: .acquiring) { sched_yield() }
        while announcement() & HandlerFence.sleeperBit == 0 { sched_yield() }
        sawSleeper.store(true, ordering: .relaxed)
        returnedWhileAsleep.store(disposeReturned.load(ordering: .acquiring), ordering: .relaxed)
        release.signal()
      }
    }
    let slept = sawSleeper.load(ordering: .relaxed)
    let returnedEarly = returnedWhileAsleep.load(ordering: .relaxed)
    let returnedAtAll = disposeReturned.load(ordering: .acquiring)
    let returnedAfterHandler = handlerHadReturned.load(ordering: .relaxed)
    #expect(slept)
    #expect(!returnedEarly)
    #expect(returnedAtAll)
    #expect(returnedAfterHandler)
    #expect(announcement() == (running == .value ? 0 : HandlerFence.finished))
  }

  /// The handler's thread clears its announcement with a load and a store: a mark added between
  /// the two is overwritten without a wake-up. The test's hand makes that happen — it clears the
  /// announcement of a handler that is still blocked, as that store would, once the disposing
  /// thread sleeps — and the sleep must end at its time limit, not wait for a wake-up that never
  /// comes (without the limit, this test hangs).
  @Test("a dispose() whose mark is overwritten without a wake-up returns at its time limit")
  func overwrittenMarkEndsAtTheTimeLimit() async {
    let subject = Subject<Int, Never>()
    let entered = Atomic<Bool>(false)
    let release = DispatchSemaphore(value: 0)
    let sink =
      subject.subscribe(next: { _ in
        entered.store(true, ordering: .releasing)
        release.wait()
      }) as! NextHandlerScope<Int, Never>
    let disposeReturned = Atomic<Bool>(false)
    let sawSleeper = Atomic<Bool>(false)
    await onThreads(3) { thread in
      switch thread {
      case 0:
        subject.sendNext(1)
      case 1:
        while !entered.load(ordering: .acquiring) { sched_yield() }
        sink.dispose()
        disposeReturned.store(true, ordering: .releasing)
      default:
        while !entered.load(ordering: .acquiring) { sched_yield() }
        while sink.fence.running.load(ordering: .acquiring) & HandlerFence.sleeperBit == 0 {
          sched_yield()
        }
        sawSleeper.store(true, ordering: .relaxed)
        // What the handler's store does when its load came before the mark: no wake-up.
        sink.fence.running.store(0, ordering: .releasing)
        while !disposeReturned.load(ordering: .acquiring) { sched_yield() }
        release.signal()
      }
    }
    let slept = sawSleeper.load(ordering: .relaxed)
    let returned = disposeReturned.load(ordering: .acquiring)
    #expect(slept)
    #expect(returned)
    #expect(sink.fence.running.load(ordering: .acquiring) == 0)
  }

  /// A `dispose()` from inside the subscription's own handler returns at once, on either path.
  @Test(
    "a dispose() from the subscription's own handler returns at once",
    arguments: RunningHandler.allCases)
  func disposeFromOwnHandlerReturns(running: RunningHandler) {
    let subject = Subject<Int, Never>()
    let box = DisposableBox()
    let returned = Atomic<Bool>(false)
    let dispose: @Sendable () -> Void = {
      box.disposable?.dispose()
      returned.store(true, ordering: .relaxed)
    }
    switch running {
    case .value: box.disposable = subject.subscribe(next: { _ in dispose() })
    case .completion: box.disposable = subject.subscribe(completed: dispose)
    }
    if running == .value { subject.sendNext(1) } else { subject.sendCompleted() }
    let returnedAtOnce = returned.load(ordering: .relaxed)
    #expect(returnedAtOnce)
    #expect(box.disposable?.isDisposed == true)
  }
}

/// Holds a subscription for its own handler to dispose.
///
/// Lock discipline: written once on the test's thread before any event is sent; read afterwards
/// by the handler on the same thread.
private final class DisposableBox: @unchecked Sendable {
  var disposable: (any Disposable)?
}
