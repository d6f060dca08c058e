import RACSwiftTesting
import Testing

@testable import RACSwift

/// Every event a signal sends, as text, for signals whose values are tuples.
final class EventLog: @unchecked Sendable {
  private(set) var lines: [String] = []
  private var subscriptions: [any Disposable] = []

  func record<Value, Failure>(_ signal: Signal<Value, Failure>) {
    subscriptions.append(
      signal.subscribe(
        next: { self.lines.append("\($0)") }, error: { self.lines.append("error \($0)") },
        completed: { self.lines.append("completed") }))
  }

  /// The events of a signal that finishes while it is subscribed.
  static func of<Value, Failure>(_ signal: Signal<Value, Failure>) -> [String] {
    let log = EventLog()
    log.record(signal)
    return log.lines
  }
}

/// The signals `signal` was made from, as its name records them: the inputs of an operator with
/// several, the receiver of any other.
func inputs<Value, Failure>(of signal: Signal<Value, Failure>) -> [AnyObject] {
  switch signal.nameNode {
  case .many(_, let inputs): inputs
  case .inputs: signal.nameInputs()
  case .binary(let input, _, let other): [input, other]
  case .applied(let input, _, _): [input ?? signal.nameInput()!]
  case .alias(let input): [input ?? signal.nameInput()!]
  case .source: []
  }
}

/// Whether `signals` are `expected`, object for object: the operator was applied to them, not to
/// `promoteError()`s of them.
func areInputs(_ signals: [AnyObject], _ expected: [AnyObject]) -> Bool {
  signals.count == expected.count && zip(signals, expected).allSatisfy { $0 === $1 }
}

let failure = TestError(code: 9)

@Suite(
  "A signal that cannot fail combines with failing ones without promoteError (CONTRACT.md#failure-typing)",
  .checksLiveSubscriptions)
struct NeverAndFailingInputsTests {
  // Inputs that finish at once: 1, 2, 3, 4 by position; `bad` fails.
  let n1 = Signal<Int, Never>.just(1)
  let n2 = Signal<Int, Never>.just(2)
  let n3 = Signal<Int, Never>.just(3)
  let n4 = Signal<Int, Never>.just(4)
  let f1 = Signal<Int, TestError>.just(1)
  let f2 = Signal<Int, TestError>.just(2)
  let f3 = Signal<Int, TestError>.just(3)
  let f4 = Signal<Int, TestError>.just(4)
  let bad = Signal<Int, TestError>.error(failure)

