import OpenCombine
import RACSwift

// W12–W20: per-event paths that W1–W11 never take, each written to reach state that only one
// kind of subject or operator keeps (so what that state's unchecked accesses win can be counted).

// W12: a replay subject keeping the last 16 values, one subscriber summing; N sends (every send
// also goes into the replay buffer). OpenCombine has no replay subject: compared with the closure
// loop only.
let w12 = Workload(
  id: "W12", title: "ReplaySubject(capacity: 16) with one subscriber", unit: "send",
  count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = ReplaySubject<Int, Never>(capacity: 16)
      let subscription = subject.subscribe(next: { sum.value &+= $0 })
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      subscription.dispose()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let sink: (Int) -> Void = opaque { sum.value &+= $0 }
      let replay = ReplayRing()
      meter.start()
      for value in 0..<n {
        replay.append(value)
        sink(value)
      }
      meter.stop()
      return sum.value &+ replay.count &- min(n, 16)
    },
  ])

/// W12's closure loop's replay buffer: the last 16 values, in a ring.
final class ReplayRing {
  @exclusivity(unchecked) var values = [Int](repeating: 0, count: 16)
  @exclusivity(unchecked) var next = 0
  @exclusivity(unchecked) var count = 0

  func append(_ value: Int) {
    values[next] = value
    next = (next + 1) & 15
    if count < 16 { count += 1 }
  }
}

// W13: a behaviour subject (initial value 0), one subscriber summing; N sends (every send also
// replaces the subject's latest value).
let w13 = Workload(
  id: "W13", title: "BehaviorSubject with one subscriber", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = BehaviorSubject<Int, Never>(value: 0)
      let subscription = subject.subscribe(next: { sum.value &+= $0 })
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      subscription.dispose()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = CurrentValueSubject<Int, Never>(0)
      let cancellable = subject.sink { sum.value &+= $0 }
      meter.start()
      for value in 0..<n { subject.send(value) }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
  ])

// W14: N subjects made beforehand; a "from sequence" source of 0..<N, each index mapped to its
// subject, flattened two at a time (all but two wait in the operator's queue); the loop sends
// each subject its index and completes it, which starts the next waiting one. The subscriber sums.
// Unit: one inner (making its subject included).
let w14 = Workload(
  id: "W14", title: "flatten(maxConcurrent: 2) of N subjects, each sent one value and completed",
  unit: "inner", count: 100_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let inners = (0..<n).map { _ in Subject<Int, Never>() }
      meter.start()
      let subscription = Signal<Int, Never>.from(0..<n)
        .map { index -> Signal<Int, Never> in inners[index] }
        .flatten(maxConcurrent: 2)
        .subscribe(next: { sum.value &+= $0 })
      for (index, inner) in inners.enumerated() {
        inner.sendNext(index)
        inner.sendCompleted()
      }
      meter.stop()
      subscription.dispose()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let inners = (0..<n).map { _ in PassthroughSubject<Int, Never>() }
      meter.start()
      let cancellable = Publishers.FlatMap(
        upstream: Publishers.Sequence<Range<Int>, Never>(sequence: 0..<n),
        maxPublishers: .max(2), transform: { inners[$0] }
      ).sink { sum.value &+= $0 }
      for (index, inner) in inners.enumerated() {
        inner.send(index)
        inner.send(completion: .finished)
      }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
  ])

// W15: a "from sequence" source of 0..<N, each value mapped to a single-value inner signal,
// switched to the latest; the subscriber sums. (W4 with `switchToLatest` instead of a merge.)
let w15 = Workload(
  id: "W15", title: "switchToLatest of single-value inners", unit: "outer event",
  count: 100_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      meter.start()
      Signal<Int, Never>.from(0..<n).map { Signal.just($0) }.switchToLatest()
        .subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      meter.start()
      let cancellable = Publishers.SwitchToLatest(
        upstream: Publishers.Map(
          upstream: Publishers.Sequence<Range<Int>, Never>(sequence: 0..<n),
          transform: { Just($0) })
      ).sink { sum.value &+= $0 }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
  ])

// W16: two subjects → zip → map(a + b); the subscriber sums and counts; send alternately into
// each, N/2 each (each left value waits in zip's queue for its right one).
let w16 = Workload(
  id: "W16", title: "zip of two subjects", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let left = Subject<Int, Never>()
      let right = Subject<Int, Never>()
      let subscription = left.zip(with: right).map { $0 + $1 }
        .subscribe(next: {
          sum.value &+= $0
          sum.count &+= 1
        })
      meter.start()
      for value in 0..<(n / 2) {
        left.sendNext(value)
        right.sendNext(value)
      }
      meter.stop()
      subscription.dispose()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let left = PassthroughSubject<Int, Never>()
      let right = PassthroughSubject<Int, Never>()
      let cancellable = Publishers.Map(upstream: Publishers.Zip(left, right)) { $0 + $1 }
        .sink {
          sum.value &+= $0
          sum.count &+= 1
        }
      meter.start()
      for value in 0..<(n / 2) {
        left.send(value)
        right.send(value)
      }
      meter.stop()
      cancellable.cancel()
      return sum.value &+ sum.count
    },
  ])

