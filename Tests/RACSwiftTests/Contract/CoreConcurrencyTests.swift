import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

/// A handler that counts values without a lock — correct only if delivery is serialized — and
/// detects overlapping calls with an atomic in-flight flag.
final class SerialityProbe: @unchecked Sendable {
  // Lock discipline: `count` is written only by the handler, which RACSwift promises never to
  // run twice at once; the thread sanitizer checks that promise.
  var count = 0
  private let inFlight = Atomic<Bool>(false)
  private let overlapCounter = Atomic<Int>(0)

  var overlaps: Int { overlapCounter.load(ordering: .acquiring) }

  func handle() {
    if inFlight.exchange(true, ordering: .acquiringAndReleasing) {
      overlapCounter.wrappingAdd(1, ordering: .relaxed)
    }
    count += 1
    inFlight.store(false, ordering: .releasing)
  }
}

@Suite(
  "Core concurrency: serialized delivery from many threads (A1-08, A2-02, CONTRACT.md#serialization)",
  .checksLiveSubscriptions, .tags(.concurrency))
struct CoreConcurrencyTests {
  static let threads = 4
  /// Values each thread sends in the two plain stress tests (see ``TestScale``).
  static let perThread = TestScale.size(full: 250_000)
  /// Values each thread sends in the other tests.
  static let smallPerThread = TestScale.size(full: 10_000)
  /// Values each inner signal or input sends in the merging tests.
  static let mergedPerThread = TestScale.size(full: 50_000)

  @Test(
    "4 threads × many sendNext into one Subject: exactly 4 × as many values, never overlapping")
  func subjectStress() async {
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let subscription = subject.subscribe(next: { _ in probe.handle() })
    await onThreads(Self.threads) { _ in
      for value in 0..<Self.perThread { subject.sendNext(value) }
    }
    #expect(probe.count == Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }

  @Test("4 threads × many sendNext into a created signal's Subscriber: exactly 4 × as many values")
  func createdSignalStress() async {
    let holder = SubscriberHolder<Int, Never>()
    let probe = SerialityProbe()
    let completed = AtomicCounter()
    let subscription = Signal<Int, Never> { subscriber in
      holder.subscriber = subscriber
      return nil
    }.subscribe(next: { _ in probe.handle() }, completed: { completed.increment() })
    let subscriber = holder.subscriber!
    await onThreads(Self.threads) { _ in
      for value in 0..<Self.perThread { subscriber.sendNext(value) }
    }
    subscriber.sendCompleted()
    #expect(probe.count == Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(completed.count == 1)
    #expect(subscription.isDisposed)
    holder.subscriber = nil
  }

  @Test("a subject with several subscribers: every subscriber sees the same order")
  func sameOrderForAll() async {
    let subject = Subject<Int, Never>()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    first.subscribe(to: subject)
    second.subscribe(to: subject)
    await onThreads(Self.threads) { thread in
      for value in 0..<Self.smallPerThread { subject.sendNext(thread * 100_000 + value) }
    }
    subject.sendCompleted()
    #expect(first.values.count == Self.threads * Self.smallPerThread)
    #expect(first.values == second.values)
    // Each thread's own values arrive in the order it sent them.
    for thread in 0..<Self.threads {
      let own = first.values.filter { $0 / 100_000 == thread }
      #expect(own == own.sorted())
    }
  }

  @Test("A3-03: adding to a compound while another thread disposes it: each member disposed once")
  func addRacingDispose() async {
    // A scope that has never held a member disposes without its lock; this checks that a member
    // added at the same moment is still disposed, by dispose() or at once by add(_:).
    for round in 0..<TestScale.size(full: 2_000) {
      let compound = CompoundDisposable()
      let disposals = AtomicCounter()
      let members = (0..<2).map { _ in AnyDisposable { disposals.increment() } }
      await onThreads(2) { index in
        if index == 0 {
          compound.add(members[round % 2])
          compound.add(members[(round + 1) % 2])
        } else {
          compound.dispose()
        }
      }
      #expect(disposals.count == 2)
      let allDisposed = members.allSatisfy { $0.isDisposed }
      #expect(allDisposed)
    }
  }

  @Test("dispose racing with delivery: no crash, nothing starts after dispose() returns")
  func disposeRace() {
    for _ in 0..<20 {
      let subject = Subject<Int, Never>()
      let entered = AtomicCounter()
      let subscription = subject.subscribe(next: { _ in entered.increment() })
      let stop = Atomic<Bool>(false)
      let sender = Thread {
        while !stop.load(ordering: .acquiring) { subject.sendNext(1) }
      }
      sender.start()
      while entered.count < 1_000 {}
      subscription.dispose()
      let atDispose = entered.count
      // Keep sending a while after disposal.
      let target = atDispose
      var spins = 0
      while spins < 2_000_000 {
        spins += 1
        if entered.count > target + 1 { break }
      }
      stop.store(true, ordering: .releasing)
      // At most the one event whose handler another thread had already begun.
      #expect(entered.count <= atDispose + 1)
      while !sender.isFinished {}
    }
  }

  @Test("re-entrant sends from handlers while other threads send: no deadlock, nothing lost")
  func reentrantUnderContention() async {
    let subject = Subject<Int, Never>()
    let probe = SerialityProbe()
    let subscription = subject.subscribe(next: { value in
      probe.handle()
      if value >= 0 { subject.sendNext(-1) }  // each positive value triggers one more
    })
    await onThreads(Self.threads) { _ in
      for value in 0..<Self.smallPerThread { subject.sendNext(value) }
    }
    #expect(probe.count == Self.threads * Self.smallPerThread * 2)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }

  @Test("flattenMap merges inner signals sending from many threads, serialized and complete")
  func mergeStress() async {
    let inners = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let probe = SerialityProbe()
    let completed = AtomicCounter()
    let subscription = Signal.from(0..<Self.threads).flattenMap { inners[$0] }.subscribe(
      next: { _ in probe.handle() }, completed: { completed.increment() })
    await onThreads(Self.threads) { thread in
      for value in 0..<Self.mergedPerThread { inners[thread].sendNext(value) }
      inners[thread].sendCompleted()
    }
    #expect(probe.count == Self.threads * Self.mergedPerThread)
    #expect(probe.overlaps == 0)
    #expect(completed.count == 1)
    #expect(subscription.isDisposed)
  }

  @Test("combineLatest fed from two threads delivers serialized")
  func combineLatestStress() async {
    let left = Subject<Int, Never>()
    let right = Subject<Int, Never>()
    let probe = SerialityProbe()
    let subscription = left.combineLatest(with: right).subscribe(next: { _ in probe.handle() })
    left.sendNext(0)
    right.sendNext(0)
    await onThreads(2) { thread in
      for value in 0..<Self.mergedPerThread { (thread == 0 ? left : right).sendNext(value) }
    }
    #expect(probe.count == 1 + 2 * Self.mergedPerThread)
    #expect(probe.overlaps == 0)
    subscription.dispose()
  }
}
