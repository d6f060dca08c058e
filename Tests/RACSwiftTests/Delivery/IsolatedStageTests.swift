import Foundation
import RACSwiftTesting
import Testing

@testable import RACSwift

/// The signals from `signal` up to the subject it was built on (`root` left out), following
/// each operator's own input; the walk stops early at a signal with several inputs.
private func links(from signal: AnyObject, to root: AnyObject) -> [AnyObject] {
  var links: [AnyObject] = []
  var current: AnyObject = signal
  while current !== root {
    links.append(current)
    guard let input = (current as! any SignalInput).input else { break }
    current = input
  }
  return links
}

/// How many of those signals carry events to an actor (`isolated(to:)`'s hop).
private func carriedLinks(from signal: AnyObject, to root: AnyObject) -> Int {
  links(from: signal, to: root).count { $0 is SubscribingSignal<CarriedStage<Int, Never>> }
}

/// The input of an operator signal, whatever its types.
private protocol SignalInput { var input: AnyObject? { get } }
extension Signal: SignalInput { fileprivate var input: AnyObject? { nameInput() } }

@Suite(
  "Consecutive stages on one actor share one hop (CONTRACT.md#isolation)", .checksLiveSubscriptions)
struct IsolatedStageTests {
  @Test("a main-actor map → filter → scan → doNext carries its input to the actor once")
  @MainActor
  func oneHopForAChain() {
    let subject = Subject<Int, Never>()
    let chain = subject.map { $0 + 1 }.filter { $0 > 0 }.scan(0) { $0 + $1 }.doNext { _ in }
    #expect(carriedLinks(from: chain, to: subject) == 1)
    #expect(chain.deliveryActor == ObjectIdentifier(MainActor.shared))
    // `filter` still joins the `map` it follows: the chain is four signals, the hop included.
    #expect(links(from: chain, to: subject).count == 4)
  }

  @Test("a chain on a custom actor carries its input to that actor once")
  @OperatorTestActor
  func oneHopOnACustomActor() {
    let subject = Subject<Int, Never>()
    let chain = subject.map { $0 * 2 }.skip(while: { $0 < 4 }).distinctUntilChanged(==)
    #expect(carriedLinks(from: chain, to: subject) == 1)
    #expect(chain.deliveryActor == ObjectIdentifier(OperatorTestActor.shared))
  }

  @Test("after deliverOnMainThread(), main-actor stages need no hop of their own (RAC's pattern)")
  @MainActor
  func deliverOnMainThreadIsOnTheMainActor() async {
    let subject = Subject<Int, Never>()
    let delivered = subject.deliverOnMainThread()
    #expect(delivered.deliveryActor == ObjectIdentifier(MainActor.shared))
    let chain = delivered.map { $0 + 1 }.filter { $0 > 1 }
    #expect(carriedLinks(from: chain, to: subject) == 0)
    var received: [Int] = []
    var ranOnMainActor: [Bool] = []
    var done: CheckedContinuation<Void, Never>?
    let subscription = chain.subscribe(next: { value in
      ranOnMainActor.append(MainThread.isCurrent)
      received.append(value)
      if received.count == 2 { done?.resume() }
    })
    await withCheckedContinuation { continuation in
      done = continuation
      DispatchQueue.global().async {
        for value in 0...2 { subject.sendNext(value) }
      }
    }
    #expect(received == [2, 3])
    #expect(ranOnMainActor == [true, true])
    subscription.dispose()
  }

  @Test("stages on different actors each carry their input to their own")
  func differentActorsStillHop() async {
    let subject = Subject<Int, Never>()
    let onMain = await MainActor.run { subject.map { $0 + 1 } }
    let onCustom = await onOperatorTestActor { onMain.map { $0 * 3 } }
    #expect(carriedLinks(from: onCustom, to: subject) == 2)
    #expect(onCustom.deliveryActor == ObjectIdentifier(OperatorTestActor.shared))
  }

  @Test(
    "operators that can send at other times do not pass the actor on (delay, deliver(on:), take(until:), merge, flattenMap, take, startWith)"
  )
  @MainActor
  func senderElsewhereForgetsTheActor() {
    let subject = Subject<Int, Never>()
    let other = Subject<Int, Never>()
    let onMain = subject.map { $0 }
    #expect(onMain.deliveryActor == ObjectIdentifier(MainActor.shared))
    let scheduler = TestScheduler()
    let elsewhere: [Signal<Int, Never>] = [
      onMain.delay(.seconds(1), on: scheduler),
      onMain.deliver(on: scheduler),
      onMain.take(until: other),
      onMain.merge(other),
      onMain.flattenMap { Signal.just($0) },
      onMain.take(0),
      onMain.startWith(0),
    ]
    for signal in elsewhere {
      #expect(signal.deliveryActor == nil, "\(signal.name)")
      // The next main-actor stage carries its input to the actor again.
      #expect(carriedLinks(from: signal.map { $0 }, to: signal) == 1, "\(signal.name)")
    }
  }

  @Test("after delay on another queue, the next main-actor stage runs on the main actor")
  @MainActor
  func hopAfterAnOperatorThatSendsElsewhere() async {
    let subject = Subject<Int, Never>()
    var ranOnMainActor: [Bool] = []
    var received: [Int] = []
    var done: CheckedContinuation<Void, Never>?
    let subscription =
      subject
      .map { $0 * 10 }
      .delay(.milliseconds(1), on: QueueScheduler())
      .map { value in
        ranOnMainActor.append(MainThread.isCurrent)
        return value + 1
      }
      .subscribe(next: { value in
        received.append(value)
        if received.count == 3 { done?.resume() }
      })
    await withCheckedContinuation { continuation in
      done = continuation
      for value in 1...3 { subject.sendNext(value) }
    }
    #expect(received == [11, 21, 31])
    #expect(ranOnMainActor == [true, true, true])
    subscription.dispose()
  }

  @Test(
    "a main-actor subscription to a synchronous chain receives every event before subscribe returns"
  )
  @MainActor
  func synchronousChainOnTheActor() {
    var values: [Int] = []
    var completed = false
    Signal<Int, Never>.from(1...4).map { $0 * 2 }.filter { $0 != 4 }
      .subscribe(next: { values.append($0) }, completed: { completed = true })
    #expect(values == [2, 6, 8])
    #expect(completed)
  }
}

/// Runs `body` on ``OperatorTestActor``.
@OperatorTestActor
private func onOperatorTestActor<T: Sendable>(_ body: @OperatorTestActor () -> T) -> T { body() }