// W17: one subject whose subscriber sums and, for an even value, sends that value + 1 into the
// same subject from inside its handler; the loop sends the N even values 0, 2, 4, …. Each
// re-entrant send meets the subject's gate owned by its own delivery: it waits in the gate's
// queue and is delivered once the handler returns (the path a sender on another thread takes
// when it meets a busy gate, on one thread, so its instructions can be counted).
let w17 = Workload(
  id: "W17", title: "re-entrant send into the delivering subject", unit: "outer send",
  count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      let subscription = subject.subscribe(next: { [unowned subject] value in
        sum.value &+= value
        if value & 1 == 0 { subject.sendNext(value &+ 1) }
      })
      meter.start()
      for value in 0..<n { subject.sendNext(2 &* value) }
      meter.stop()
      subscription.dispose()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { [unowned subject] value in
        sum.value &+= value
        if value & 1 == 0 { subject.send(value &+ 1) }
      }
      meter.start()
      for value in 0..<n { subject.send(2 &* value) }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
  ])

// W18: a subject → scan(+) → filter(even) (the filter joins the stateful stage); the subscriber
// sums and counts; N sends.
let w18 = Workload(
  id: "W18", title: "subject → scan → filter", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      let subscription = subject.scan(0) { $0 &+ $1 }.filter { $0 & 1 == 0 }
        .subscribe(next: {
          sum.value &+= $0
          sum.count &+= 1
        })
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      subscription.dispose()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = Publishers.Filter(
        upstream: Publishers.Scan(
          upstream: subject, initialResult: 0, nextPartialResult: { $0 &+ $1 }),
        isIncluded: { $0 & 1 == 0 }
      ).sink {
        sum.value &+= $0
        sum.count &+= 1
      }
      meter.start()
      for value in 0..<n { subject.send(value) }
      meter.stop()
      cancellable.cancel()
      return sum.value &+ sum.count
    },
  ])

// W19: a subject bound (`bind`, RAC's primitive, whose stage keeps the block each subscription
// makes) to a single-value inner signal per value; the subscriber sums; N sends. OpenCombine has
// no `bind`: RACSwift only.
let w19 = Workload(
  id: "W19", title: "bind of a subject into single-value inners", unit: "send",
  count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = Subject<Int, Never>()
      let subscription = subject.bind { { value, _ in Signal.just(value) } }
        .subscribe(next: { sum.value &+= $0 })
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      meter.stop()
      subscription.dispose()
      return sum.value
    }
  ])

// W20: W16's zip met re-entrantly. Each round sends 2i into `left` and 2i into `right`, whose
// pair's handler sends 2i + 1 into `left` — which reaches the zip while its own delivery runs, so
// the value waits for it — and then 2i + 1 into `right`. The subscriber sums and counts.
let w20 = Workload(
  id: "W20", title: "zip of two subjects, one value sent from the zip's own delivery",
  unit: "round", count: 300_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let left = Subject<Int, Never>()
      let right = Subject<Int, Never>()
      let subscription = left.zip(with: right)
        .subscribe(next: { [unowned left] pair in
          sum.value &+= pair.0 &+ pair.1
          sum.count &+= 1
          if pair.0 & 1 == 0 { left.sendNext(pair.0 &+ 1) }
        })
      meter.start()
      for round in 0..<n {
        left.sendNext(2 &* round)
        right.sendNext(2 &* round)
        right.sendNext(2 &* round &+ 1)
      }
      meter.stop()
      subscription.dispose()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let left = PassthroughSubject<Int, Never>()
      let right = PassthroughSubject<Int, Never>()
      let cancellable = Publishers.Zip(left, right)
        .sink { [unowned left] pair in
          sum.value &+= pair.0 &+ pair.1
          sum.count &+= 1
          if pair.0 & 1 == 0 { left.send(pair.0 &+ 1) }
        }
      meter.start()
      for round in 0..<n {
        left.send(2 &* round)
        right.send(2 &* round)
        right.send(2 &* round &+ 1)
      }
      meter.stop()
      cancellable.cancel()
      return sum.value &+ sum.count
    },
  ])
