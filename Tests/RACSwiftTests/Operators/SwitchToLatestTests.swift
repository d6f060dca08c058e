import RACSwift
import RACSwiftTesting
import Testing

@Suite("switchToLatest, if, switch (B.3)", .checksLiveSubscriptions)
struct SwitchToLatestTests {
  @Test("forwards only the latest inner signal; the previous one is disposed")
  func latestOnly() {
    let outer = Subject<Signal<String, TestError>, TestError>()
    let first = Subject<String, TestError>()
    let second = Subject<String, TestError>()
    let recorder = Recorder<String, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(first)
    first.sendNext("a")
    outer.sendNext(second)
    first.sendNext("ignored")
    second.sendNext("b")
    #expect(recorder.values == ["a", "b"])
    outer.sendCompleted()
    #expect(!recorder.isTerminated)
    second.sendCompleted()
    #expect(recorder.events.last == .completed)
  }

  @Test("completes when the outer completes and the latest inner already completed")
  func completion() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(.just(1))
    outer.sendCompleted()
    #expect(recorder.events == [.next(1), .completed])
    let empty = Recorder<Int, TestError>()
    empty.subscribe(to: Signal<Signal<Int, TestError>, TestError>.empty.switchToLatest())
    #expect(empty.events == [.completed])
  }

  @Test("errors from the latest inner or the outer are forwarded")
  func errors() {
    let outer = Subject<Signal<Int, TestError>, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: outer.switchToLatest())
    outer.sendNext(.error(TestError(code: 1)))
    #expect(recorder.events == [.error(TestError(code: 1))])
    let outerFailure = Recorder<Int, TestError>()
    outerFailure.subscribe(
      to: Signal<Signal<Int, TestError>, TestError>.error(TestError(code: 2)).switchToLatest())
    #expect(outerFailure.events == [.error(TestError(code: 2))])
  }

  @Test("A7-14: if passes through then while the condition is true, else while false")
  func ifThenElse() {
    let condition = Subject<Bool, Never>()
    let yes = Subject<String, Never>()
    let no = Subject<String, Never>()
    let recorder = Recorder<String, Never>()
    recorder.subscribe(to: Signal.if(condition, then: yes, else: no))
    condition.sendNext(true)
    yes.sendNext("yes")
    no.sendNext("ignored")
    condition.sendNext(false)
    no.sendNext("no")
    yes.sendNext("ignored")
    #expect(recorder.values == ["yes", "no"])
    condition.sendCompleted()
    no.sendCompleted()
    #expect(recorder.isTerminated)
  }

  @Test("switch picks the case for the latest key, or the default")
  func switchCases() {
    let key = Subject<String, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal.switch(key, cases: ["one": .just(1), "two": .just(2)], default: .just(0)))
    key.sendNext("two")
    key.sendNext("zzz")
    key.sendNext("one")
    key.sendCompleted()
    #expect(recorder.events == [.next(2), .next(0), .next(1), .completed])
  }

  @Test("map { failing }.switchToLatest() on a signal that cannot fail, and the reverse")
  func switchToLatestMixed() {
    let terms = Subject<String, Never>().setName("terms")
    var requests: [Subject<String, TestError>] = []
    let results: Signal<String, TestError> = terms.map { _ in
      let request = Subject<String, TestError>()
      requests.append(request)
      return request
    }.switchToLatest()
    let log = EventLog()
    log.record(results)
    terms.sendNext("a")
    terms.sendNext("ab")
    requests[0].sendNext("stale")
    requests[1].sendNext("fresh")
    requests[0].sendError(failure)
    #expect(log.lines == ["fresh"], "the error of a replaced request is not forwarded")
    requests[1].sendError(failure)
    #expect(log.lines == ["fresh", "error TestError(9)"])

    let outer = Subject<Int, TestError>().setName("outer")
    let reversed: Signal<Int, TestError> = outer.map { Signal<Int, Never>.just($0 * 10) }
      .switchToLatest()
    #expect(reversed.name == "[[outer] -map:] -switchToLatest")
    let reversedLog = EventLog()
    reversedLog.record(reversed)
    outer.sendNext(1)
    outer.sendNext(2)
    outer.sendError(failure)
    #expect(reversedLog.lines == ["10", "20", "error TestError(9)"])
  }
}
