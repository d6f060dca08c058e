import Foundation
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

/// An object with observed properties, as a RAC 2 model declared them.
final class Account {
  @Observed var name = "ada"
  @Observed var balance = 0
  @Observed var nickname: String?
  @Observed var email: String

  init(email: String = "ada@example.com") {
    self.email = email
  }
}

/// A signal that never sends and counts how many of its subscriptions were disposed: a source
/// whose subscription only disposal can end.
final class SilentSource: Sendable {
  private let disposals = Atomic<Int>(0)
  private let subscriptions = Atomic<Int>(0)

  /// How many subscriptions were disposed.
  var disposed: Int { disposals.load(ordering: .acquiring) }
  /// How many subscriptions were made.
  var subscribed: Int { subscriptions.load(ordering: .acquiring) }

  /// The signal: sends `first` if given, then nothing.
  func signal(first: Int? = nil) -> Signal<Int, Never> {
    Signal { subscriber in
      self.subscriptions.wrappingAdd(1, ordering: .relaxed)
      if let first { subscriber.sendNext(first) }
      return AnyDisposable { self.disposals.wrappingAdd(1, ordering: .releasing) }
    }
  }
}

@Suite("@Observed (A13-05, A11-05, A13-07)", .checksLiveSubscriptions)
struct ObservedTests {
  @Test("the wrapped value reads and writes the property behind it")
  func wrappedValue() {
    let account = Account()
    #expect(account.name == "ada")
    #expect(account.$name.value == "ada")
    account.name = "grace"
    #expect(account.$name.value == "grace")
    account.$name.value = "ada"
    #expect(account.name == "ada")
    account.$balance.modify { $0 += 5 }
    account.balance += 1
    #expect(account.balance == 6)
  }

  @Test("an optional without an initial value starts as nil; one assigned in init takes it")
  func initialValues() {
    let account = Account(email: "grace@example.com")
    #expect(account.nickname == nil)
    #expect(account.email == "grace@example.com")
    account.nickname = "amazing"
    #expect(account.$nickname.value == "amazing")
    let explicit = Observed(wrappedValue: 3)
    #expect(explicit.wrappedValue == 3)
    #expect(explicit.projectedValue.value == 3)
  }

  @Test("A13-05: $x.signal sends the current value, then every set (equal ones too) at once")
  func signalSendsEverySet() {
    let account = Account()
    let recorder = Recorder<String, Never>()
    let subscription = recorder.subscribe(to: account.$name.signal)
    #expect(recorder.values == ["ada"])
    account.name = "grace"
    #expect(recorder.values == ["ada", "grace"])
    account.name = "grace"
    #expect(recorder.values == ["ada", "grace", "grace"], "an equal value is sent too")
    account.$name.modify { $0 += "!" }
    account.name = "ada"
    #expect(recorder.values == ["ada", "grace", "grace", "grace!", "ada"])
    subscription.dispose()
  }

  @Test("A13-05: each set is sent on the thread that makes it, before the set returns")
  func signalIsSynchronousOnTheSettingThread() async {
    let account = Account()
    let lastValue = Mutex<(Int, ObjectIdentifier?)>((-1, nil))
    let subscription = account.$balance.changes.subscribe(next: { value in
      lastValue.withLock { $0 = (value, ObjectIdentifier(Thread.current)) }
    })
    let balance = account.$balance
    let mismatches = Atomic<Int>(0)
    await onThreads(1) { _ in
      for value in 1...100 {
        balance.value = value
        let (seen, thread) = lastValue.withLock { $0 }
        if seen != value || thread != ObjectIdentifier(Thread.current) {
          mismatches.wrappingAdd(1, ordering: .relaxed)
        }
      }
    }
    #expect(mismatches.load(ordering: .relaxed) == 0)
    subscription.dispose()
  }

  @Test("A13-05: a subscriber that sets what it observes: the new value follows the current one")
  func reentrantSet() {
    let account = Account()
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    let resetter = account.$balance.signal.subscribe(next: { [unowned account] value in
      first.record(.next(value))
      if value > 10 { account.balance = 10 }
    })
    let watcher = second.subscribe(to: account.$balance.signal)
    account.balance = 50
    #expect(first.values == [0, 50, 10])
    #expect(second.values == [0, 50, 10], "every subscriber has 50 before anyone has 10")
    #expect(account.balance == 10)
    resetter.dispose()
    watcher.dispose()
  }

