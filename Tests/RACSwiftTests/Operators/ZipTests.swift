import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "zip: pairs, tuples, arrays, and inputs that cannot fail beside failing ones (B.1, B.3)",
  .checksLiveSubscriptions)
struct ZipTests {
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

  @Test("zip pairs n-th values; completes when an input completed with nothing buffered")
  func zip() {
    let left = Subject<Int, Never>()
    let right = Subject<String, Never>()
    var pairs: [String] = []
    var completed = false
    let subscription = left.zip(with: right).subscribe(
      next: { pairs.append("\($0)\($1)") }, completed: { completed = true })
    left.sendNext(1)
    left.sendNext(2)
    right.sendNext("a")
    left.sendCompleted()
    #expect(!completed)
    right.sendNext("b")
    #expect(pairs == ["1a", "2b"])
    #expect(completed)
    subscription.dispose()
  }

  @Test("zip agrees with Swift's zip; variadic and array forms")
  func zipAgreesWithArrays() {
    let a = [1, 2, 3, 4]
    let b = ["x", "y", "z"]
    var tuples: [String] = []
    Signal.zip(Signal.from(a), Signal.from(b)).subscribe(next: { tuples.append("\($0)\($1)") })
    #expect(tuples == Swift.zip(a, b).map { "\($0)\($1)" })
    let recorder = Recorder<[Int], Never>()
    recorder.subscribe(to: Signal.zip([Signal.from([1, 2]), .from([3, 4, 5])]))
    #expect(recorder.events == [.next([1, 3]), .next([2, 4]), .completed])
    let empty = Recorder<[Int], Never>()
    empty.subscribe(to: Signal.zip([Signal<Int, Never>]()))
    #expect(empty.events == [.completed])
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
}
