import RACSwift
import RACSwiftTesting
import Testing

@Suite("Disposables (A3, B.5)", .checksLiveSubscriptions)
struct DisposableTests {
  @Test("A3-02: AnyDisposable runs its action exactly once; dispose twice is a no-op")
  func anyDisposable() {
    let runs = AtomicCounter()
    let disposable = AnyDisposable { runs.increment() }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(runs.count == 1)
    let plain = AnyDisposable()
    plain.dispose()
    #expect(plain.isDisposed)
  }

  @Test("CompoundDisposable disposes its members in order; adding after dispose disposes at once")
  func compound() {
    let log = Recorder<Int, Never>()
    let compound = CompoundDisposable([AnyDisposable { log.record(.next(1)) }])
    compound.add(AnyDisposable { log.record(.next(2)) })
    compound.add { log.record(.next(3)) }
    #expect(compound.count == 3)
    compound.dispose()
    #expect(log.values == [1, 2, 3])
    let late = AnyDisposable()
    compound.add(late)
    #expect(late.isDisposed)
    #expect(compound.count == 0)
    compound.dispose()
    #expect(log.values == [1, 2, 3])
  }

  @Test("CompoundDisposable.remove takes a member out without disposing it")
  func compoundRemove() {
    let compound = CompoundDisposable()
    let member = AnyDisposable()
    compound.add(member)
    compound.remove(member)
    #expect(compound.count == 0)
    compound.dispose()
    #expect(!member.isDisposed)
  }

  @Test("SerialDisposable: setting does not dispose the replaced one; swap returns it")
  func serialReplace() {
    let serial = SerialDisposable()
    let first = AnyDisposable()
    let second = AnyDisposable()
    serial.disposable = first
    serial.disposable = second
    #expect(!first.isDisposed)
    let previous = serial.swap(first)
    #expect(previous === second)
    serial.dispose()
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    #expect(serial.disposable == nil)
  }

  @Test("SerialDisposable: setting after dispose disposes the new one and keeps nil")
  func serialAfterDispose() {
    let serial = SerialDisposable()
    serial.dispose()
    let late = AnyDisposable()
    serial.disposable = late
    #expect(late.isDisposed)
    #expect(serial.disposable == nil)
    #expect(serial.swap(AnyDisposable()) == nil)
  }

  @Test("ScopedDisposable disposes the wrapped one when it goes away")
  func scoped() {
    let wrapped = AnyDisposable()
    do {
      let scoped = wrapped.scoped()
      #expect(!scoped.isDisposed)
    }
    #expect(wrapped.isDisposed)
    let early = AnyDisposable()
    let scoped = ScopedDisposable(early)
    scoped.dispose()
    #expect(early.isDisposed)
  }

  @Test("A3-03: disposed subscriptions do not accumulate in a subscriber")
  func finishedSubscriptionsAreForgotten() {
    let subscriber = Subscriber<Int, Never>()
    let subject = Subject<Int, Never>()
    var released: [WeakDisposable] = []
    for _ in 0..<1_000 {
      let subscription = subject.subscribe(subscriber)
      subscription.dispose()
      released.append(WeakDisposable(subscription))
    }
    // Nothing keeps the disposed subscriptions alive: not the subscriber, not the subject.
    #expect(released.allSatisfy { $0.value == nil })
    #expect(!subscriber.isDisposed)
    subscriber.dispose()
  }

  @Test("A3-04: inner subscriptions of bind/flattenMap are removed when they complete")
  func innerSubscriptionsAreRemoved() {
    let outer = Subject<Int, Never>()
    let ledger = SubscriptionLedger()
    ledger.withLedger {
      let subscription = outer.flattenMap { Signal.just($0) }.subscribe()
      for value in 0..<1_000 { outer.sendNext(value) }
      // root + source scope: every finished inner is gone.
      #expect(ledger.liveCount == 2)
      subscription.dispose()
    }
    #expect(ledger.liveCount == 0)
  }
}

/// A weak reference to a disposable, to show it was released.
struct WeakDisposable {
  weak var value: (any Disposable)?
  init(_ value: any Disposable) { self.value = value }
}

@Suite(
  "Releasing a disposable ends only what it owns (reliability issue, item 3)",
  .checksLiveSubscriptions)
struct ReleasedDisposableTests {
  @Test("B.5: a CompoundDisposable released without dispose() leaves its members running")
  func releasedCompoundKeepsMembers() {
    let subject = Subject<Int, Never>()
    let received = Recorder<Int, Never>()
    var compound: CompoundDisposable? = CompoundDisposable()
    let subscription = received.subscribe(to: subject)
    compound?.add(subscription)
    compound = nil
    subject.sendNext(1)
    #expect(received.values == [1])
    #expect(!subscription.isDisposed)
    subscription.dispose()
    _ = compound
  }

  @Test("B.13, A13-08: a <~> link whose result is discarded keeps both properties equal")
  func discardedTwoWayLink() {
    let model = MutableProperty("model")
    let field = MutableProperty("field")
    model <~> field
    #expect(model.value == "field")
    field.value = "typed"
    #expect(model.value == "typed")
    model.value = "reset"
    #expect(field.value == "reset")
    field.value = "again"
    #expect(model.value == "again")
  }

  @Test("B.13: a discarded <~> link ends when either property goes away: 0 live")
  func twoWayLinkEndsWithEitherEnd() {
    let model = MutableProperty("model")
    var field: MutableProperty<String>? = MutableProperty("field")
    if let field { model <~> field }
    field = nil
    model.value = "after"
    #expect(model.value == "after")
    _ = field
  }
}
