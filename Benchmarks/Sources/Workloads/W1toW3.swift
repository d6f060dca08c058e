import OpenCombine
import RACSwift

// W1: a "from sequence" source of 0..<N → map(+1) → filter(even) → map(×2); the subscriber sums.
let w1 = Workload(
  id: "W1", title: "sequence → map → filter → map → sum", unit: "source element",
  count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      meter.start()
      Signal<Int, Never>.from(0..<n).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      meter.start()
      let chain = Publishers.Map(
        upstream: Publishers.Filter(
          upstream: Publishers.Map(
            upstream: Publishers.Sequence<Range<Int>, Never>(sequence: 0..<n),
            transform: { $0 + 1 }),
          isIncluded: { $0 % 2 == 0 }),
        transform: { $0 * 2 })
      let cancellable = chain.sink { sum.value &+= $0 }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let increment: (Int) -> Int = opaque { $0 + 1 }
      let isEven: (Int) -> Bool = opaque { $0 % 2 == 0 }
      let double: (Int) -> Int = opaque { $0 * 2 }
      let sink: (Int) -> Void = opaque { sum.value &+= $0 }
      meter.start()
      for value in 0..<n {
        let incremented = increment(value)
        if isEven(incremented) { sink(double(incremented)) }
      }
      meter.stop()
      return sum.value
    },
  ])

// W1b: the same chain hanging off a subject; the loop sends 0..<N into the subject.
let w1b = Workload(
  id: "W1b", title: "subject → map → filter → map → sum", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(next: { sum.value &+= $0 })
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      subscription.dispose()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = Publishers.Map(
        upstream: Publishers.Filter(
          upstream: Publishers.Map(upstream: subject, transform: { $0 + 1 }),
          isIncluded: { $0 % 2 == 0 }),
        transform: { $0 * 2 }
      ).sink { sum.value &+= $0 }
      meter.start()
      for value in 0..<n { subject.send(value) }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let increment: (Int) -> Int = opaque { $0 + 1 }
      let isEven: (Int) -> Bool = opaque { $0 % 2 == 0 }
      let double: (Int) -> Int = opaque { $0 * 2 }
      let sink: (Int) -> Void = opaque { sum.value &+= $0 }
      let send: (Int) -> Void = opaque { value in
        let incremented = increment(value)
        if isEven(incremented) { sink(double(incremented)) }
      }
      meter.start()
      for value in 0..<n { send(value) }
      meter.stop()
      return sum.value
    },
  ])

// W2: a subject with 10 subscribers, each adding the value to its own counter; N sends.
let w2 = Workload(
  id: "W2", title: "subject with 10 subscribers", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let counters = (0..<10).map { _ in Counter() }
      let subject = Subject<Int, Never>()
      let subscriptions = counters.map { counter in
        subject.subscribe(next: { counter.value &+= $0 })
      }
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      for subscription in subscriptions { subscription.dispose() }
      return counters.reduce(0) { $0 &+ $1.value }
    },
    Implementation(name: Library.openCombine) { n, meter in
      let counters = (0..<10).map { _ in Counter() }
      let subject = PassthroughSubject<Int, Never>()
      let cancellables = counters.map { counter in subject.sink { counter.value &+= $0 } }
      meter.start()
      for value in 0..<n { subject.send(value) }
      meter.stop()
      for cancellable in cancellables { cancellable.cancel() }
      return counters.reduce(0) { $0 &+ $1.value }
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let counters = (0..<10).map { _ in Counter() }
      let sinks = ContiguousArray(
        counters.map { counter in LoopSink(receive: opaque { counter.value &+= $0 }) })
      meter.start()
      for value in 0..<n {
        // By index: `for sink in sinks` copies each element out, retaining and releasing its
        // closure's context on every call (callgrind: 65 instead of 20 instructions a call).
        for index in sinks.indices { sinks[index].receive(value) }
      }
      meter.stop()
      return counters.reduce(0) { $0 &+ $1.value }
    },
  ])

/// One subscriber of W2's closure loop. An array of bare closures would store them at the most
/// general abstraction, and each call would go through a reabstraction thunk.
struct LoopSink {
  let receive: (Int) -> Void
}

// W3: N times: build just(i) → map(+1) → filter(even), subscribe with next and completed
// handlers, receive, dispose.
let w3 = Workload(
  id: "W3", title: "build, subscribe, receive, dispose", unit: "subscription", count: 200_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      meter.start()
      for value in 0..<n {
        let subscription = Signal<Int, Never>.just(value).map { $0 + 1 }.filter { $0 % 2 == 0 }
          .subscribe(next: { sum.value &+= $0 }, completed: { sum.count &+= 1 })
        subscription.dispose()
      }
      meter.stop()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      meter.start()
      for value in 0..<n {
        let cancellable = Publishers.Filter(
          upstream: Publishers.Map(upstream: Just(value), transform: { $0 + 1 }),
          isIncluded: { $0 % 2 == 0 }
        ).sink(receiveCompletion: { _ in sum.count &+= 1 }, receiveValue: { sum.value &+= $0 })
        cancellable.cancel()
      }
      meter.stop()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let increment: (Int) -> Int = opaque { $0 + 1 }
      let isEven: (Int) -> Bool = opaque { $0 % 2 == 0 }
      let next: (Int) -> Void = opaque { sum.value &+= $0 }
      let completed: () -> Void = opaque { sum.count &+= 1 }
      meter.start()
      for value in 0..<n {
        // The one allocation the job needs: a subscription holding its handlers. The source
        // (`just(value)`) and the stages need nothing built: the value goes through them.
        let subscription = LoopSubscription.make(next: next, completed: completed)
        let incremented = increment(value)
        if isEven(incremented) { subscription.send(incremented) }
        subscription.complete()
        subscription.dispose()
      }
      meter.stop()
      return sum.value &+ sum.count
    },
  ])

/// A subscription of W3's closure loop: its handlers and whether it was disposed.
///
/// The handlers are called through its methods: called through the properties from the loop,
/// each call retains and releases the handler's context (callgrind: 3.5 instead of 2 retains
/// per subscription).
final class LoopSubscription {
  private let next: (Int) -> Void
  private let completed: () -> Void
  @exclusivity(unchecked) private(set) var isDisposed = false

  private init(next: @escaping (Int) -> Void, completed: @escaping () -> Void) {
    self.next = next
    self.completed = completed
  }

  /// A new subscription, on the heap: made out of the optimizer's sight, so it cannot be
  /// promoted to the stack (which would leave the loop with no allocation at all).
  @inline(never)
  static func make(
    next: @escaping (Int) -> Void, completed: @escaping () -> Void
  ) -> LoopSubscription {
    LoopSubscription(next: next, completed: completed)
  }

  func send(_ value: Int) { next(value) }

  func complete() { completed() }

  func dispose() { isDisposed = true }
}
