import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

/// Blocking accessors called on the main actor with main-actor stages in the chain (CONTRACT.md#isolation),
/// and `Signal { }` written on the main actor.
@Suite(
  "Blocking accessors and created signals on the main actor", .checksLiveSubscriptions,
  .timeLimit(.minutes(1)))
struct BlockingTests {
  @MainActor
  @Test("first() on the main actor returns a value sent from a background thread (issue 18)")
  func firstOfBackgroundSignal() {
    let value = Signal<Int, Never> { s in
      DispatchQueue.global().async {
        s.sendNext(1)
        s.sendCompleted()
      }
      return nil
    }.doNext { _ in }.first()
    #expect(value == 1)
  }

  /// Values 1...5 sent from a background thread, written on the main actor.
  @MainActor
  static func backgroundCounter() -> Signal<Int, Never> {
    Signal { subscriber in
      MainActor.assertIsolated("the subscription starts on the main actor")
      DispatchQueue.global().async {
        for value in 1...5 { subscriber.sendNext(value) }
        subscriber.sendCompleted()
      }
      return nil
    }
  }

  @MainActor
  @Test(
    "toArray(), last(), firstOrDefault(_:), waitUntilCompleted() return through main-actor stages")
  func otherBlockingAccessors() {
    var offset = 10
    let shifted = Self.backgroundCounter()
      .map { value in
        MainActor.assertIsolated()
        return value + offset
      }
      .filter { value in
        MainActor.assertIsolated()
        return value != offset + 3
      }
    #expect(shifted.toArray() == [11, 12, 14, 15])
    offset = 20
    #expect(shifted.last() == 25)
    #expect(shifted.filter { _ in false }.firstOrDefault(-1) == -1)
    var seen: [Int] = []
    shifted.doNext { seen.append($0) }.waitUntilCompleted()
    #expect(seen == [21, 22, 24, 25])
  }

  @MainActor
  @Test("first() of a view model's lookup answered from a background thread")
  func firstOfViewModelLookup() throws {
    let model = SearchViewModel { term in
      Signal { subscriber in
        DispatchQueue.global().async {
          subscriber.sendNext("\(term)-a,\(term)-b")
          subscriber.sendCompleted()
        }
        return nil
      }
    }
    #expect(try model.lookUp("rac").first() == ["rac-a", "rac-b"])
    #expect(model.cache["rac"] == ["rac-a", "rac-b"])
    #expect(model.stagesRun == ["defer", "tryMap"])
  }

  @MainActor
  @Test("a signal created on the main actor and subscribed from a background thread starts there")
  func createdSignalStartsOnTheMainActor() async {
    var starts = 0
    let signal = Signal<Int, Never> { subscriber in
      MainActor.assertIsolated()
      starts += 1
      subscriber.sendNext(starts)
      subscriber.sendCompleted()
      return nil
    }
    let value = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
      DispatchQueue.global().async {
        signal.subscribe(next: { done.resume(returning: $0) })
      }
    }
    #expect(value == 1)
    #expect(starts == 1)
  }
}
