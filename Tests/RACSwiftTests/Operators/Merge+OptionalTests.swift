import RACSwift
import RACSwiftTesting
import Testing

/// `merge` of a signal of `T` with one of `T?`, either way round, as RAC merged any values.
@Suite("merge of T with T?", .checksLiveSubscriptions)
struct MergeOptionalTests {
  @Test("optionals merged with plain values, either way round, send optionals in arrival order")
  func eitherWayRound() {
    let cached = Subject<[Int]?, Never>()
    let fresh = Subject<[Int], Never>()
    let first = Recorder<[Int]?, Never>()
    first.subscribe(to: cached.merge(fresh))
    let second = Recorder<[Int]?, Never>()
    second.subscribe(to: fresh.merge(cached))
    cached.sendNext(nil)
    fresh.sendNext([1])
    cached.sendNext([2])
    cached.sendCompleted()
    fresh.sendCompleted()
    let expected: [Event<[Int]?, Never>] = [.next(nil), .next([1]), .next([2]), .completed]
    #expect(first.events == expected)
    #expect(second.events == expected)
  }

  @Test("the first error ends both, as merge(_:) does")
  func errors() {
    let optionals = Subject<Int?, TestError>()
    let values = Subject<Int, TestError>()
    let recorder = Recorder<Int?, TestError>()
    recorder.subscribe(to: values.merge(optionals))
    values.sendNext(1)
    optionals.sendError(TestError())
    values.sendNext(2)
    #expect(recorder.events == [.next(1), .error(TestError())])
  }

  @Test("the name reads as the call was written")
  func name() {
    let cached = Subject<Int?, Never>().setName("cached")
    let fresh = Subject<Int, Never>().setName("fresh")
    #expect(cached.merge(fresh).name == "[cached] -merge: fresh")
    #expect(fresh.merge(cached).name == "[fresh] -merge: cached")
  }

  @Test("signals of one type still take merge(_:): optionals stay as they are")
  func sameTypes() {
    let left = Subject<Int?, Never>()
    let right = Subject<Int?, Never>()
    let merged = left.merge(right)
    let typed: Signal<Int?, Never> = merged
    let recorder = Recorder<Int?, Never>()
    recorder.subscribe(to: typed)
    left.sendNext(nil)
    right.sendNext(1)
    #expect(recorder.values == [nil, 1])
    left.sendCompleted()
    right.sendCompleted()
  }
}