  @Test("A7-13: combineLatest of a Never and a failing input, either order: values, then the error")
  func combineLatestPair() {
    let name = Subject<String, Never>().setName("name")
    let available = Subject<Bool, TestError>().setName("available")
    let form: Signal<(String, Bool), TestError> = Signal.combineLatest(name, available)
    let reversed: Signal<(Bool, String), TestError> = Signal.combineLatest(available, name)
    #expect(form.name == "+combineLatest: (name, available)")
    #expect(reversed.name == "+combineLatest: (available, name)")
    let log = EventLog()
    log.record(form)
    log.record(reversed)
    name.sendNext("ada")
    available.sendNext(true)
    name.sendNext("grace")
    available.sendError(failure)
    name.sendNext("lin")
    #expect(
      log.lines == [
        "(\"ada\", true)", "(true, \"ada\")", "(\"grace\", true)", "(true, \"grace\")",
        "error TestError(9)", "error TestError(9)",
      ])
  }

  @Test("combineLatest of three inputs, each way of mixing Never and failing ones")
  func combineLatestTriple() {
    let nff: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(n1, f2, f3)
    let fnf: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(f1, n2, f3)
    let ffn: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(f1, f2, n3)
    let nnf: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(n1, n2, f3)
    let nfn: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(n1, f2, n3)
    let fnn: Signal<(Int, Int, Int), TestError> = Signal.combineLatest(f1, n2, n3)
    for signal in [nff, fnf, ffn, nnf, nfn, fnn] {
      #expect(EventLog.of(signal) == ["(1, 2, 3)", "completed"])
    }
    let failing: [Signal<(Int, Int, Int), TestError>] = [
      Signal.combineLatest(n1, bad, f3), Signal.combineLatest(bad, n2, f3),
      Signal.combineLatest(f1, bad, n3), Signal.combineLatest(n1, n2, bad),
      Signal.combineLatest(n1, bad, n3), Signal.combineLatest(bad, n2, n3),
    ]
    for signal in failing { #expect(EventLog.of(signal) == ["error TestError(9)"]) }
  }

  @Test("combineLatest of four inputs, each way of mixing Never and failing ones")
  func combineLatestQuad() {
    typealias Four = Signal<(Int, Int, Int, Int), TestError>
    let mixed: [Four] = [
      Signal.combineLatest(n1, f2, f3, f4), Signal.combineLatest(f1, n2, f3, f4),
      Signal.combineLatest(f1, f2, n3, f4), Signal.combineLatest(f1, f2, f3, n4),
      Signal.combineLatest(n1, n2, f3, f4), Signal.combineLatest(n1, f2, n3, f4),
      Signal.combineLatest(n1, f2, f3, n4), Signal.combineLatest(f1, n2, n3, f4),
      Signal.combineLatest(f1, n2, f3, n4), Signal.combineLatest(f1, f2, n3, n4),
      Signal.combineLatest(n1, n2, n3, f4), Signal.combineLatest(n1, n2, f3, n4),
      Signal.combineLatest(n1, f2, n3, n4), Signal.combineLatest(f1, n2, n3, n4),
    ]
    for signal in mixed { #expect(EventLog.of(signal) == ["(1, 2, 3, 4)", "completed"]) }
    let failing: Four = Signal.combineLatest(n1, n2, n3, bad)
    #expect(EventLog.of(failing) == ["error TestError(9)"])
  }

  @Test("combineLatest(with:) of a Never and a failing signal, either way round")
  func combineLatestWith() {
    let name = Signal<String, Never>.just("ada").setName("name")
    let forward: Signal<(String, Int), TestError> = name.combineLatest(with: f2)
    let backward: Signal<(Int, String), TestError> = f1.combineLatest(with: name)
    #expect(EventLog.of(forward) == ["(\"ada\", 2)", "completed"])
    #expect(EventLog.of(backward) == ["(1, \"ada\")", "completed"])
    #expect(EventLog.of(name.combineLatest(with: bad)) == ["error TestError(9)"])
    #expect(EventLog.of(bad.combineLatest(with: name)) == ["error TestError(9)"])
    #expect(name.combineLatest(with: f2).name == "[name] -combineLatestWith: +just: 2")
  }

  @Test("zip of a Never and a failing input, either order: pairs, then the error")
  func zipPair() {
    let questions = Subject<String, Never>().setName("questions")
    let answers = Subject<Int, TestError>().setName("answers")
    let pairs: Signal<(String, Int), TestError> = Signal.zip(questions, answers)
    let reversed: Signal<(Int, String), TestError> = Signal.zip(answers, questions)
    #expect(pairs.name == "+zip: (questions, answers)")
    let log = EventLog()
    log.record(pairs)
    log.record(reversed)
    questions.sendNext("six times seven")
    questions.sendNext("two plus two")
    answers.sendNext(42)
    answers.sendError(failure)
    #expect(
      log.lines == [
        "(\"six times seven\", 42)", "(42, \"six times seven\")", "error TestError(9)",
        "error TestError(9)",
      ])
  }

  @Test("zip of three and four inputs, each way of mixing Never and failing ones")
  func zipTripleAndQuad() {
    let triples: [Signal<(Int, Int, Int), TestError>] = [
      Signal.zip(n1, f2, f3), Signal.zip(f1, n2, f3), Signal.zip(f1, f2, n3),
      Signal.zip(n1, n2, f3), Signal.zip(n1, f2, n3), Signal.zip(f1, n2, n3),
    ]
    for signal in triples { #expect(EventLog.of(signal) == ["(1, 2, 3)", "completed"]) }
    let quads: [Signal<(Int, Int, Int, Int), TestError>] = [
      Signal.zip(n1, f2, f3, f4), Signal.zip(f1, n2, f3, f4), Signal.zip(f1, f2, n3, f4),
      Signal.zip(f1, f2, f3, n4), Signal.zip(n1, n2, f3, f4), Signal.zip(n1, f2, n3, f4),
      Signal.zip(n1, f2, f3, n4), Signal.zip(f1, n2, n3, f4), Signal.zip(f1, n2, f3, n4),
      Signal.zip(f1, f2, n3, n4), Signal.zip(n1, n2, n3, f4), Signal.zip(n1, n2, f3, n4),
      Signal.zip(n1, f2, n3, n4), Signal.zip(f1, n2, n3, n4),
    ]
    for signal in quads { #expect(EventLog.of(signal) == ["(1, 2, 3, 4)", "completed"]) }
    let failing: Signal<(Int, Int, Int), TestError> = Signal.zip(n1, bad, n3)
    #expect(EventLog.of(failing) == ["error TestError(9)"])
  }

  @Test("zip(with:) of a Never and a failing signal, either way round")
  func zipWith() {
    let forward: Signal<(Int, Int), TestError> = n1.zip(with: f2)
    let backward: Signal<(Int, Int), TestError> = f1.zip(with: n2)
    #expect(EventLog.of(forward) == ["(1, 2)", "completed"])
    #expect(EventLog.of(backward) == ["(1, 2)", "completed"])
    #expect(EventLog.of(n1.zip(with: bad)) == ["error TestError(9)"])
  }

  @Test("inputs that all cannot fail, or all fail alike, keep the forms and types they had")
  func existingCallSitesUnchanged() {
    // Never only: the Never forms, fed the inputs themselves (no promotion in between).
    let pair: Signal<(Int, Int), Never> = Signal.combineLatest(n1, n2)
    let triple: Signal<(Int, Int, Int), Never> = Signal.combineLatest(n1, n2, n3)
    let quad: Signal<(Int, Int, Int, Int), Never> = Signal.combineLatest(n1, n2, n3, n4)
    let zipped: Signal<(Int, Int), Never> = Signal.zip(n1, n2)
    let zipped3: Signal<(Int, Int, Int), Never> = Signal.zip(n1, n2, n3)
    let zipped4: Signal<(Int, Int, Int, Int), Never> = Signal.zip(n1, n2, n3, n4)
    let with: Signal<(Int, Int), Never> = n1.combineLatest(with: n2)
    let zipWith: Signal<(Int, Int), Never> = n1.zip(with: n2)
    #expect(areInputs(inputs(of: pair), [n1, n2]))
    #expect(areInputs(inputs(of: triple), [n1, n2, n3]))
    #expect(areInputs(inputs(of: quad), [n1, n2, n3, n4]))
    #expect(areInputs(inputs(of: zipped), [n1, n2]))
    #expect(areInputs(inputs(of: zipped3), [n1, n2, n3]))
    #expect(areInputs(inputs(of: zipped4), [n1, n2, n3, n4]))
    #expect(areInputs(inputs(of: with), [n1, n2]))
    #expect(areInputs(inputs(of: zipWith), [n1, n2]))
    // One failure type: the same forms.
    let failingPair: Signal<(Int, Int), TestError> = Signal.combineLatest(f1, f2)
    let failingTriple: Signal<(Int, Int, Int), TestError> = Signal.zip(f1, f2, f3)
    let failingWith: Signal<(Int, Int), TestError> = f1.combineLatest(with: f2)
    #expect(areInputs(inputs(of: failingPair), [f1, f2]))
    #expect(areInputs(inputs(of: failingTriple), [f1, f2, f3]))
    #expect(areInputs(inputs(of: failingWith), [f1, f2]))
    // One input and five: the parameter-pack forms, as before.
    let one: Signal<Int, Never> = Signal.combineLatest(n1)
    let five: Signal<(Int, Int, Int, Int, Int), TestError> = Signal.zip(f1, f2, f3, f4, f1)
    #expect(EventLog.of(one) == ["1", "completed"])
    #expect(EventLog.of(five) == ["(1, 2, 3, 4, 1)", "completed"])
    // Inputs written as constructors take their failure from the other inputs.
    let literal: Signal<(Int, Int), Never> = Signal.combineLatest(n1, .just(2))
    let failingLiteral: Signal<(Int, Int), TestError> = Signal.combineLatest(f1, .just(2))
    #expect(EventLog.of(literal) == ["(1, 2)", "completed"])
    #expect(EventLog.of(failingLiteral) == ["(1, 2)", "completed"])
  }

  @Test(
    "merge of a Never and a failing signal, either way round and static: values, then the error")
  func mergeMixed() {
    let taps = Subject<String, Never>().setName("taps")
    let pushes = Subject<String, TestError>().setName("pushes")
    let forward: Signal<String, TestError> = taps.merge(pushes)
    let backward: Signal<String, TestError> = pushes.merge(taps)
    let pair: Signal<String, TestError> = Signal.merge(taps, pushes)
    let reversedPair: Signal<String, TestError> = Signal.merge(pushes, taps)
    #expect(forward.name == "[taps] -merge: pushes")
    #expect(pair.name == "+merge: (taps, pushes)")
    let log = EventLog()
    for signal in [forward, backward, pair, reversedPair] { log.record(signal) }
    taps.sendNext("tap")
    pushes.sendNext("push")
    pushes.sendError(failure)
    taps.sendNext("late")
    let each = { (line: String) in [String](repeating: line, count: 4) }
    #expect(log.lines == each("tap") + each("push") + each("error TestError(9)"))
  }

  @Test("Signal.merge of three, each way of mixing Never and failing signals")
  func mergeTriple() {
    let triples: [Signal<Int, TestError>] = [
      Signal.merge(n1, f2, f3), Signal.merge(f1, n2, f3), Signal.merge(f1, f2, n3),
      Signal.merge(n1, n2, f3), Signal.merge(n1, f2, n3), Signal.merge(f1, n2, n3),
    ]
    for signal in triples { #expect(EventLog.of(signal) == ["1", "2", "3", "completed"]) }
    let failing: Signal<Int, TestError> = Signal.merge(n1, bad, n3)
    #expect(EventLog.of(failing) == ["1", "error TestError(9)"])
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

  @Test("merge, flattenMap and switchToLatest of one failure type keep their forms and types")
  func existingFlatteningCallSitesUnchanged() {
    let merged: Signal<Int, Never> = n1.merge(n2)
    let failingMerged: Signal<Int, TestError> = f1.merge(f2)
    let staticMerged: Signal<Int, Never> = Signal.merge(n1, n2)
    let listMerged: Signal<Int, TestError> = Signal.merge([f1, f2, f3])
    #expect(areInputs(inputs(of: merged), [n1, n2]))
    #expect(areInputs(inputs(of: failingMerged), [f1, f2]))
    #expect(areInputs(inputs(of: staticMerged), [n1, n2]))
    #expect(areInputs(inputs(of: listMerged), [f1, f2, f3]))
    let flattened: Signal<Int, Never> = n1.flattenMap { .just($0 + 1) }
    let failingFlattened: Signal<Int, TestError> = f1.flattenMap { .just($0 + 1) }
    let explicit: Signal<Int, Never> = n1.flattenMap { Signal<Int, Never>.just($0) }
    #expect(areInputs(inputs(of: flattened), [n1]))
    #expect(areInputs(inputs(of: failingFlattened), [f1]))
    #expect(areInputs(inputs(of: explicit), [n1]))
    #expect(EventLog.of(failingFlattened) == ["2", "completed"])
    let outer = Signal<Signal<Int, Never>, Never>.just(n1)
    let switched: Signal<Int, Never> = outer.switchToLatest()
    let failingOuter = Signal<Signal<Int, TestError>, TestError>.just(f1)
    let failingSwitched: Signal<Int, TestError> = failingOuter.switchToLatest()
    #expect(areInputs(inputs(of: switched), [outer]))
    #expect(areInputs(inputs(of: failingSwitched), [failingOuter]))
    #expect(EventLog.of(switched) == ["1", "completed"])
  }
}
