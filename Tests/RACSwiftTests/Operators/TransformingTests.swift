import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "map, mapReplace, combinePrevious, materialize, flattenMap (B.1, B.3)", .checksLiveSubscriptions)
struct TransformingTests {
  // Inputs that finish at once: 1, 2, 3, 4 by position; `bad` fails.
  let n2 = Signal<Int, Never>.just(2)
  let f1 = Signal<Int, TestError>.just(1)

  @Test("mapReplace; combinePrevious is not fed back (\"1 - 1\", \"1 - 2\", \"2 - 3\")")
  func mapReplaceAndCombinePrevious() {
    #expect(collected(Signal.from([1, 2]).mapReplace("x")).values == ["x", "x"])
    let pairs = collected(Signal.from([1, 2, 3]).combinePrevious(1) { "\($0) - \($1)" })
    #expect(pairs.values == ["1 - 1", "1 - 2", "2 - 3"])
  }

  @Test("materialize and dematerialize round-trip; materialize never fails")
  func materialize() {
    let source = Signal<Int, TestError>.from([1]).concat(.error(TestError()))
    let events = collected(source.materialize())
    #expect(events.values == [.next(1), .error(TestError())])
    #expect(events.completed)
    let back = Recorder<Int, TestError>()
    back.subscribe(to: source.materialize().promoteError(TestError.self).dematerialize())
    #expect(back.events == [.next(1), .error(TestError())])
  }

  @Test("materialize and dematerialize round-trip a signal that cannot fail, without annotations")
  func dematerializeNeverFailing() {
    let ticks = Signal<Int, Never>.from([1, 2])
    let back = ticks.materialize().dematerialize()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: back)
    #expect(recorder.events == [.next(1), .next(2), .completed])
    // The never-failing events still become a failing signal where the type says so.
    let failing: Signal<Int, TestError> = Signal<Event<Int, TestError>, Never>
      .from([.next(3), .error(TestError())]).dematerialize()
    let failingRecorder = Recorder<Int, TestError>()
    failingRecorder.subscribe(to: failing)
    #expect(failingRecorder.events == [.next(3), .error(TestError())])
  }

  @Test("dematerialize ends with the first terminal event, whether it came as a value or not")
  func dematerializeEndsOnce() {
    let events = Subject<Event<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    let subscription = recorder.subscribe(to: events.dematerialize())
    events.sendNext(.next(1))
    events.sendNext(.error(TestError()))
    #expect(recorder.events == [.next(1), .error(TestError())])
    #expect(subscription.isDisposed)
    // The subject's own end, after the value that ended the subscription, reaches no one.
    events.sendNext(.next(2))
    events.sendError(TestError())
    #expect(recorder.events == [.next(1), .error(TestError())])

    let own = Recorder<Int, TestError>()
    let input = Subject<Event<Int, TestError>, TestError>()
    own.subscribe(to: input.dematerialize())
    input.sendNext(.next(3))
    input.sendError(TestError())
    #expect(own.events == [.next(3), .error(TestError())])
  }

  @Test("A2-14: dematerialize's completion value stops an endless synchronous input, also merged")
  func dematerializeStopsEndlessInput() {
    let endless = Signal<Int, Never>.from(1...).map { value -> Event<Int, TestError> in
      value < 3 ? .next(value) : .completed
    }
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: endless.dematerialize())
    #expect(recorder.events == [.next(1), .next(2), .completed])
    let merged = Signal<Int, TestError>.from([1, 2]).flattenMap { _ in endless.dematerialize() }
    let mergedRecorder = Recorder<Int, TestError>()
    mergedRecorder.subscribe(to: merged)
    #expect(mergedRecorder.events == [.next(1), .next(2), .next(1), .next(2), .completed])
    #expect(endless.dematerialize().description == "[[+from] -map:] -dematerialize")
  }

  @Test("map and filter agree with Array")
  func mapFilter() {
    let input = Array(0..<50)
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from(input).map { $0 * 3 }.filter { $0.isMultiple(of: 2) })
    #expect(recorder.values == input.map { $0 * 3 }.filter { $0.isMultiple(of: 2) })
    #expect(recorder.isTerminated)
  }

  @Test("flattenMap from a signal that cannot fail to failing ones: values, then an inner error")
  func flattenMapToFailing() {
    let terms = Subject<String, Never>().setName("terms")
    var requests: [String: Subject<Int, TestError>] = [:]
    let results: Signal<Int, TestError> = terms.flattenMap { term in
      let request = Subject<Int, TestError>()
      requests[term] = request
      return request
    }
    #expect(results.name == "[terms] -flattenMap:")
    let log = EventLog()
    log.record(results)
    terms.sendNext("a")
    terms.sendNext("b")
    requests["a"]!.sendNext(1)
    requests["b"]!.sendNext(2)
    requests["a"]!.sendError(failure)
    requests["b"]!.sendNext(3)
    #expect(log.lines == ["1", "2", "error TestError(9)"])
  }

  @Test("flattenMap from a failing signal to ones that cannot fail: values, then the outer error")
  func flattenMapFromFailing() {
    let sessions = Subject<Int, TestError>()
    let names: Signal<String, TestError> = sessions.flattenMap { id in
      Signal<String, Never>.just("user \(id)")
    }
    let log = EventLog()
    log.record(names)
    sessions.sendNext(1)
    sessions.sendNext(2)
    sessions.sendError(failure)
    #expect(log.lines == ["user 1", "user 2", "error TestError(9)"])
    #expect(EventLog.of(f1.flattenMap { _ in n2 }) == ["2", "completed"])
  }

  @Test("written on the main actor, a mixing flattenMap's transform runs there, either way round")
  @MainActor
  func flattenMapOnTheMainActor() async {
    var lookups: [String] = []
    let terms = Subject<String, Never>()
    let forward: Signal<Int, TestError> = terms.flattenMap { term in
      MainActor.preconditionIsolated()
      lookups.append(term)
      return Signal<Int, TestError>.just(term.count)
    }
    let outer = Subject<Int, TestError>()
    let backward: Signal<String, TestError> = outer.flattenMap { id in
      MainActor.preconditionIsolated()
      lookups.append("#\(id)")
      return Signal<String, Never>.just("user \(id)")
    }
    let log = EventLog()
    log.record(forward)
    log.record(backward)
    terms.sendNext("ada")
    outer.sendNext(7)
    #expect(log.lines == ["3", "user 7"])
    await Task.detached {
      terms.sendNext("grace")
      outer.sendNext(8)
    }.value
    while log.lines.count < 4 { await Task.yield() }
    #expect(log.lines == ["3", "user 7", "5", "user 8"])
    #expect(lookups == ["ada", "#7", "grace", "#8"])
    terms.sendCompleted()
    outer.sendCompleted()
  }
}
