import Dispatch
import OpenCombine
import RACSwift
import Synchronization

// W4: a "from sequence" source of 0..<N, each value flat-mapped (merge) into a single-value inner
// signal; the subscriber sums.
let w4 = Workload(
  id: "W4", title: "flatMap into single-value inners", unit: "outer event", count: 100_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      meter.start()
      Signal<Int, Never>.from(0..<n).flattenMap { Signal.just($0) }
        .subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      meter.start()
      let cancellable = Publishers.FlatMap(
        upstream: Publishers.Sequence<Range<Int>, Never>(sequence: 0..<n),
        maxPublishers: .unlimited, transform: { Just($0) }
      ).sink { sum.value &+= $0 }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let sink: (Int) -> Void = opaque { sum.value &+= $0 }
      // The transform gives each value's inner source; a single-value source is its value.
      let transform: (Int) -> Int = opaque { $0 }
      // Runs an inner source: sends its value, then completes.
      let subscribeInner: (Int, (Int) -> Void, () -> Void) -> Void = opaque {
        value, next, completed in
        next(value)
        completed()
      }
      var active = 0  // inner sources running: the outer completion waits for them
      meter.start()
      for value in 0..<n {
        active &+= 1
        subscribeInner(transform(value), sink) { active &-= 1 }
      }
      meter.stop()
      precondition(active == 0, "W4: an inner source did not complete")
      return sum.value
    },
  ])

// W5: two subjects → combineLatest → map(a + b); the subscriber sums and counts; send alternately
// into each, N/2 each. (OpenCombine has no combineLatest: compared with the closure loop only.)
let w5 = Workload(
  id: "W5", title: "combineLatest of two subjects", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let left = Subject<Int, Never>()
      let right = Subject<Int, Never>()
      let subscription = left.combineLatest(with: right).map { $0 + $1 }
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
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      // In a class, not in captured `var`s: those are boxes with dynamic exclusivity checks,
      // a runtime call on every access (callgrind: 272 instead of 48 instructions a send).
      let latest = LatestPair()
      let emit: (Int) -> Void = opaque {
        sum.value &+= $0
        sum.count &+= 1
      }
      let add: (Int, Int) -> Int = opaque { $0 + $1 }
      let sendLeft: (Int) -> Void = opaque { value in
        latest.left = value
        if let right = latest.right { emit(add(value, right)) }
      }
      let sendRight: (Int) -> Void = opaque { value in
        latest.right = value
        if let left = latest.left { emit(add(left, value)) }
      }
      meter.start()
      for value in 0..<(n / 2) {
        sendLeft(value)
        sendRight(value)
      }
      meter.stop()
      return sum.value &+ sum.count
    },
  ])

/// The latest value of each input of W5's closure loop.
final class LatestPair {
  @exclusivity(unchecked) var left: Int?
  @exclusivity(unchecked) var right: Int?
}

// W6: range 1...N → scan(+) → take(N − 1); the subscriber keeps the last value and a count.
let w6 = Workload(
  id: "W6", title: "range → scan → take", unit: "source element", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let last = Counter()
      meter.start()
      Signal<Int, Never>.from(1...n).scan(0) { $0 &+ $1 }.take(n - 1).subscribe(next: {
        last.value = $0
        last.count &+= 1
      })
      meter.stop()
      return last.value &+ last.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let last = Counter()
      meter.start()
      let cancellable = Publishers.Output(
        upstream: Publishers.Scan(
          upstream: Publishers.Sequence<ClosedRange<Int>, Never>(sequence: 1...n),
          initialResult: 0, nextPartialResult: { $0 &+ $1 }),
        range: 0..<(n - 1)
      ).sink {
        last.value = $0
        last.count &+= 1
      }
      meter.stop()
      cancellable.cancel()
      return last.value &+ last.count
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let last = Counter()
      let combine: (Int, Int) -> Int = opaque { $0 &+ $1 }
      let sink: (Int) -> Void = opaque {
        last.value = $0
        last.count &+= 1
      }
      meter.start()
      var accumulator = 0
      var remaining = n - 1
      for value in 1...n {
        guard remaining > 0 else { break }
        accumulator = combine(accumulator, value)
        sink(accumulator)
        remaining -= 1
      }
      meter.stop()
      return last.value &+ last.count
    },
  ])

// W7: one subject, one counting subscriber without locks; two threads send N/2 each at the same
// time; the count must end exactly at N.
let w7 = Workload(
  id: "W7", title: "two threads sending into one subject", unit: "send", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift, run: w7RACSwift),
    Implementation(name: Library.openCombine, run: w7OpenCombine),
    Implementation(name: Library.closureLoop, run: w7ClosureLoop),
  ])

@Sendable func w7RACSwift(_ n: Int, _ meter: Meter) -> Int {
  let counter = Counter()
  let subject = Subject<Int, Never>()
  let subscription = subject.subscribe(next: { _ in counter.value &+= 1 })
  meter.start()
  DispatchQueue.concurrentPerform(iterations: 2) { _ in
    for value in 0..<(n / 2) { subject.sendNext(value) }
  }
  meter.stop()
  subscription.dispose()
  precondition(counter.value == n / 2 * 2, "W7: RACSwift lost events")
  return counter.value
}

@Sendable func w7OpenCombine(_ n: Int, _ meter: Meter) -> Int {
  let counter = Counter()
  // OpenCombine's subjects are not `Sendable`: sharing one across threads needs a promise.
  let subject = UncheckedSendable(PassthroughSubject<Int, Never>())
  let cancellable = subject.value.sink { _ in counter.value &+= 1 }
  meter.start()
  DispatchQueue.concurrentPerform(iterations: 2) { _ in
    for value in 0..<(n / 2) { subject.value.send(value) }
  }
  meter.stop()
  cancellable.cancel()
  precondition(counter.value == n / 2 * 2, "W7: OpenCombine lost events")
  return counter.value
}

@Sendable func w7ClosureLoop(_ n: Int, _ meter: Meter) -> Int {
  let counter = LockedCounter()
  let sink = counting(counter)
  meter.start()
  DispatchQueue.concurrentPerform(iterations: 2) { _ in
    for value in 0..<(n / 2) { sink(value) }
  }
  meter.stop()
  return counter.value
}

/// A counter behind a `Mutex`: the closure loop's way to count from two threads.
final class LockedCounter: Sendable {
  private let storage = Mutex(0)
  var value: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 &+= 1 } }
}

/// The closure loop's sink for W7, made where the optimizer cannot see it.
@inline(never)
func counting(_ counter: LockedCounter) -> @Sendable (Int) -> Void {
  { _ in counter.increment() }
}

/// A value shared across threads on the caller's promise.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
