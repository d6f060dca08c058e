import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

/// One way to subscribe handlers to something another thread sends into.
enum FencedSubscriptionKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case subject, createdSignal, operatorChain, merge, property, standaloneSubscriber

  var testDescription: String { rawValue }
}

/// A subscription under test: how to send one value into it, and how to dispose it.
struct FencedSubscription: Sendable {
  let send: @Sendable (Int) -> Void
  let dispose: @Sendable () -> Void

  /// Subscribes `handler` the way `kind` says.
  static func make(
    _ kind: FencedSubscriptionKind, handler: @escaping @Sendable (Int) -> Void
  ) -> FencedSubscription {
    switch kind {
    case .subject:
      let subject = Subject<Int, Never>()
      let subscription = subject.subscribe(next: handler)
      return FencedSubscription(send: { subject.sendNext($0) }, dispose: { subscription.dispose() })
    case .createdSignal:
      let created = SubscriberHolder<Int, Never>()
      let subscription = Signal<Int, Never> { subscriber in
        created.subscriber = subscriber
        return nil
      }.subscribe(next: handler)
      let subscriber = created.subscriber!
      return FencedSubscription(
        send: { subscriber.sendNext($0) }, dispose: { subscription.dispose() })
    case .operatorChain:
      let subject = Subject<Int, Never>()
      let subscription = subject.map { $0 + 1 }.filter { _ in true }.scan(0) { _, next in next }
        .subscribe(next: handler)
      return FencedSubscription(send: { subject.sendNext($0) }, dispose: { subscription.dispose() })
    case .merge:
      let first = Subject<Int, Never>()
      let second = Subject<Int, Never>()
      let subscription = Signal.merge(first, second).subscribe(next: handler)
      return FencedSubscription(send: { first.sendNext($0) }, dispose: { subscription.dispose() })
    case .property:
      let property = MutableProperty(0)
      let subscription = property.signal.subscribe(next: handler)
      return FencedSubscription(send: { property.value = $0 }, dispose: { subscription.dispose() })
    case .standaloneSubscriber:
      let subject = Subject<Int, Never>()
      let subscriber = Subscriber<Int, Never>(next: handler)
      subject.subscribe(subscriber)
      return FencedSubscription(send: { subject.sendNext($0) }, dispose: { subscriber.dispose() })
    }
  }
}

/// Where the disposing thread posts each round's subscription for the sending thread.
///
/// Lock discipline: `current` and `stopped` are read and written only with `lock` held.
final class SubscriptionSlot: @unchecked Sendable {
  private let lock = NSLock()
  private var current: FencedSubscription?
  private var stopped = false

  /// Changes after every post and at the stop: the sender reads the slot only then, so that it
  /// sends in a tight loop, as a busy source would.
  let generation = Atomic<Int>(0)

  func post(_ subscription: FencedSubscription) {
    lock.withLock { current = subscription }
    generation.wrappingAdd(1, ordering: .releasing)
  }

  func stop() {
    lock.withLock { stopped = true }
    generation.wrappingAdd(1, ordering: .releasing)
  }

  /// The latest subscription (`nil` before the first is posted), and whether to stop.
  var latest: (subscription: FencedSubscription?, stopped: Bool) {
    lock.withLock { (current, stopped) }
  }
}

@Suite(
  "dispose() is a fence for the handlers: none starts once it returned (CONTRACT.md#dispose-fence)",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct DisposeFenceConcurrencyTests {
  static let rounds = TestScale.size(full: 4_000)

  @Test(
    "dispose racing sends from another thread: 0 handler starts after dispose() returned",
    arguments: FencedSubscriptionKind.allCases)
  func noHandlerStartsAfterDispose(kind: FencedSubscriptionKind) async {
    let slot = SubscriptionSlot()
    let lateStarts = AtomicCounter()
    let rounds = Self.rounds
    // The six kinds run at once (12 threads on a few cores): threads are preempted anywhere —
    // between a sender's "not disposed" check and its handler's start too, where a late start
    // happens. (Run alone, one kind's two threads rarely are.)
    await onThreads(2) { thread in
      if thread == 0 {
        // The disposing thread: subscribes, waits until the sender's values reach the handler,
        // then disposes while they still arrive, and notes that `dispose()` returned.
        for _ in 0..<rounds {
          let returned = Atomic<Bool>(false)
          let delivered = AtomicCounter()
          let subscription = FencedSubscription.make(kind) { _ in
            if returned.load(ordering: .acquiring) { lateStarts.increment() }
            delivered.increment()
          }
          slot.post(subscription)
          while delivered.count == 0 { sched_yield() }
          subscription.dispose()
          returned.store(true, ordering: .releasing)
        }
        slot.stop()
      } else {
        // The sending thread: sends into the latest subscription, disposed or not, until told
        // to stop.
        var value = 0
        var seen = -1
        var subscription: FencedSubscription?
        while true {
          let generation = slot.generation.load(ordering: .acquiring)
          if generation != seen {
            seen = generation
            let latest = slot.latest
            if latest.stopped { break }
            subscription = latest.subscription
          }
          subscription?.send(value)
          value += 1
        }
      }
    }
    #expect(lateStarts.count == 0)
  }
}
