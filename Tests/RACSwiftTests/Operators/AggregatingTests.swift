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

@Suite("aggregate makes its start value once, and only when needed", .checksLiveSubscriptions)
struct AggregateStartValueTests {
  @Test("a fold whose result is nil is not taken for one that has not started")
  func nilResultIsAResult() {
    let starts = AtomicCounter()
    let makeStart: @Sendable () -> Int? = {
      starts.increment()
      return nil
    }
    let signal = Signal.from([1, 2, 3]).aggregate(startFactory: makeStart) { _, _ in nil }
    #expect(collected(signal).values == [nil])
    #expect(starts.count == 1)
  }

  @Test("without values, completion makes the start value once; a failure makes none")
  func startOnlyWhenNeeded() {
    let starts = AtomicCounter()
    let makeStart: @Sendable () -> Int = {
      starts.increment()
      return 7
    }
    let empty = Signal<Int, Never>.empty.aggregate(startFactory: makeStart) { $0 + $1 }
    #expect(collected(empty).values == [7])
    #expect(starts.count == 1)
    let failing = Recorder<Int, TestError>()
    failing.subscribe(
      to: Signal<Int, TestError>.error(TestError()).aggregate(startFactory: makeStart) { $0 + $1 })
    #expect(failing.events == [.error(TestError())])
    #expect(starts.count == 1)
  }
}
