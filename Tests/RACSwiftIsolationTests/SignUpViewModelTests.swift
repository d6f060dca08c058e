import Dispatch
import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

/// A source that never sends after its first value and records its subscription's disposal:
/// a binding from it can only end by being disposed.
final class ProgressSource: Sendable {
  private let disposal = Mutex<(count: Int, onMainQueue: Bool)>((0, false))

  /// How many subscriptions were disposed, and whether the last one was on the main queue.
  var disposed: (count: Int, onMainQueue: Bool) { disposal.withLock { $0 } }

  /// Sends "Waiting", then nothing.
  var signal: Signal<String, Never> {
    Signal { subscriber in
      subscriber.sendNext("Waiting")
      return AnyDisposable {
        let onMainQueue = isOnMainQueue()
        self.disposal.withLock { $0 = ($0.count + 1, onMainQueue) }
      }
    }
  }
}

/// Lets another thread drop the last reference to a view model.
final class LastReference: Sendable {
  /// The view model, until the holder lets go of it.
  let model: Mutex<SignUpViewModel?>
  init(_ model: SignUpViewModel) { self.model = Mutex(model) }
}

/// `SignUpViewModel` at run time: RACObserve and RAC() ported to `@Observed`, with no lifetime
/// token written by hand.
@Suite(
  "A @MainActor view model with @Observed properties", .checksLiveSubscriptions,
  .timeLimit(.minutes(1)))
struct SignUpViewModelTests {
  @MainActor
  @Test("A13-05, A11-05: every derived property is up to date before the set returns")
  func formIsSynchronous() {
    let store = AccountStore()
    let progress = Subject<String, Never>()
    let model = SignUpViewModel(store: store, progress: progress)
    #expect(model.isValid == false)
    #expect(model.status == "Not sent")
    #expect(model.greeting == "Hello, Guest")

    // A main-actor handler that reads the view model's other properties.
    var seen: [String] = []
    let watch = model.$isValid.signal.subscribe(next: { isValid in
      seen.append("\(model.email) \(isValid)")
    })
    model.email = "ada@example.com"
    model.password = "correct horse"
    #expect(model.isValid)
    model.password = "short"
    #expect(!model.isValid)
    #expect(
      seen == [
        " false", "ada@example.com false", "ada@example.com true", "ada@example.com false",
      ])

    store.email = "grace@example.com"
    #expect(model.email == "grace@example.com", "A13-02: RAC(self, email) = RACObserve(store, …)")
    progress.sendNext("Uploading")
    #expect(model.status == "Uploading")
    model.nickname = "ada"
    #expect(model.greeting == "Hello, ada")
    model.nickname = nil
    #expect(model.greeting == "Hello, Guest")
    watch.dispose()
  }

  @MainActor
  @Test("values set on another thread reach the main-actor stages, in order")
  func backgroundSets() async {
    let model = SignUpViewModel(store: AccountStore(), progress: .never)
    let email = model.$email
    let password = model.$password
    var validity: [Bool] = []
    let watch = model.$isValid.changes.subscribe(next: { validity.append($0) })
    DispatchQueue.global().async {
      email.value = "ada@example.com"
      password.value = "correct horse"
      password.value = "short"
      password.value = "correct horse battery"
    }
    await yield(until: { validity.count == 4 })
    #expect(validity == [false, true, false, true])
    #expect(model.isValid)
    watch.dispose()
  }

  @MainActor
  @Test("A13-07: dropping the view model ends its bindings: sources disposed, 0 live")
  func droppedOnTheMainActor() {
    let progress = ProgressSource()
    let store = AccountStore()
    let ledger = SubscriptionLedger()
    weak var released: SignUpViewModel?
    var completed = false
    ledger.withLedger {
      var model: SignUpViewModel? = SignUpViewModel(store: store, progress: progress.signal)
      released = model
      #expect(model?.status == "Waiting")
      model?.nickname = "ada"
      model!.$greeting.signal.subscribe(completed: { completed = true })
      #expect(ledger.liveCount > 0)
      model = nil
    }
    #expect(released == nil, "nothing the view model bound or derived keeps it alive")
    #expect(ledger.liveCount == 0)
    #expect(progress.disposed.count == 1)
    #expect(completed, "A13-05: RACObserve completes when the object goes away")
    store.email = "unheard@example.com"
  }

  @MainActor
  @Test("A13-07: a view model released off the main actor ends its bindings there")
  func droppedOffTheMainActor() async {
    let progress = ProgressSource()
    let ledger = SubscriptionLedger()
    weak var released: SignUpViewModel?
    var completed = false
    let reference = ledger.withLedger {
      let model = SignUpViewModel(store: AccountStore(), progress: progress.signal)
      released = model
      model.$status.signal.subscribe(completed: { completed = true })
      return LastReference(model)
    }
    #expect(ledger.liveCount > 0)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        reference.model.withLock { $0 = nil }
        done.resume()
      }
    }
    #expect(released == nil)
    #expect(progress.disposed.count == 1)
    #expect(!progress.disposed.onMainQueue, "the binding ended on the releasing thread")
    // The subscriber's handler runs on the main actor: its completion was carried there.
    await yield(until: { completed })
    #expect(ledger.liveCount == 0)
  }
}
