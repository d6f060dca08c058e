import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// What a subject's subscriptions keep alive. A subscriber's scope holds the subject's core (so
/// that disposing it can remove the subscriber without a weak reference), and the core holds
/// the scope: these check that the cycle never outlives the subject's public object, nor a
/// disposal, nor the subject's end (CONTRACT.md#subjects).
@Suite("Subject lifetimes", .checksLiveSubscriptions)
struct SubjectLifetimeTests {
  /// Subscribes to `subject` through a `map` whose transform captures a fresh object, and
  /// returns the subscription with a weak reference to the object and one to the subject. The
  /// subscription's disposable holds its handlers (CONTRACT.md#disposal), not the `map`'s
  /// transform: the subject's list of subscribers does, so the object lives as long as the
  /// subject's core.
  private static func subscribeWatched<S: Signal<Int, Never>>(
    _ subject: S
  ) -> (any Disposable, WeakBox<CapturedState>, WeakBox<S>) {
    let state = CapturedState()
    let subscription = subject.map { value -> Int in
      _ = state
      return value
    }.subscribe(next: { _ in })
    return (subscription, WeakBox(state), WeakBox(subject))
  }

  @Test("a subject released with live subscribers is released, and so is what they hold")
  func releasedWithLiveSubscribers() {
    let (first, firstState, firstSubject) = Self.subscribeWatched(Subject<Int, Never>())
    let (second, secondState, secondSubject) = Self.subscribeWatched(
      ReplaySubject<Int, Never>(capacity: 1))
    let (third, thirdState, thirdSubject) = Self.subscribeWatched(
      BehaviorSubject<Int, Never>(value: 0))
    let subscriptions = [first, second, third]
    #expect(firstSubject.object == nil)
    #expect(secondSubject.object == nil)
    #expect(thirdSubject.object == nil)
    #expect(firstState.object == nil)
    #expect(secondState.object == nil)
    #expect(thirdState.object == nil)
    // Disposing afterwards is harmless: there is nothing left to detach from.
    for subscription in subscriptions { subscription.dispose() }
    #expect(subscriptions.allSatisfy { $0.isDisposed })
  }

  @Test("a released replay or behaviour subject's values are released with it")
  func storedValuesReleased() {
    let replayed = WeakBox<CapturedState>(nil)
    let latest = WeakBox<CapturedState>(nil)
    var subscriptions: [any Disposable] = []
    do {
      let replay = ReplaySubject<CapturedState, Never>(capacity: 1)
      let behavior = BehaviorSubject<CapturedState, Never>(value: CapturedState())
      subscriptions.append(replay.subscribe(next: { _ in }))
      subscriptions.append(behavior.subscribe(next: { _ in }))
      let value = CapturedState()
      replayed.object = value
      replay.sendNext(value)
      let other = CapturedState()
      latest.object = other
      behavior.sendNext(other)
    }
    #expect(replayed.object == nil)
    #expect(latest.object == nil)
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("a disposed subscription lets go of the subject: released with its public object")
  func disposedSubscriptionHoldsNothing() {
    weak var weakSubject: Subject<Int, Never>?
    let subscription: any Disposable
    do {
      let subject = Subject<Int, Never>()
      weakSubject = subject
      var log: [Int] = []
      subscription = subject.subscribe(next: { log.append($0) })
      subject.sendNext(1)
      subscription.dispose()
      subject.sendNext(2)
      #expect(log == [1])
    }
    #expect(weakSubject == nil)
    #expect(subscription.isDisposed)
  }

  @Test("a terminated subject lets go of its subscribers' chains, and is released after")
  func terminatedSubjectReleased() {
    weak var weakSubject: Subject<Int, Never>?
    let state = WeakBox<CapturedState>(nil)
    let subscription: any Disposable
    var completed = false
    do {
      let subject = Subject<Int, Never>()
      weakSubject = subject
      do {
        let captured = CapturedState()
        state.object = captured
        subscription = subject.map { value -> Int in
          _ = captured
          return value
        }.subscribe(next: { _ in }, completed: { completed = true })
      }
      subject.sendCompleted()
      #expect(state.object == nil)
    }
    #expect(completed)
    #expect(subscription.isDisposed)
    #expect(weakSubject == nil)
  }

  @Test("flattenMap into subjects released while their inner subscriptions live")
  func flattenedSubjectsReleased() {
    let outer = Subject<Subject<Int, Never>, Never>()
    var values: [Int] = []
    let subscription = outer.flattenMap { $0 }.subscribe(next: { values.append($0) })
    weak var firstInner: Subject<Int, Never>?
    weak var secondInner: Subject<Int, Never>?
    do {
      let first = Subject<Int, Never>()
      let second = Subject<Int, Never>()
      firstInner = first
      secondInner = second
      outer.sendNext(first)
      outer.sendNext(second)
      first.sendNext(1)
      second.sendNext(2)
      second.sendCompleted()
    }
    // The first inner never ended: its subscription is still live, yet it holds the subject no
    // more than a subscription to any released subject does.
    #expect(firstInner == nil)
    #expect(secondInner == nil)
    #expect(values == [1, 2])
    subscription.dispose()
  }
}

/// A subject released while other threads dispose its subscriptions (CONTRACT.md#subjects): run
/// under the thread sanitizer with the other concurrency suites.
@Suite("Subject lifetimes, concurrently", .checksLiveSubscriptions, .tags(.concurrency))
struct SubjectLifetimeConcurrencyTests {
  @Test("subjects released on one thread while their subscriptions are disposed on another")
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
}

/// Items passed from one thread to another, under an `NSLock` (the thread sanitizer sees its
/// hand-over; a `Mutex`'s contended path runs where it cannot look).
final class HandOff<Item>: @unchecked Sendable {
  // Lock discipline: `items` is read and written only with `lock` held.
  private let lock = NSLock()
  private var items: [Item] = []

  func put(_ item: Item) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  func takeAll() -> [Item] {
    lock.lock()
    defer { lock.unlock() }
    let taken = items
    items = []
    return taken
  }
}

/// A weak reference that a test can hand around.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
  // Lock discipline: written by the test's own thread before it shares the box, or read after
  // the threads that used it ended.
  weak var object: Object?

  init(_ object: Object?) { self.object = object }
}
