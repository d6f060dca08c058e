import RACSwift
import RACSwiftTesting
import Testing

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
