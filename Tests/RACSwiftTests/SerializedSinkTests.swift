import RACSwiftTesting
import Testing

@testable import RACSwift

/// What a ``SerializedSink``'s downstream received, and whether two deliveries ever overlapped.
///
/// Lock discipline: `events` is written only by `record`, the downstream sink, which
/// `SerializedSink` promises never to run twice at once (the thread sanitizer checks that
/// promise), and read by the test once every sender is done. `probe` counts overlaps
/// independently.
final class DownstreamLog<Value, Failure: Error>: @unchecked Sendable {
  /// Every event delivered, in delivery order.
  var events: [Event<Value, Failure>] = []
  /// Counts deliveries that overlapped another.
  let probe = SerialityProbe()

  /// The downstream sink: records `event`.
  func record(_ event: inout Event<Value, Failure>) {
    probe.handle()
    events.append(event)
  }

  /// How many terminal events were delivered.
  var terminalCount: Int { events.count(where: \.isTerminal) }
}

/// A root scope for a test's sink; the test disposes it before it ends.
private func makeScope() -> SubscriptionScope { SubscriptionScope(origin: .unknown) }

@Suite(
  "SerializedSink: terminal once, nothing after disposal (CONTRACT.md#event-grammar, #serialization)",
  .checksLiveSubscriptions)
struct SerializedSinkTests {
  @Test("a value after completion is dropped, and so is a second completion")
  func nextAfterCompleted() {
    let scope = makeScope()
    defer { scope.dispose() }
    let log = DownstreamLog<Int, TestError>()
    let output = SerializedEventSink(sink: log.record, scope: scope)
    output.send(.next(1))
    output.send(.completed)
    output.send(.next(2))
    output.send(.completed)
    #expect(log.events == [.next(1), .completed])
  }

  @Test("a second error is dropped, and so is everything else after the first")
  func secondError() {
    let scope = makeScope()
    defer { scope.dispose() }
    let log = DownstreamLog<Int, TestError>()
    let output = SerializedEventSink(sink: log.record, scope: scope)
    output.send(.error(TestError(code: 1)))
    output.send(.error(TestError(code: 2)))
    output.send(.next(3))
    output.send(.completed)
    #expect(log.events == [.error(TestError(code: 1))])
  }

  @Test("nothing is delivered once the scope is disposed, terminal events included")
  func nothingAfterDisposal() {
    let scope = makeScope()
    let log = DownstreamLog<Int, TestError>()
    let output = SerializedEventSink(sink: log.record, scope: scope)
    output.send(.next(1))
    scope.dispose()
    output.send(.next(2))
    output.send(.error(TestError(code: 3)))
    output.send(.completed)
    #expect(log.events == [.next(1)])
  }

  @Test("a send from inside the sink is delivered after the current event, in order")
  func reentrantSends() {
    let scope = makeScope()
    defer { scope.dispose() }
    let log = DownstreamLog<Int, TestError>()
    var output: SerializedEventSink<Int, TestError>?
    output = SerializedEventSink(
      sink: { event in
        log.record(&event)
        guard case .next(1) = event else { return }
        output?.send(.next(2))
        output?.send(.completed)
        output?.send(.next(3))
        // Queued, not delivered inside this delivery.
        #expect(log.events == [.next(1)])
      }, scope: scope)
    output?.send(.next(1))
    #expect(log.events == [.next(1), .next(2), .completed])
    #expect(log.probe.overlaps == 0)
    output = nil
  }

  @Test("perform: no operation runs after the terminal event; deliver drops what follows it")
  func operationsAfterTerminal() {
    let scope = makeScope()
    defer { scope.dispose() }
    let log = DownstreamLog<Int, TestError>()
    let output = SerializedSink<Int, TestError, Int>(sink: log.record, scope: scope)
    var ran: [Int] = []
    output.perform(0) { operation in
      ran.append(operation)
      output.deliver(.next(operation))
      output.deliver(.completed)
      output.deliver(.next(-1))
      output.deliver(.error(TestError()))
    }
    output.perform(1) { operation in
      ran.append(operation)
      output.deliver(.next(operation))
    }
    #expect(ran == [0])
    #expect(log.events == [.next(0), .completed])
  }

  @Test("perform: no operation runs once the scope is disposed")
  func operationsAfterDisposal() {
    let scope = makeScope()
    let log = DownstreamLog<Int, TestError>()
    let output = SerializedSink<Int, TestError, Int>(sink: log.record, scope: scope)
    var ran: [Int] = []
    let execute = { (operation: Int) in
      ran.append(operation)
      output.deliver(.next(operation))
    }
    output.perform(0, execute)
    scope.dispose()
    output.perform(1, execute)
    #expect(ran == [0])
    #expect(log.events == [.next(0)])
  }
}

@Suite(
  "SerializedSink concurrency: values and terminal events from 4 threads at once",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct SerializedSinkConcurrencyTests {
  static let threads = 4
  static let perThread = 5_000
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
