import RACSwift
import RACSwiftTesting
import Synchronization
import Testing

@Suite("CompoundDisposable (A3, B.5)", .checksLiveSubscriptions)
struct CompoundDisposableTests {

  @Test("CompoundDisposable disposes its members in order; adding after dispose disposes at once")
  func compound() {
    let log = Recorder<Int, Never>()
    let compound = CompoundDisposable([AnyDisposable { log.record(.next(1)) }])
    compound.add(AnyDisposable { log.record(.next(2)) })
    compound.add { log.record(.next(3)) }
    #expect(compound.count == 3)
    compound.dispose()
    #expect(log.values == [1, 2, 3])
    let late = AnyDisposable()
    compound.add(late)
    #expect(late.isDisposed)
    #expect(compound.count == 0)
    compound.dispose()
    #expect(log.values == [1, 2, 3])
  }

  @Test("CompoundDisposable.remove takes a member out without disposing it")
  func compoundRemove() {
    let compound = CompoundDisposable()
    let member = AnyDisposable()
    compound.add(member)
    compound.remove(member)
    #expect(compound.count == 0)
    compound.dispose()
    #expect(!member.isDisposed)
  }

  @Test("B.5: a CompoundDisposable released without dispose() leaves its members running")
  func releasedCompoundKeepsMembers() {
    let subject = Subject<Int, Never>()
    let received = Recorder<Int, Never>()
    var compound: CompoundDisposable? = CompoundDisposable()
    let subscription = received.subscribe(to: subject)
    compound?.add(subscription)
    compound = nil
    subject.sendNext(1)
    #expect(received.values == [1])
    #expect(!subscription.isDisposed)
    subscription.dispose()
    _ = compound
  }
}

/// Issue 35: structures that hold many members lose any of them in O(1) amortized. Each test
/// removes 100,000 members in a seeded random order, which a linear removal turns into billions
/// of steps: the time limit catches a return to it, and the test checks that exactly the right
/// members are left.
@Suite(
  "CompoundDisposable: removal at scale (issue 35)", .checksLiveSubscriptions,
  .timeLimit(.minutes(1)))
struct CompoundDisposableScaleTests {
  @Test("S4: a compound of 100,000 loses half of them in random order and keeps the rest in order")
  func compoundRemovesInRandomOrder() {
    let count = 100_000
    let compound = CompoundDisposable()
    let disposed = DisposalLog(count: count)
    let members = (0..<count).map { index in AnyDisposable { disposed.record(index) } }
    for member in members { compound.add(member) }
    var generator = SeededGenerator(state: 35)
    let removed = Array((0..<count).shuffled(using: &generator).prefix(count / 2))
    for index in removed { compound.remove(members[index]) }
    #expect(compound.count == count - removed.count)
    // Removing what is not there (again) changes nothing.
    for index in removed.prefix(100) { compound.remove(members[index]) }
    #expect(compound.count == count - removed.count)
    compound.dispose()
    let removedSet = Set(removed)
    let kept = (0..<count).filter { !removedSet.contains($0) }
    #expect(disposed.order == kept)
    #expect(removed.allSatisfy { !members[$0].isDisposed })
  }

  @Test("S4: a compound emptied in random order, then filled again, disposes only the new ones")
  func compoundEmptiedAndRefilled() {
    let compound = CompoundDisposable()
    var generator = SeededGenerator(state: 7)
    let first = (0..<20_000).map { _ in AnyDisposable() }
    for member in first { compound.add(member) }
    for member in first.shuffled(using: &generator) { compound.remove(member) }
    #expect(compound.count == 0)
    let second = (0..<1_000).map { _ in AnyDisposable() }
    for member in second { compound.add(member) }
    #expect(compound.count == 1_000)
    compound.dispose()
    #expect(first.allSatisfy { !$0.isDisposed })
    #expect(second.allSatisfy { $0.isDisposed })
  }

  @Test("One disposable added twice to a big compound is removed once per remove")
  func compoundDuplicates() {
    let compound = CompoundDisposable()
    let twice = AnyDisposable()
    let others = (0..<100).map { _ in AnyDisposable() }
    compound.add(twice)
    for member in others { compound.add(member) }
    compound.add(twice)
    // Removing from a list this big indexes it.
    compound.remove(others[50])
    #expect(compound.count == 101)
    compound.remove(twice)
    #expect(compound.count == 100)
    compound.remove(twice)
    #expect(compound.count == 99)
    compound.remove(twice)
    #expect(compound.count == 99)
    compound.dispose()
    #expect(!twice.isDisposed)
  }

  @Test("A member removed from a big compound, added again and removed again, leaves once")
  func compoundReaddsRemovedMembers() {
    let compound = CompoundDisposable()
    let members = (0..<1_000).map { _ in AnyDisposable() }
    for member in members { compound.add(member) }
    var generator = SeededGenerator(state: 11)
    // Each round takes out a random member from the middle, adds it back at the end, takes it out
    // again and once more (a no-op), so the compound keeps the others.
    for _ in 0..<2_000 {
      let member = members[Int.random(in: 0..<(members.count - 1), using: &generator)]
      compound.remove(member)
      compound.add(member)
      compound.remove(member)
      compound.remove(member)
      compound.add(member)
    }
    #expect(compound.count == members.count)
    for member in members { compound.remove(member) }
    #expect(compound.count == 0)
    compound.dispose()
    #expect(members.allSatisfy { !$0.isDisposed })
  }

}

/// The order in which a compound's members were disposed.
private final class DisposalLog: Sendable {
  private let indices: Mutex<[Int]>

  init(count: Int) {
    var indices: [Int] = []
    indices.reserveCapacity(count)
    self.indices = Mutex(indices)
  }

  func record(_ index: Int) { indices.withLock { $0.append(index) } }

  var order: [Int] { indices.withLock { $0 } }
}
