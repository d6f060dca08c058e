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
