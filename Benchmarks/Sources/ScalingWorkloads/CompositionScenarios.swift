import OpenCombine
import RACSwift
import Workloads

// S5: combineLatest of N subjects; one send into each (the last makes the one combined value).
// OpenCombine has no combineLatest of a collection.
let s5 = ScalingScenario(
  id: "S5", title: "combineLatest of N subjects, one send into each", unit: "send",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subjects = (0..<n).map { _ in RACSwift.Subject<Int, Never>() }
      meter.start()
      let subscription = Signal.combineLatest(subjects.map { $0 as Signal<Int, Never> })
        .subscribe(next: { values in
          sum.count += 1
          for value in values { sum.value &+= value }
        })
      for (index, subject) in subjects.enumerated() { subject.sendNext(index) }
      meter.stop()
      subscription.dispose()
      return sum.value &+ sum.count
    }
  ])

// S6: N values sent into a replaying subject, then replayed to a late subscriber. OpenCombine
// has no replaying subject.
let s6 = ScalingScenario(
  id: "S6", title: "N values replayed to a late subscriber", unit: "value",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = ReplaySubject<Int, Never>()
      meter.start()
      for value in 0..<n { subject.sendNext(value) }
      let subscription = subject.subscribe(next: { sum.value &+= $0 })
      meter.stop()
      subscription.dispose()
      return sum.value
    }
  ])

// S7: a chain of N `map`s, built in a loop, subscribed once. OpenCombine subscribes and
// delivers through the chain recursively: 1,000 deep overflows the main thread's 8 MiB stack
// (500 does not).
let s7Map = ScalingScenario(
  id: "S7map", title: "chain of N maps built in a loop", unit: "level",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let result = Counter()
      meter.start()
      var chain = Signal<Int, Never>.just(0)
      for _ in 0..<n { chain = chain.map { $0 &+ 1 } }
      chain.subscribe(next: { result.value = $0 })
      meter.stop()
      return result.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let result = Counter()
      meter.start()
      var chain = Just(0).eraseToAnyPublisher()
      for _ in 0..<n { chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher() }
      let subscription = chain.sink { result.value = $0 }
      meter.stop()
      subscription.cancel()
      return result.value
    },
  ],
  largestN: [Library.openCombine: 500])

// S7: a chain of N `flattenMap { just }`s, built in a loop, subscribed once. OpenCombine
// overflows the stack 10,000 deep.
let s7FlattenMap = ScalingScenario(
  id: "S7flattenMap", title: "chain of N flattenMap { just } built in a loop", unit: "level",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let result = Counter()
      meter.start()
      var chain = Signal<Int, Never>.just(0)
      for _ in 0..<n { chain = chain.flattenMap { Signal.just($0 &+ 1) } }
      chain.subscribe(next: { result.value = $0 })
      meter.stop()
      return result.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let result = Counter()
      meter.start()
      var chain = Just(0).eraseToAnyPublisher()
      for _ in 0..<n {
        chain = Publishers.FlatMap(
          upstream: chain, maxPublishers: .unlimited, transform: { Just($0 &+ 1) }
        ).eraseToAnyPublisher()
      }
      let subscription = chain.sink { result.value = $0 }
      meter.stop()
      subscription.cancel()
      return result.value
    },
  ],
  largestN: [Library.openCombine: 1_000])

// S8: concat of N single-value signals (array form). OpenCombine: a sequence of Justs
// flat-mapped one at a time (`maxPublishers: .max(1)`), its concatenation of many.
let s8Concat = ScalingScenario(
  id: "S8concat", title: "concat of N single-value signals", unit: "element",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let signals = (0..<n).map { Signal<Int, Never>.just($0) }
      meter.start()
      Signal.concat(signals).subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let publishers = (0..<n).map { Just($0) }
      meter.start()
      let subscription = Publishers.FlatMap(
        upstream: Publishers.Sequence<[Just<Int>], Never>(sequence: publishers),
        maxPublishers: .max(1), transform: { $0 }
      ).sink { sum.value &+= $0 }
      meter.stop()
      subscription.cancel()
      return sum.value
    },
  ])

// S8: merge of N single-value signals (array form). OpenCombine 0.14 has no `MergeMany`: a
// sequence of Justs flat-mapped without a limit.
let s8Merge = ScalingScenario(
  id: "S8merge", title: "merge of N single-value signals", unit: "element",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let signals = (0..<n).map { Signal<Int, Never>.just($0) }
      meter.start()
      Signal.merge(signals).subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let publishers = (0..<n).map { Just($0) }
      meter.start()
      let subscription = Publishers.FlatMap(
        upstream: Publishers.Sequence<[Just<Int>], Never>(sequence: publishers),
        maxPublishers: .unlimited, transform: { $0 }
      ).sink { sum.value &+= $0 }
      meter.stop()
      subscription.cancel()
      return sum.value
    },
  ])

// S9: a subject bound (`bind`, whose stage keeps each subscription's block as its state) to a
// single-value inner signal per value, N sends. OpenCombine has no `bind`: its counterpart is the
// same job as a `FlatMap` into `Just`.
let s9Bind = ScalingScenario(
  id: "S9bind", title: "N sends into a subject bound to single-value inner signals",
  unit: "send",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let subject = RACSwift.Subject<Int, Never>()
      let subscription = subject.bind { { value, _ in Signal.just(value) } }
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
      let subscription = Publishers.FlatMap(
        upstream: subject, maxPublishers: .unlimited, transform: { Just($0) }
      ).sink { sum.value &+= $0 }
      meter.start()
      for value in 0..<n { subject.send(value) }
      meter.stop()
      subscription.cancel()
      return sum.value
    },
  ])