  @Test("A11-05: $x <~ signal assigns every value (RAC(self, x) = signal)")
  func bindingAssigns() {
    let account = Account()
    let names = Subject<String, Never>()
    let recorder = Recorder<String, Never>()
    let subscription = recorder.subscribe(to: account.$name.signal)
    account.$name <~ names
    names.sendNext("grace")
    #expect(account.name == "grace")
    names.sendNext("grace")
    names.sendNext("ada")
    #expect(recorder.values == ["ada", "grace", "grace", "ada"])
    names.sendCompleted()
    account.name = "set by hand"
    #expect(account.name == "set by hand", "a completed binding no longer assigns")
    subscription.dispose()
  }

  @Test("A13-07: a binding ends with its owner, though its source never sends again: 0 live")
  func bindingEndsWithTheOwner() {
    let source = SilentSource()
    let ledger = SubscriptionLedger()
    weak var released: Account?
    var binding: (any Disposable)?
    ledger.withLedger {
      var account: Account? = Account()
      released = account
      binding = (account!.$balance <~ source.signal(first: 7))
      #expect(account?.balance == 7)
      #expect(ledger.liveCount > 0)
      #expect(source.disposed == 0)
      account = nil
    }
    #expect(released == nil, "the binding does not keep the owner alive")
    #expect(source.subscribed == 1)
    #expect(source.disposed == 1)
    #expect(ledger.liveCount == 0)
    #expect(binding?.isDisposed == true)
  }

  @Test("A13-05: $x.signal completes when the owner goes away, and does not keep it alive")
  func signalCompletesWithTheOwner() {
    weak var released: Account?
    let recorder = Recorder<Int, Never>()
    let ledger = expectNoLiveSubscriptions {
      var account: Account? = Account()
      released = account
      recorder.subscribe(to: account!.$balance.signal.map { $0 * 2 })
      account!.balance = 4
      account = nil
    }
    #expect(released == nil)
    #expect(recorder.events == [.next(0), .next(8), .completed])
    #expect(ledger.liveCount == 0)
  }

  @Test("A13-02: $a <~ other.$b.signal binds two owners' properties; it ends with either owner")
  func bindingBetweenOwners() {
    let ledger = expectNoLiveSubscriptions {
      // The target goes away first.
      var target: Account? = Account()
      let source = Account()
      target!.$name <~ source.$name.signal
      #expect(target?.name == "ada")
      source.name = "grace"
      #expect(target?.name == "grace")
      target = nil
      source.name = "unheard"
    }
    #expect(ledger.liveCount == 0)

    expectNoLiveSubscriptions {
      // The source goes away first: its signal completes, which ends the binding.
      let target = Account()
      var source: Account? = Account()
      target.$balance <~ source!.$balance.signal.map { $0 + 1 }
      source!.balance = 41
      #expect(target.balance == 42)
      source = nil
      target.balance = 0
      #expect(target.balance == 0)
    }
  }

  @Test("Property(mutable) is a read-only view: it reads and observes the mutable property")
  func readOnlyView() {
    weak var releasedStorage: MutableProperty<Int>?
    let recorder = Recorder<Int, Never>()
    do {
      let storage = MutableProperty(1)
      releasedStorage = storage
      let view = Property(storage)
      let readOnly = storage.readOnly
      #expect(view.value == 1)
      recorder.subscribe(to: view.signal)
      let changes = Recorder<Int, Never>()
      let changesSubscription = changes.subscribe(to: view.changes)
      storage.value = 2
      storage.value = 2
      #expect(view.value == 2)
      #expect(readOnly.value == 2)
      #expect(recorder.values == [1, 2, 2])
      #expect(changes.values == [2, 2])
      changesSubscription.dispose()
      let account = Account()
      let balance = Property(account.$balance)
      account.balance = 3
      #expect(balance.value == 3)
    }
    #expect(releasedStorage == nil)
    #expect(recorder.events == [.next(1), .next(2), .next(2), .completed])
  }
}
