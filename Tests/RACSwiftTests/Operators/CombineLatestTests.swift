import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "combineLatest: variadic, arrays, with:, and inputs that cannot fail beside failing ones (B.1, B.3)",
  .checksLiveSubscriptions)
struct CombineLatestTests {
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

  @Test("A7-13: combineLatest of three types sends tuples once all have sent")
  func combineLatestVariadic() {
    let name = Subject<String, Never>()
    let age = Subject<Int, Never>()
    let admin = Subject<Bool, Never>()
    var tuples: [String] = []
    let subscription = Signal.combineLatest(name, age, admin).subscribe(next: { n, a, b in
      tuples.append("\(n) \(a) \(b)")
    })
    name.sendNext("ada")
    age.sendNext(36)
    #expect(tuples.isEmpty)
    admin.sendNext(true)
    age.sendNext(37)
    #expect(tuples == ["ada 36 true", "ada 37 true"])
    #expect(
      Signal.combineLatest(name, age).name == "+combineLatest: (+subject, +subject)")
    subscription.dispose()
  }

  @Test("combineLatest fails at once and completes when all complete")
  func combineLatestTermination() {
    let left = Subject<Int, TestError>()
    let right = Subject<Int, TestError>()
    let recorder = Recorder<[Int], TestError>()
    recorder.subscribe(to: Signal.combineLatest([left, right]))
    left.sendNext(1)
    right.sendNext(2)
    left.sendCompleted()
    right.sendNext(3)
    #expect(recorder.values == [[1, 2], [1, 3]])
    right.sendError(TestError())
    #expect(recorder.events.last == .error(TestError()))
    let none = Recorder<[Int], TestError>()
    none.subscribe(to: Signal.combineLatest([Signal<Int, TestError>]()))
    #expect(none.events == [.completed])
  }

  @Test("A2-05: combineLatest of a side-effecting signal with itself subscribes twice")
  func combineLatestColdTwice() {
    let counter = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      subscriber.sendNext(counter.increment())
      subscriber.sendCompleted()
      return nil
    }
    var tuples: [[Int]] = []
    Signal.combineLatest(signal, signal).subscribe(next: { tuples.append([$0, $1]) })
    #expect(tuples == [[1, 2]])
  }

  @Test("A2-05, A6-02: combineLatest of a side-effecting signal with itself subscribes twice")
  func combineLatestSubscribesTwice() {
    let counter = AtomicCounter()
    let signal = Signal<Int, Never> { subscriber in
      subscriber.sendNext(counter.increment())
      subscriber.sendCompleted()
      return nil
    }
    var pairs: [[Int]] = []
    signal.combineLatest(with: signal).subscribe(next: { pairs.append([$0, $1]) })
    #expect(pairs == [[1, 2]])
  }

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
}
