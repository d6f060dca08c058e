import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

@Suite(
  "@Observed concurrency: sets, a binding and a subscriber at once", .checksLiveSubscriptions,
  .tags(.concurrency), .detectsHangs)
struct ObservedConcurrencyTests {
  /// An object shared across threads: its observed property guards its own value, and the
  /// wrapper's storage is never reassigned after `init`.
  final class Counter: @unchecked Sendable {
    @Observed var value = 0
  }

  static let setters = 4
  static let perThread = TestScale.size(full: 20_000)

  @Test("A13-05: sets from several threads arrive one at a time, in order for each thread")
  func orderPerThread() async {
    let counter = Counter()
    let probe = SerialityProbe()
    // Values are thread * perThread + index + 1; the last seen per thread must increase.
    var lastSeen = [Int](repeating: 0, count: Self.setters)
    var inOrder = true
    let subscription = counter.$value.changes.subscribe(next: { value in
      probe.handle()
      let thread = (value - 1) / Self.perThread
      if value <= lastSeen[thread] { inOrder = false }
      lastSeen[thread] = value
    })
    await onThreads(Self.setters) { thread in
      for index in 0..<Self.perThread { counter.value = thread * Self.perThread + index + 1 }
    }
    #expect(probe.count == Self.setters * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(inOrder)
    #expect(lastSeen == (1...Self.setters).map { $0 * Self.perThread })
    subscription.dispose()
  }

  @Test("4 setters, a binding, a subscriber and a reader: exact counts; all ends with the owner")
  func settersBindingAndSubscriber() async {
    let bound = Subject<Int, Never>()
    let boundValues = TestScale.size(full: 10_000)
    let probe = SerialityProbe()
    let completions = AtomicCounter()
    let writersDone = AtomicCounter()
    let reads = AtomicCounter()
    weak var released: Counter?
    let binding: any Disposable
    let subscription: any Disposable
    do {
      let counter = Counter()
      released = counter
      binding = (counter.$value <~ bound)
      subscription = counter.$value.signal.subscribe(
        next: { _ in probe.handle() }, completed: { completions.increment() })
      await onThreads(Self.setters + 2) { thread in
        switch thread {
        case ..<Self.setters:
          for _ in 0..<Self.perThread { counter.value = counter.value &+ 1 }
          writersDone.increment()
        case Self.setters:
          for value in 1...boundValues { bound.sendNext(value) }
          writersDone.increment()
        default:
          while writersDone.count < Self.setters + 1 {
            if counter.value >= 0 { reads.increment() }
          }
        }
      }
      #expect(probe.count == 1 + Self.setters * Self.perThread + boundValues)
      #expect(probe.overlaps == 0)
      #expect(reads.count > 0)
      #expect(!binding.isDisposed)
      #expect(completions.count == 0)
    }
    #expect(released == nil, "neither the binding nor the subscription keeps the owner alive")
    #expect(completions.count == 1)
    #expect(binding.isDisposed)
    #expect(subscription.isDisposed)
  }
}
