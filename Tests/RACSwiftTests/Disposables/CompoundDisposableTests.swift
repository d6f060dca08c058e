import RACSwift
import RACSwiftTesting
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
