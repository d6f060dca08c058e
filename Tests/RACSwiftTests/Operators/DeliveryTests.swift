import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// A scheduler that runs its actions when told, handing out disposables a test can watch.
final class ManualScheduler: Scheduler, @unchecked Sendable {
  // Lock discipline: `queue` and `issued` are read and written with `lock` held; actions run
  // without it.
  private let lock = NSLock()
  private var queue: [@Sendable () -> Void] = []
  private var issued: [WeakDisposable] = []

  private struct WeakDisposable {
    weak var value: AnyDisposable?
  }

  /// How many disposables this scheduler handed out are still alive (held by someone).
  var liveDisposables: Int { lock.withLock { issued.filter { $0.value != nil }.count } }

  /// Runs every queued action (and those they queue).
  func run() {
    while let action = lock.withLock({ queue.isEmpty ? nil : queue.removeFirst() }) { action() }
  }

  func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    let disposable = AnyDisposable()
    lock.withLock {
      queue.append(action)
      issued.append(WeakDisposable(value: disposable))
    }
    return disposable
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> (
    any Disposable
  )? { schedule(action) }

  func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? { schedule(action) }

  func scheduleRecursive(
    _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
  ) -> (any Disposable)? {
    schedule { action {} }
  }
}

@Suite("deliver(on:) keeps no finished work", .checksLiveSubscriptions)
struct DeliveryRetentionTests {
  @Test("A7-20: 1,000 bursts through deliver(on:) leave no finished action in the subscription")
  func noAccumulation() {
    let scheduler = ManualScheduler()
    let subject = Subject<Int, Never>()
    let received = Recorder<Int, Never>()
    let subscription = received.subscribe(to: subject.deliver(on: scheduler))
    for burst in 0..<1_000 {
      subject.sendNext(burst)
      subject.sendNext(-burst)
      #expect(scheduler.liveDisposables == 1)  // the one pending action, held for cancelling
      scheduler.run()
    }
    #expect(received.values.count == 2_000)
    #expect(scheduler.liveDisposables == 0)
    subscription.dispose()
  }
}

@Suite("deliver(on:) and subscribe(on:) on virtual time (B.3)", .checksLiveSubscriptions)
struct DeliveryTests {
  let scheduler = TestScheduler()

  @Test("deliver(on: test scheduler) delivers only when the scheduler runs")
  func deliverOnTest() throws {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from([1, 2]).deliver(on: scheduler))
    #expect(recorder.events.isEmpty)
    scheduler.run()
    #expect(recorder.events == [.next(1), .next(2), .completed])
    let later = try scheduler.coldSignal("-a--b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(later.deliver(on: scheduler), "-a--b|", values: ["a": 1, "b": 2])
  }

  @Test("subscribe(on: test scheduler) subscribes only when the scheduler runs")
  func subscribeOnTest() throws {
    let subscriptions = AtomicCounter()
    let source = Signal<Int, Never>.defer {
      subscriptions.increment()
      return .from([1, 2])
    }
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: source.subscribe(on: scheduler))
    #expect(subscriptions.count == 0)
    scheduler.run()
    #expect(subscriptions.count == 1)
    #expect(recorder.events == [.next(1), .next(2), .completed])
    let later = try scheduler.coldSignal("-a--b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(later.subscribe(on: scheduler), "-a--b|", values: ["a": 1, "b": 2])
  }
}
