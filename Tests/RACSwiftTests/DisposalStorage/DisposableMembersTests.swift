import Foundation
import RACSwiftTesting
import Synchronization
import Testing

@testable import RACSwift

/// `DisposableMembers` (issue 35, S4): a large compound holds the library's own disposables
/// through their `ListMembership` (removal without hashing) and indexes the others; these tests
/// mix both kinds, share members between compounds, add members more than once and force sweeps
/// and growth, checking the contents against a plain model after every step.
@Suite(
  "Disposable members: held and indexed", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct DisposableMembersTests {
  @Test("A large compound holds its own kinds of disposable and lets go of each one it removes")
  func holdsAndReleases() throws {
    let compound = CompoundDisposable()
    let members = (0..<100).map { _ in AnyDisposable() }
    for member in members { compound.add(member) }
    // The first removal from this many makes the index; the first member stays inline.
    compound.remove(members[50])
    let buffer = try #require(compound.storage.children.rest)
    #expect(members[1].isHeld(by: buffer.mark))
    #expect(members[99].isHeld(by: buffer.mark))
    #expect(members[0].isHeld(by: 0))
    #expect(members[50].isHeld(by: 0))
    compound.remove(members[7])
    #expect(members[7].isHeld(by: 0))
    #expect(compound.count == 98)
    compound.dispose()
    #expect(members[99].isHeld(by: 0))
    #expect(!members[7].isDisposed)
    #expect(members[8].isDisposed)
  }

  @Test("A member of two large compounds at once is held by one, indexed by the other")
  func memberOfTwoLists() throws {
    let first = CompoundDisposable()
    let second = CompoundDisposable()
    let fillers = (0..<200).map { _ in AnyDisposable() }
    let shared = (0..<50).map { _ in AnyDisposable() }
    for member in fillers[..<100] { first.add(member) }
    for member in fillers[100...] { second.add(member) }
    first.remove(fillers[10])
    second.remove(fillers[110])
    for member in shared {
      first.add(member)
      second.add(member)
    }
    let firstBuffer = try #require(first.storage.children.rest)
    #expect(shared.allSatisfy { $0.isHeld(by: firstBuffer.mark) })
    #expect(first.count == 149)
    #expect(second.count == 149)
    // Out of the compound that indexes them, then out of the one that holds them.
    for member in shared.reversed() { second.remove(member) }
    #expect(second.count == 99)
    #expect(shared.allSatisfy { $0.isHeld(by: firstBuffer.mark) })
    for member in shared.reversed() { second.remove(member) }
    #expect(second.count == 99)
    second.add(shared[0])
    first.remove(shared[0])
    #expect(first.count == 148)
    #expect(second.count == 100)
    // Once the first let go, removing from the second (which indexed it) still finds it.
    second.remove(shared[0])
    #expect(second.count == 99)
    second.dispose()
    #expect(shared.allSatisfy { !$0.isDisposed })
    first.dispose()
    #expect(shared.dropFirst().allSatisfy { $0.isDisposed })
    #expect(!shared[0].isDisposed)
  }

  @Test("A member removed from one large compound and added to another is held by the second")
  func movesBetweenLists() throws {
    let first = CompoundDisposable()
    let second = CompoundDisposable()
    let members = (0..<100).map { _ in AnyDisposable() }
    for member in members { first.add(member) }
    for _ in 0..<40 { second.add(AnyDisposable()) }
    first.remove(members[0])
    second.remove(AnyDisposable())  // absent: makes the second's index
    for member in members[1...] {
      first.remove(member)
      second.add(member)
    }
    let secondBuffer = try #require(second.storage.children.rest)
    #expect(first.count == 0)
    #expect(second.count == 139)
    #expect(members[1...].allSatisfy { $0.isHeld(by: secondBuffer.mark) })
    var generator = SeededGenerator(state: 26)
    for member in members[1...].shuffled(using: &generator) { second.remove(member) }
    #expect(second.count == 40)
    #expect(members.allSatisfy { $0.isHeld(by: 0) })
  }

  @Test("Foreign disposables in a large compound are indexed beside the held ones")
  func foreignMembers() {
    let compound = CompoundDisposable()
    let log = MemberLog()
    var members: [any Disposable] = []
    for index in 0..<3_000 {
      members.append(
        index.isMultiple(of: 3)
          ? ForeignMember { log.record(index) } : AnyDisposable { log.record(index) })
    }
    for member in members { compound.add(member) }
    var generator = SeededGenerator(state: 3)
    let removed = Array((0..<members.count).shuffled(using: &generator).prefix(2_000))
    for index in removed { compound.remove(members[index]) }
    #expect(compound.count == 1_000)
    compound.dispose()
    let removedSet = Set(removed)
    #expect(log.order == (0..<members.count).filter { !removedSet.contains($0) })
  }

  @Test("A compound released without dispose() lets go of what it held")
  func releasedCompoundLetsGo() {
    let members = (0..<100).map { _ in AnyDisposable() }
    do {
      let compound = CompoundDisposable()
      for member in members { compound.add(member) }
      compound.remove(members[3])
      #expect(!members[4].isHeld(by: 0))
    }
    #expect(members.allSatisfy { $0.isHeld(by: 0) })
    #expect(members.allSatisfy { !$0.isDisposed })
  }

  @Test("Sweeps and growth move held members; a random mix of operations matches a model")
  func randomOperationsMatchModel() {
    var generator = SeededGenerator(state: 2026)
    let log = MemberLog()
    let pool: [any Disposable] = (0..<600).map { index in
      switch index % 4 {
      case 0: return AnyDisposable { log.record(index) }
      case 1: return ForeignMember { log.record(index) }
      case 2: return SerialDisposable(AnyDisposable { log.record(index) })
      default: return CompoundDisposable([AnyDisposable { log.record(index) }])
      }
    }
    let compounds = [CompoundDisposable(), CompoundDisposable()]
    var models = [ListModel(), ListModel()]
    // Phases that fill up (past the index threshold, through several growths) and drain (through
    // sweeps, down to empty and back to the unindexed list).
    for phase in 0..<12 {
      let fills = phase.isMultiple(of: 2)
      for _ in 0..<1_500 {
        let which = Int.random(in: 0..<2, using: &generator)
        let member = Int.random(in: 0..<pool.count, using: &generator)
        if Int.random(in: 0..<10, using: &generator) < (fills ? 7 : 2) {
          compounds[which].add(pool[member])
          models[which].append(member)
        } else if let present = models[which].randomMember(using: &generator),
          Int.random(in: 0..<8, using: &generator) != 0
        {
          compounds[which].remove(pool[present])
          models[which].remove(present)
        } else {
          compounds[which].remove(pool[member])
          models[which].remove(member)
        }
        #expect(compounds[which].count == models[which].count)
      }
    }
    // The second's contents, checked by taking each member out; the first's, by disposal order.
    for member in models[1].order.shuffled(using: &generator) {
      compounds[1].remove(pool[member])
      models[1].remove(member)
      #expect(compounds[1].count == models[1].count)
    }
    #expect(compounds[1].count == 0)
    var seen = Set<Int>()
    let expected = models[0].order.filter { seen.insert($0).inserted }
    compounds[0].dispose()
    #expect(log.order == expected)
  }

  @Test("100,000 random removals from a compound of 120,000 leave the right ones, in order")
  func hundredThousandRemovals() {
    let count = 120_000
    let log = MemberLog()
    let members: [any Disposable] = (0..<count).map { index in
      index.isMultiple(of: 10)
        ? ForeignMember { log.record(index) } as any Disposable
        : AnyDisposable { log.record(index) }
    }
    let compound = CompoundDisposable()
    for member in members { compound.add(member) }
    var generator = SeededGenerator(state: 100_000)
    let removed = Array((0..<count).shuffled(using: &generator).prefix(100_000))
    for index in removed { compound.remove(members[index]) }
    #expect(compound.count == count - removed.count)
    compound.dispose()
    let removedSet = Set(removed)
    #expect(log.order == (0..<count).filter { !removedSet.contains($0) })
  }

  @Test("Two threads add and remove members they share, each in its own large compound")
  func sharedMembersAcrossThreads() {
    let members = (0..<400).map { _ in AnyDisposable() }
    let compounds = [CompoundDisposable(), CompoundDisposable()]
    DispatchQueue.concurrentPerform(iterations: 2) { which in
      let compound = compounds[which]
      var generator = SeededGenerator(state: UInt64(which + 1))
      for round in 0..<20 {
        for member in members.shuffled(using: &generator) { compound.add(member) }
        for member in members.shuffled(using: &generator) { compound.remove(member) }
        if round.isMultiple(of: 2) {
          for member in members[..<100] { compound.add(member) }
        } else {
          for member in members[..<100] { compound.remove(member) }
        }
      }
    }
    #expect(compounds[0].count == 0)
    #expect(compounds[1].count == 0)
    #expect(members.allSatisfy { $0.isHeld(by: 0) })
  }
}

/// What a compound should hold: the semantics of its list (the first member inline; `remove`
/// takes the inline one if it matches, else the newest place).
private struct ListModel {
  var first: Int?
  var rest: [Int] = []

  var count: Int { (first == nil ? 0 : 1) + rest.count }
  var order: [Int] { (first.map { [$0] } ?? []) + rest }

  mutating func append(_ member: Int) {
    if first == nil && rest.isEmpty {
      first = member
    } else {
      rest.append(member)
    }
  }

  mutating func remove(_ member: Int) {
    if first == member {
      first = nil
    } else if let place = rest.lastIndex(of: member) {
      rest.remove(at: place)
    }
  }

  func randomMember(using generator: inout SeededGenerator) -> Int? {
    order.isEmpty ? nil : order[Int.random(in: 0..<order.count, using: &generator)]
  }
}

/// A disposable of a class the library does not know: always indexed.
private final class ForeignMember: Disposable, Sendable {
  private let action: @Sendable () -> Void
  private let disposed = Atomic<Bool>(false)

  init(_ action: @escaping @Sendable () -> Void) { self.action = action }

  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  func dispose() {
    if !disposed.exchange(true, ordering: .acquiringAndReleasing) { action() }
  }
}

/// The order in which members were first disposed.
private final class MemberLog: Sendable {
  private let indices = Mutex<[Int]>([])

  func record(_ index: Int) { indices.withLock { $0.append(index) } }

  var order: [Int] { indices.withLock { $0 } }
}

extension AnyDisposable {
  /// Whether the buffer marked `mark` holds it (0: none does).
  fileprivate func isHeld(by mark: UInt) -> Bool { listMembership.isHeld(by: mark) }
}
