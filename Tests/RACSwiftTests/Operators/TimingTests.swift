import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Time operators on virtual time (B.3)", .checksLiveSubscriptions)
struct TimingTests {
  let scheduler = TestScheduler()

  @Test("delay delays values and completion; an error is not delayed")
  func delay() throws {
    let source = try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2])
    scheduler.expectMarbles(
      source.delay(.seconds(2), on: scheduler), "---a-b|", values: ["a": 1, "b": 2])
    let failing = try scheduler.coldSignal("-a-#", values: ["a": 1], error: TestError())
    scheduler.expectMarbles(
      failing.delay(.seconds(5), on: scheduler), "---#", values: ["a": 1], error: TestError())
  }

  @Test("throttle sends a value after a quiet interval; completion flushes; error drops")
  func throttle() throws {
    let source = try scheduler.coldSignal("ab-c---d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
    scheduler.expectMarbles(
      source.throttle(.seconds(2), on: scheduler), "-----c--(d|)",
      values: ["c": 3, "d": 4])
    let failing = try scheduler.coldSignal("a#", values: ["a": 1], error: TestError())
    scheduler.expectMarbles(
      failing.throttle(.seconds(2), on: scheduler), "-#", error: TestError())
  }

  @Test("throttle(valuesPassingTest:) lets other values through at once, dropping the pending one")
  func throttlePassing() throws {
    let source = try scheduler.coldSignal("a-X--b---|", values: ["a": 1, "X": 100, "b": 2])
    scheduler.expectMarbles(
      source.throttle(.seconds(2), on: scheduler, valuesPassingTest: { $0 < 100 }),
      "--X----b-|", values: ["X": 100, "b": 2])
  }

  @Test("timeout fails with timedOut, passes the receiver's own error as underlying")
  func timeout() throws {
    let slow = try scheduler.coldSignal("-a----|", values: ["a": 1])
    scheduler.expectMarbles(
      slow.timeout(.seconds(3), on: scheduler), "-a-#", values: ["a": 1],
      error: TimeoutError<Never>.timedOut)
    let failing = try scheduler.coldSignal(
      "-#", values: [:] as [Character: Int], error: TestError())
    scheduler.expectMarbles(
      failing.timeout(.seconds(3), on: scheduler), "-#",
      error: TimeoutError<TestError>.underlying(TestError()))
    let fast = try scheduler.coldSignal("-a|", values: ["a": 1])
    scheduler.expectMarbles(
      fast.promoteError(TestError.self).timeout(.seconds(3), on: scheduler, orFail: TestError()),
      "-a|", values: ["a": 1])
  }

  @Test("buffer(withTime:on:) collects values from the first of each batch; flushes on completion")
  func buffer() throws {
    let source = try scheduler.coldSignal(
      "ab--c-d-e|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
    let recorder = scheduler.record(source.buffer(withTime: .seconds(3), on: scheduler))
    scheduler.run()
    #expect(recorder.values == [[1, 2], [3, 4], [5]])
    #expect(recorder.events.map(\.time) == [.seconds(3), .seconds(7), .seconds(9), .seconds(9)])
    scheduler.expectMarbles(
      source.buffer(withTime: .seconds(3), on: scheduler), "---x---y-(z|)",
      values: ["x": [1, 2], "y": [3, 4], "z": [5]])
  }

  @Test("interval sends the tick count at every interval, forever")
  func interval() {
    let recorder = scheduler.record(Signal.interval(.seconds(2), on: scheduler).take(3))
    scheduler.advance(by: .seconds(10))
    #expect(recorder.values == [0, 1, 2])
    #expect(recorder.events.map(\.time) == [.seconds(2), .seconds(4), .seconds(6), .seconds(6)])
    scheduler.expectMarbles(
      Signal.interval(.seconds(2), on: scheduler).take(3), "--a-b-(c|)",
      values: ["a": 0, "b": 1, "c": 2])
  }

  @Test("disposal cancels pending timers: no action runs after dispose")
  func disposalCancelsTimers() throws {
    let counting = CountingScheduler(scheduler)
    let source = try scheduler.coldSignal("ab|", values: ["a": 1, "b": 2])
    let chains: [Signal<Int, Never>] = [
      source.delay(.seconds(5), on: counting),
      source.throttle(.seconds(5), on: counting),
      Signal<Int, TestError>.never.timeout(.seconds(5), on: counting, orFail: TestError())
        .ignoreErrors(),
      source.buffer(withTime: .seconds(5), on: counting).map(\.count),
      Signal.interval(.seconds(5), on: counting),
      source.delay(.seconds(5), on: scheduler).deliver(on: counting),
      source.delay(.seconds(5), on: scheduler).subscribe(on: counting),
    ]
    for chain in chains {
      let subscription = chain.subscribe()
      scheduler.advance(by: .seconds(1))
      let before = counting.runs.count
      subscription.dispose()
      scheduler.advance(by: .seconds(60))
      #expect(counting.runs.count == before)
    }
  }
}
