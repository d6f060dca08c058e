import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("aggregate and collect (B.1, B.3)", .checksLiveSubscriptions)
struct AggregatingTests {

  @Test("aggregate sends only the final value, or the start if there were no values")
  func aggregate() {
    #expect(collected(Signal.from([1, 2, 3]).aggregate(10, +)).values == [16])
    #expect(collected(Signal<Int, Never>.empty.aggregate(10, +)).values == [10])
    #expect(
      collected(Signal.from([5, 5]).aggregate(0) { sum, value, index in sum + value * index })
        .values == [5])
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.error(TestError()).aggregate(0, +))
    #expect(failing.events == [.error(TestError())])
  }

  @Test("A2-05, A6-02: aggregate(startFactory:) makes a fresh start per subscription")
  func startFactory() {
    let starts = AtomicCounter()
    let makeStart: @Sendable () -> [Int] = {
      starts.increment()
      return []
    }
    let signal = Signal.from([1, 2]).aggregate(startFactory: makeStart) { $0 + [$1] }
    #expect(collected(signal).values == [[1, 2]])
    #expect(collected(signal).values == [[1, 2]])
    #expect(starts.count == 2)
  }

  @Test("collect: one array on completion; [] when empty")
  func collect() {
    #expect(collected(Signal.from(1...3).collect()).values == [[1, 2, 3]])
    #expect(collected(Signal<Int, Never>.empty.collect()).values == [[]])
  }
}
