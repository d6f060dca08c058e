import OpenCombine
import RACSwift
import Workloads

// S1: N subscribers of one subject, subscribed, then disposed in random order.
let s1 = ScalingScenario(
  id: "S1", title: "N subscribers of one subject, disposed in random order", unit: "subscriber",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let received = Counter()
      let subject = RACSwift.Subject<Int, Never>()
      let order = shuffledOrder(n)
      var subscriptions: [any Disposable] = []
      subscriptions.reserveCapacity(n)
      meter.start()
      for _ in 0..<n { subscriptions.append(subject.subscribe(next: { received.value &+= $0 })) }
      subject.sendNext(1)
      for index in order { subscriptions[index].dispose() }
      subject.sendNext(1)
      meter.stop()
      return received.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let received = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let order = shuffledOrder(n)
      var subscriptions: [AnyCancellable] = []
      subscriptions.reserveCapacity(n)
      meter.start()
      for _ in 0..<n { subscriptions.append(subject.sink { received.value &+= $0 }) }
      subject.send(1)
      for index in order { subscriptions[index].cancel() }
      subject.send(1)
      meter.stop()
      return received.value
    },
  ])

// S2: one send reaching N subscribers (16 sends; the unit is one delivery).
let s2 = ScalingScenario(
  id: "S2", title: "16 sends, each reaching N subscribers of one subject", unit: "delivery",
  unitsPerN: 16,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let received = Counter()
      let subject = RACSwift.Subject<Int, Never>()
      let subscriptions = (0..<n).map { _ in subject.subscribe(next: { received.value &+= $0 }) }
      meter.start()
      for value in 0..<16 { subject.sendNext(value) }
      meter.stop()
      for subscription in subscriptions { subscription.dispose() }
      return received.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let received = Counter()
      let subject = PassthroughSubject<Int, Never>()
      let subscriptions = (0..<n).map { _ in subject.sink { received.value &+= $0 } }
      meter.start()
      for value in 0..<16 { subject.send(value) }
      meter.stop()
      for subscription in subscriptions { subscription.cancel() }
      return received.value
    },
  ])

// S3: a subject flat-mapped into N live inner subjects; then the inners each send a value and
// complete, in random order.
let s3 = ScalingScenario(
  id: "S3", title: "flatMap into N live inner subjects, ended in random order", unit: "inner",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      let outer = RACSwift.Subject<RACSwift.Subject<Int, Never>, Never>()
      let inners = (0..<n).map { _ in RACSwift.Subject<Int, Never>() }
      let order = shuffledOrder(n)
      meter.start()
      let subscription = outer.flattenMap { $0 }.subscribe(
        next: { sum.value &+= $0 }, completed: { sum.count += 1 })
      for inner in inners { outer.sendNext(inner) }
      outer.sendCompleted()
      for index in order {
        inners[index].sendNext(index)
        inners[index].sendCompleted()
      }
      meter.stop()
      subscription.dispose()
      return sum.value &+ sum.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
      let inners = (0..<n).map { _ in PassthroughSubject<Int, Never>() }
      let order = shuffledOrder(n)
      meter.start()
      let subscription = Publishers.FlatMap(
        upstream: outer, maxPublishers: .unlimited, transform: { $0 }
      ).sink(receiveCompletion: { _ in sum.count += 1 }, receiveValue: { sum.value &+= $0 })
      for inner in inners { outer.send(inner) }
      outer.send(completion: .finished)
      for index in order {
        inners[index].send(index)
        inners[index].send(completion: .finished)
      }
      meter.stop()
      subscription.cancel()
      return sum.value &+ sum.count
    },
  ])

// S4: a group of N disposables, each removed and disposed in random order (OpenCombine: a set of
// cancellables).
let s4 = ScalingScenario(
  id: "S4", title: "compound of N children, each removed and disposed in random order",
  unit: "child",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let disposed = Counter()
      let members = racSwiftMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      meter.start()
      let compound = CompoundDisposable()
      for member in members { compound.add(member) }
      for index in order {
        compound.remove(members[index])
        members[index].dispose()
      }
      meter.stop()
      return disposed.count &+ compound.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let disposed = Counter()
      let members = openCombineMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      meter.start()
      var set = Set<AnyCancellable>()
      for member in members { set.insert(member) }
      for index in order {
        set.remove(members[index])
        members[index].cancel()
      }
      meter.stop()
      return disposed.count &+ set.count
    },
  ])

// S4's three loops measured one at a time (the rest of the pass unmeasured), to see which of
// them keeps S4 from half OpenCombine's time: adding to the group, removing from it, and
// disposing the members (the last the same work in both libraries: a flag, the closure, its
// release).

/// S4's members in RACSwift: `n` disposables, each counting its disposal in `disposed`.
func racSwiftMembers(_ n: Int, counting disposed: Counter) -> [AnyDisposable] {
  (0..<n).map { _ in AnyDisposable { disposed.count += 1 } }
}

/// S4's members in OpenCombine: `n` cancellables, each counting its cancellation in `disposed`.
func openCombineMembers(_ n: Int, counting disposed: Counter) -> [AnyCancellable] {
  (0..<n).map { _ in AnyCancellable { disposed.count += 1 } }
}

let s4Add = ScalingScenario(
  id: "S4add", title: "S4's adds alone: N children added to a new compound", unit: "child",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let disposed = Counter()
      let members = racSwiftMembers(n, counting: disposed)
      meter.start()
      let compound = CompoundDisposable()
      for member in members { compound.add(member) }
      meter.stop()
      return compound.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let disposed = Counter()
      let members = openCombineMembers(n, counting: disposed)
      meter.start()
      var set = Set<AnyCancellable>()
      for member in members { set.insert(member) }
      meter.stop()
      return set.count
    },
  ])
let s4Remove = ScalingScenario(
  id: "S4remove", title: "S4's removals alone, in random order, nothing disposed",
  unit: "child",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let disposed = Counter()
      let members = racSwiftMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      let compound = CompoundDisposable()
      for member in members { compound.add(member) }
      meter.start()
      for index in order { compound.remove(members[index]) }
      meter.stop()
      return compound.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let disposed = Counter()
      let members = openCombineMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      var set = Set<AnyCancellable>()
      for member in members { set.insert(member) }
      meter.start()
      for index in order { set.remove(members[index]) }
      meter.stop()
      return set.count
    },
  ])
let s4Dispose = ScalingScenario(
  id: "S4dispose", title: "S4's disposals alone, in random order, no compound",
  unit: "child",
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let disposed = Counter()
      let members = racSwiftMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      meter.start()
      for index in order { members[index].dispose() }
      meter.stop()
      return disposed.count
    },
    Implementation(name: Library.openCombine) { n, meter in
      let disposed = Counter()
      let members = openCombineMembers(n, counting: disposed)
      let order = shuffledOrder(n)
      meter.start()
      for index in order { members[index].cancel() }
      meter.stop()
      return disposed.count
    },
  ])
