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
