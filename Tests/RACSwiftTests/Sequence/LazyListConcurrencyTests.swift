import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("LazyList concurrency", .checksLiveSubscriptions, .tags(.concurrency))
struct LazyListConcurrencyTests {
  @Test("concurrent readers of one head see one evaluation")
  func oneEvaluation() async {
    for _ in 0..<TestScale.size(full: 100) {
      let evaluations = AtomicCounter()
      let list = LazyList<Int>(
        head: {
          evaluations.increment()
          return 42
        }, tail: { .empty })
      let results = Recorder<Int, Never>()
      await onThreads(4) { _ in results.record(.next(list.head ?? -1)) }
      #expect(evaluations.count == 1)
      #expect(results.values == [42, 42, 42, 42])
    }
  }

  @Test("concurrent readers of a list built from an iterator get every element once")
  func sharedIterator() async {
    let count = TestScale.size(full: 10_000)
    let list = LazyList(0..<count)
    let sums = Recorder<Int, Never>()
    await onThreads(4) { _ in sums.record(.next(list.foldLeft(0, +))) }
    #expect(sums.values == Array(repeating: count * (count - 1) / 2, count: 4))
  }
}
