import RACSwiftTesting
import Testing

@testable import RACSwift

/// `count` `map`s on `signal`, built in a loop.
private func mapped(_ signal: Signal<Int, Never>, times count: Int) -> Signal<Int, Never> {
  var chain = signal
  for _ in 0..<count { chain = chain.map { $0 + 1 } }
  return chain
}

@Suite(
  "Chain depth: where a signal sits in its chain (CONTRACT.md#bounded-stack)",
  .checksLiveSubscriptions)
struct ChainDepthTests {
  @Test("a source holds nothing; each operator on it is one release level deeper")
  func releaseDepthCountsHolders() {
    let subject = Subject<Int, Never>()
    #expect(subject.depth.release == 0)
    #expect(!subject.isSynchronous)
    let chain = mapped(subject, times: 130)
    #expect(chain.depth.release == 130)
    #expect(!chain.isSynchronous)
  }

  @Test("every 64th holder of a chain is a loop point, and only those")
  func loopPointsEvery64() {
    let subject = Subject<Int, Never>()
    var chain: Signal<Int, Never> = subject
    var loopPoints: [UInt32] = []
    for _ in 0..<200 {
      chain = chain.map { $0 }
      if chain.depth.isReleaseLoopPoint { loopPoints.append(chain.depth.release) }
    }
    #expect(loopPoints == [64, 128, 192])
    #expect(ChainDepth.releaseInterval == 64)
  }

  @Test("a synchronous chain stays synchronous for 32 signals, then is built the guarded way")
  func synchronousChainStopsAtTheLimit() {
    let source = Signal<Int, Never>.just(1)
    #expect(source.depth.synchronous == 1)
    let deepest = mapped(source, times: Int(ChainDepth.synchronousLimit) - 1)
    #expect(deepest.isSynchronous)
    #expect(deepest.depth.synchronous == ChainDepth.synchronousLimit)
    #expect(!deepest.canExtendSynchronously)
    let beyond = deepest.map { $0 * 2 }
    #expect(!beyond.isSynchronous)
    #expect(beyond.depth.release == ChainDepth.synchronousLimit)
    // Both deliver alike: the depth changes how a chain runs, not what it sends.
    #expect(beyond.first() == 64)
  }

  @Test("an operator over several inputs is one deeper than its deepest input")
  func severalInputsTakeTheDeepest() {
    let shallow = mapped(Subject<Int, Never>(), times: 2)
    let deep = mapped(Subject<Int, Never>(), times: 5)
    #expect(shallow.combineLatest(with: deep).depth.release == 6)
    #expect(shallow.merge(deep).depth.release == 6)
    #expect(Signal.concat([deep, shallow, deep]).depth.release == 6)
    #expect(Signal.zip(shallow, deep, shallow).depth.release == 6)
    #expect(Signal.combineLatest([shallow, deep]).depth.release == 6)
  }

  @Test(
    "a holder at a loop point lets go of its inputs through the guard; one elsewhere, at once",
    arguments: [62, 63, 64])
  func holdersReleaseTheirInputs(mapsBelow count: Int) {
    // The operator over several inputs sits at release depth count + 1: 64 is a loop point.
    weak var weakInput: Signal<Int, Never>?
    do {
      let input = mapped(Subject<Int, Never>(), times: count)
      weakInput = input
      let pair = input.combineLatest(with: .just(0))
      let list = input.merge(.just(0))
      let combined = Signal.zip(input, .just(0), .just(0))
      #expect(pair.depth.isReleaseLoopPoint == (count == 63))
      #expect(list.depth.isReleaseLoopPoint == (count == 63))
      #expect(combined.depth.isReleaseLoopPoint == (count == 63))
      #expect(weakInput != nil)
    }
    #expect(weakInput == nil)
  }

  @Test("scopes count their chain in a byte, modulo the interval")
  func scopeDepthWraps() {
    #expect(ChainDepth.scopeDepth(below: 0) == 1)
    #expect(ChainDepth.scopeDepth(below: 62) == 63)
    #expect(ChainDepth.scopeDepth(below: 63) == 0)
    #expect(ChainDepth.isScopeLoopPoint(ChainDepth.scopeDepth(below: 63)))
    #expect(!ChainDepth.isScopeLoopPoint(1))
  }
}
