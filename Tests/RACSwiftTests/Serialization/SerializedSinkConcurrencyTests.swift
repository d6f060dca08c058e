import RACSwiftTesting
import Testing

@testable import RACSwift

@Suite(
  "SerializedSink concurrency: values and terminal events from 4 threads at once",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct SerializedSinkConcurrencyTests {
  static let threads = 4
  static let perThread = TestScale.size(full: 5_000)
  /// Each round races the terminal events at other points of the threads' values.
  static let rounds = 20

  /// Where thread `thread` sends its terminal event in round `round`: among its values, at a
  /// different place for every thread and round.
  static func terminalIndex(thread: Int, round: Int) -> Int {
    (round * 977 + thread * perThread / threads) % perThread
  }

  /// The terminal event thread `thread` sends: a completion or an error of its own.
  static func terminal(thread: Int) -> Event<Int, TestError> {
    thread.isMultiple(of: 2) ? .completed : .error(TestError(code: thread))
  }

  /// Checks what one round delivered: no overlap, exactly one terminal event and it is last,
  /// each thread's values in the order it sent them, none after its own terminal event.
  static func check(_ log: DownstreamLog<Int, TestError>, round: Int) {
    #expect(log.probe.overlaps == 0)
    #expect(log.terminalCount == 1)
    #expect(log.events.last?.isTerminal == true)
    var lastIndex = Array(repeating: -1, count: threads)
    for case .next(let value) in log.events {
      let thread = value / perThread
      let index = value % perThread
      #expect(index > lastIndex[thread])
      #expect(index < terminalIndex(thread: thread, round: round))
      lastIndex[thread] = index
    }
  }

  @Test("send: downstream never overlaps, sees one terminal event, last, and no value after it")
  func sends() async {
    for round in 0..<Self.rounds {
      let scope = makeScope()
      let log = DownstreamLog<Int, TestError>()
      log.events.reserveCapacity(Self.threads * Self.perThread + 1)
      let output = SerializedEventSink(sink: log.record, scope: scope)
      await onThreads(Self.threads) { thread in
        let terminalAt = Self.terminalIndex(thread: thread, round: round)
        for index in 0..<Self.perThread {
          if index == terminalAt { output.send(Self.terminal(thread: thread)) }
          output.send(.next(thread * Self.perThread + index))
        }
      }
      Self.check(log, round: round)
      scope.dispose()
    }
  }

  @Test("perform and deliver: the same, for operations that decide what to deliver")
  func operations() async {
    for round in 0..<Self.rounds {
      let scope = makeScope()
      let log = DownstreamLog<Int, TestError>()
      log.events.reserveCapacity(Self.threads * Self.perThread + 1)
      let output = SerializedSink<Int, TestError, Int>(sink: log.record, scope: scope)
      // An operation is a value to send, or -1 - thread: that thread's terminal event. Every
      // perform passes this one function (a queued operation runs with the owner's).
      let execute: @Sendable (Int) -> Void = { operation in
        output.deliver(operation < 0 ? Self.terminal(thread: -1 - operation) : .next(operation))
      }
      await onThreads(Self.threads) { thread in
        let terminalAt = Self.terminalIndex(thread: thread, round: round)
        for index in 0..<Self.perThread {
          if index == terminalAt { output.perform(-1 - thread, execute) }
          output.perform(thread * Self.perThread + index, execute)
        }
      }
      Self.check(log, round: round)
      scope.dispose()
    }
  }
}
