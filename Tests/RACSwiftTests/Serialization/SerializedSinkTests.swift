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
func makeScope() -> SubscriptionScope { SubscriptionScope(origin: .unknown) }

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
