import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// A model object that is not `Sendable`, as an Objective-C client object a RAC 2 view model
/// held (`OCTClient`).
final class APIClient: Equatable {
  var requests = 0

  static func == (lhs: APIClient, rhs: APIClient) -> Bool { lhs === rhs }
}

/// A view model that uses the one isolation rule everywhere: `self` in scheduler actions and in
/// `doDisposed`, and non-`Sendable` operands of `mapReplace`, `startWith`, `ignore` and
/// `Signal.from`.
@MainActor
final class ClientViewModel {
  let client = APIClient()
  let others = [APIClient(), APIClient()]
  var count = 0
  var disposals = 0
  var disposedOnMainQueue: [Bool] = []
  @Observed var selected: APIClient?

  func clients(on taps: Signal<Void, Never>) -> Signal<APIClient, Never> {
    taps.mapReplace(client)
  }

  func selections(from clients: Signal<APIClient?, Never>) -> Signal<APIClient?, Never> {
    clients.startWith(nil)
  }

  func others(_ clients: Signal<APIClient, Never>) -> Signal<APIClient, Never> {
    clients.ignore(client)
  }

  /// RAC's `[self.clients.rac_sequence signal]`, or `+[RACSignal return:]` of each.
  func allClients() -> Signal<APIClient, Never> {
    Signal.from(others)
  }

  /// A `Sendable` sequence, written on the same actor.
  func numbers() -> Signal<Int, Never> {
    Signal.from([1, 2, 3])
  }

  func counting(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
    signal.doDisposed {
      self.disposals += 1
      self.disposedOnMainQueue.append(isOnMainQueue())
    }
  }

  @discardableResult
  func scheduleIncrement() -> (any Disposable)? {
    MainScheduler.shared.schedule { self.count += 1 }
  }

  @discardableResult
  func scheduleIncrement(after delay: Duration) -> (any Disposable)? {
    MainScheduler.shared.schedule(after: delay) { self.count += 1 }
  }
}

@MainActor
@Suite(
  "One isolation rule for every closure and operand (A2-01, CONTRACT.md#isolation)",
  .checksLiveSubscriptions)
struct IsolatedOperandsTests {
  @Test("mapReplace sends a non-Sendable value, on the main actor, at once for a main-thread send")
  func mapReplaceNonSendable() {
    let model = ClientViewModel()
    let taps = Subject<Void, Never>()
    var received: [ObjectIdentifier] = []
    let subscription = model.clients(on: taps).subscribe(next: {
      received.append(ObjectIdentifier($0))
    })
    taps.sendNext(())
    taps.sendNext(())
    #expect(received == [ObjectIdentifier(model.client), ObjectIdentifier(model.client)])
    subscription.dispose()
  }

  @Test("mapReplace of a non-Sendable value sent from another thread arrives on the main actor")
  func mapReplaceCarriedToTheActor() async {
    let model = ClientViewModel()
    let taps = Subject<Void, Never>()
    var onMain: [Bool] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = model.clients(on: taps).take(3).subscribe(
        next: { client in
          client.requests += 1
          onMain.append(isOnMainQueue())
        }, completed: { done.resume() })
      DispatchQueue.global().async {
        for _ in 1...3 { taps.sendNext(()) }
      }
    }
    #expect(onMain == [true, true, true])
    #expect(model.client.requests == 3)
    subscription?.dispose()
  }

  @Test("startWith(nil) on a non-Sendable optional sends nil first, synchronously on the actor")
  func startWithNil() {
    let model = ClientViewModel()
    let clients = Subject<APIClient?, Never>()
    var received: [APIClient?] = []
    let subscription = model.selections(from: clients).subscribe(next: { received.append($0) })
    #expect(received.count == 1)
    #expect(received.first == .some(nil))
    clients.sendNext(model.client)
    #expect(received.count == 2)
    #expect(received.last??.requests == 0)
    subscription.dispose()
  }

  @Test("ignore compares with the operand on the actor")
  func ignoreOperand() {
    let model = ClientViewModel()
    let other = APIClient()
    let clients = Subject<APIClient, Never>()
    var received: [APIClient] = []
    let subscription = model.others(clients).subscribe(next: { received.append($0) })
    clients.sendNext(model.client)
    clients.sendNext(other)
    #expect(received == [other])
    subscription.dispose()
  }

  @Test("Signal.from of non-Sendable models sends them at once for a subscription on the actor")
  func fromNonSendable() {
    let model = ClientViewModel()
    var received: [APIClient] = []
    model.allClients().subscribe(next: { received.append($0) })
    #expect(received == model.others)
  }

  @Test("Signal.from of non-Sendable models, subscribed on another thread, iterates on the actor")
  func fromNonSendableCarriedToTheActor() async {
    let model = ClientViewModel()
    let clients = model.allClients()
    let onMain = Recorder<Bool, Never>()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        clients.subscribe(
          next: { _ in onMain.record(.next(isOnMainQueue())) }, completed: { done.resume() })
      }
    }
    #expect(onMain.values == [true, true])
  }

  @Test("Signal.from of a Sendable sequence written on the actor still iterates where subscribed")
  func fromSendableUnchanged() async {
    let model = ClientViewModel()
    let numbers = model.numbers()
    let onMain = Recorder<Bool, Never>()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        numbers.subscribe(next: { _ in onMain.record(.next(isOnMainQueue())) })
        // Synchronous on this thread: every value has arrived when subscribe returns.
        onMain.record(.completed)
        done.resume()
      }
    }
    #expect(onMain.events == [.next(false), .next(false), .next(false), .completed])
  }

  @Test("doDisposed written on the main actor runs there: at once for a main-thread dispose")
  func doDisposedOnTheActor() {
    let model = ClientViewModel()
    let values = Subject<Int, Never>()
    let subscription = model.counting(values).subscribe(next: { _ in })
    #expect(model.disposals == 0)
    subscription.dispose()
    #expect(model.disposals == 1)
    let completed = model.counting(.just(1)).subscribe(next: { _ in })
    #expect(model.disposals == 2, "completion ends the subscription too")
    completed.dispose()
  }

  @Test("doDisposed written on the main actor, disposed on another thread, runs on the main actor")
  func doDisposedCarriedToTheActor() async {
    let model = ClientViewModel()
    let subscription = model.counting(Subject<Int, Never>()).subscribe(next: { _ in })
    await Task.detached { subscription.dispose() }.value
    while model.disposals == 0 { await Task.yield() }
    #expect(model.disposals == 1)
    #expect(model.disposedOnMainQueue == [true])
  }

  @Test("MainScheduler.schedule written on the main actor runs its action there, later")
  func mainSchedulerAction() async {
    let model = ClientViewModel()
    model.scheduleIncrement()
    #expect(model.count == 0, "schedule always enqueues, even on the main queue")
    while model.count == 0 { await Task.yield() }
    #expect(model.count == 1)
    let cancelled = model.scheduleIncrement(after: .seconds(60))
    cancelled?.dispose()
    model.scheduleIncrement()
    while model.count == 1 { await Task.yield() }
    #expect(model.count == 2)
  }

  @Test("a Sendable action through any Scheduler still runs on the main queue")
  func sendableAction() async {
    let scheduler: any Scheduler = MainScheduler.shared
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduler.schedule {
        #expect(isOnMainQueue())
        done.resume()
      }
    }
  }
}
