import OpenCombine
import RACSwift

// W11: live subscription churn. N times: subscribe to a live subject, send one value, dispose
// the still-live subscription from outside its handler (the subject stays live throughout).
// Each round's `dispose()` is of a subscription whose handler has run and returned, so it is
// the path every view model's "stop observing" takes.
let w11 = Workload(
  id: "W11", title: "live subscription churn: subscribe, send one, dispose", unit: "round",
  count: 100_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      meter.start()
      for value in 0..<n {
        let subscription = subject.subscribe(next: { sum.value &+= $0 })
        subject.sendNext(value)
        subscription.dispose()
      }
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = PassthroughSubject<Int, Never>()
      meter.start()
      for value in 0..<n {
        let cancellable = subject.sink { sum.value &+= $0 }
        subject.send(value)
        cancellable.cancel()
      }
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let handler: (Int) -> Void = opaque { sum.value &+= $0 }
      let subject = LoopSubject()
      meter.start()
      for value in 0..<n {
        let subscription = subject.subscribe(handler)
        subject.send(value)
        subject.unsubscribe(subscription)
      }
      meter.stop()
      return sum.value
    },
  ])

/// W11's closure loop source: a live subject reduced to what the job needs — a list of
/// subscriptions to call, one added and one removed per round. The one allocation per round is
/// the subscription (its handler and whether it is still subscribed).
final class LoopSubject {
  /// One subscription: the handler, until removed.
  final class Subscription {
    let handler: (Int) -> Void
    @exclusivity(unchecked) var isSubscribed = true

    init(handler: @escaping (Int) -> Void) { self.handler = handler }
  }

  @exclusivity(unchecked) private var subscriptions: [Subscription] = []

  init() { subscriptions.reserveCapacity(1) }

  /// Adds a subscription, made out of the optimizer's sight so that it stays on the heap.
  @inline(never)
  func subscribe(_ handler: @escaping (Int) -> Void) -> Subscription {
    let subscription = Subscription(handler: handler)
    subscriptions.append(subscription)
    return subscription
  }

  func send(_ value: Int) {
    for subscription in subscriptions where subscription.isSubscribed {
      subscription.handler(value)
    }
  }

  /// Removes a subscription (the last one here, but searched for, as a list of many would be).
  func unsubscribe(_ subscription: Subscription) {
    subscription.isSubscribed = false
    if let index = subscriptions.lastIndex(where: { $0 === subscription }) {
      subscriptions.remove(at: index)
    }
  }
}
