import RACSwiftTesting
import Testing

@testable import RACSwift

/// A plain value type for the combining tests.
struct Point: Equatable, Sendable, CustomStringConvertible {
  var x: Int
  var y: Int
  var description: String { "(\(x),\(y))" }
}

/// A cold signal that sends `values` when subscribed and counts its disposals.
private func counted(_ values: [Int], disposals: AtomicCounter) -> Signal<Int, TestError> {
  Signal { subscriber in
    for value in values { subscriber.sendNext(value) }
    return AnyDisposable { disposals.increment() }
  }
}

/// The parameter-pack `Signal.combineLatest`, whatever the number of inputs: inside a function
/// over a pack only the pack form applies, so the fixed-arity overloads can be checked against it.
private func packCombineLatest<each V, Failure: Error>(
  _ signals: repeat Signal<each V, Failure>
) -> Signal<(repeat each V), Failure> {
  Signal.combineLatest(repeat each signals)
}

/// The parameter-pack `Signal.zip` (see `packCombineLatest`).
private func packZip<each V, Failure: Error>(
  _ signals: repeat Signal<each V, Failure>
) -> Signal<(repeat each V), Failure> {
  Signal.zip(repeat each signals)
}

/// Which combining operator a differential test builds.
private enum CombiningForm: Sendable, CustomStringConvertible {
  case combineLatest
  case zip

  var description: String { self == .combineLatest ? "combineLatest" : "zip" }

  /// `Signal.combineLatest` or `Signal.zip` of `inputs` (2, 3 or 4 of them): the fixed-arity
  /// overloads, or the parameter-pack form if `pack`.
  func signal(_ inputs: [Signal<Int, TestError>], pack: Bool) -> Signal<
    (Int, Int, Int, Int), TestError
  > {
    // Every arity is padded to a 4-tuple (absent inputs show as -1) so one type covers all.
    let i = inputs
    switch (self, inputs.count, pack) {
    case (.combineLatest, 2, false):
      return Signal.combineLatest(i[0], i[1]).map { ($0, $1, -1, -1) }
    case (.combineLatest, 2, true): return packCombineLatest(i[0], i[1]).map { ($0, $1, -1, -1) }
    case (.combineLatest, 3, false):
      return Signal.combineLatest(i[0], i[1], i[2]).map { ($0, $1, $2, -1) }
    case (.combineLatest, 3, true):
      return packCombineLatest(i[0], i[1], i[2]).map { ($0, $1, $2, -1) }
    case (.combineLatest, _, false): return Signal.combineLatest(i[0], i[1], i[2], i[3])
    case (.combineLatest, _, true): return packCombineLatest(i[0], i[1], i[2], i[3])
    case (.zip, 2, false): return Signal.zip(i[0], i[1]).map { ($0, $1, -1, -1) }
    case (.zip, 2, true): return packZip(i[0], i[1]).map { ($0, $1, -1, -1) }
    case (.zip, 3, false): return Signal.zip(i[0], i[1], i[2]).map { ($0, $1, $2, -1) }
    case (.zip, 3, true): return packZip(i[0], i[1], i[2]).map { ($0, $1, $2, -1) }
    case (.zip, _, false): return Signal.zip(i[0], i[1], i[2], i[3])
    case (.zip, _, true): return packZip(i[0], i[1], i[2], i[3])
    }
  }

  /// The combined signal's name, before the `map` that pads it (fixed-arity or pack form).
  func name(_ inputs: [Signal<Int, TestError>], pack: Bool) -> String {
    let i = inputs
    switch (self, inputs.count, pack) {
    case (.combineLatest, 2, false): return Signal.combineLatest(i[0], i[1]).name
    case (.combineLatest, 2, true): return packCombineLatest(i[0], i[1]).name
    case (.combineLatest, 3, false): return Signal.combineLatest(i[0], i[1], i[2]).name
    case (.combineLatest, 3, true): return packCombineLatest(i[0], i[1], i[2]).name
    case (.combineLatest, _, false): return Signal.combineLatest(i[0], i[1], i[2], i[3]).name
    case (.combineLatest, _, true): return packCombineLatest(i[0], i[1], i[2], i[3]).name
    case (.zip, 2, false): return Signal.zip(i[0], i[1]).name
    case (.zip, 2, true): return packZip(i[0], i[1]).name
    case (.zip, 3, false): return Signal.zip(i[0], i[1], i[2]).name
    case (.zip, 3, true): return packZip(i[0], i[1], i[2]).name
    case (.zip, _, false): return Signal.zip(i[0], i[1], i[2], i[3]).name
    case (.zip, _, true): return packZip(i[0], i[1], i[2], i[3]).name
    }
  }
}

/// One step of a script fed to the inputs of a combining operator.
private enum ScriptStep {
  case next(input: Int, value: Int)
  case completed(input: Int)
  case error(input: Int, code: Int)
}

/// A script of `length` steps over `inputs` inputs: mostly values, some completions, now and then
/// an error (if `errors`).
private func script(
  inputs: Int, length: Int, errors: Bool, using generator: inout SeededGenerator
) -> [ScriptStep] {
  (0..<length).map { value in
    let input = Int.random(in: 0..<inputs, using: &generator)
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<6: return .completed(input: input)
    case 6..<8 where errors: return .error(input: input, code: value)
    default: return .next(input: input, value: value)
    }
  }
}

/// What `form` of `inputs` inputs sends when `steps` are fed to new subjects, through the
/// fixed-arity overloads or (`pack`) the parameter-pack form.
private func events(
  of form: CombiningForm, inputs: Int, pack: Bool, _ steps: [ScriptStep]
) -> [Event<[Int], TestError>] {
  let subjects = (0..<inputs).map { _ in Subject<Int, TestError>() }
  let recorder = Recorder<[Int], TestError>()
  let subscription = recorder.subscribe(
    to: form.signal(subjects, pack: pack).map { [$0, $1, $2, $3] })
  for step in steps {
    switch step {
    case .next(let input, let value): subjects[input].sendNext(value)
    case .completed(let input): subjects[input].sendCompleted()
    case .error(let input, let code): subjects[input].sendError(TestError(code: code))
    }
  }
  subscription.dispose()
  return recorder.events
}

@Suite(
  "Combining engine: combineLatest and zip of any arity (A7-13, A7-21, B.1 -zipWith:, B.3)",
  .checksLiveSubscriptions)
struct CombiningEngineTests {
  // MARK: combineLatest

  @Test("A7-13: combineLatest of 2 (Int, String) sends the latest pair on every value")
  func combineLatestTwo() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    var sent: [String] = []
    let subscription = Signal.combineLatest(numbers, words).subscribe(next: {
      sent.append("\($0)\($1)")
    })
    numbers.sendNext(1)
    numbers.sendNext(2)
    #expect(sent.isEmpty)
    words.sendNext("a")
    numbers.sendNext(3)
    words.sendNext("b")
    #expect(sent == ["2a", "3a", "3b"])
    subscription.dispose()
  }

  @Test("A7-13: combineLatest(with:) of (String, Point) and its name")
  func combineLatestWith() {
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var sent: [String] = []
    let combined = words.combineLatest(with: points)
    let subscription = combined.subscribe(next: { sent.append("\($0)\($1)") })
    points.sendNext(Point(x: 1, y: 2))
    words.sendNext("p")
    points.sendNext(Point(x: 3, y: 4))
    #expect(sent == ["p(1,2)", "p(3,4)"])
    #expect(combined.name == "[+subject] -combineLatestWith: +subject")
    subscription.dispose()
  }

  @Test("A7-13: combineLatest of 3 (Int, String, Point) waits for all, then sends on each")
  func combineLatestThree() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var sent: [String] = []
    let subscription = Signal.combineLatest(numbers, words, points).subscribe(next: {
      sent.append("\($0) \($1) \($2)")
    })
    points.sendNext(Point(x: 0, y: 0))
    numbers.sendNext(1)
    #expect(sent.isEmpty)
    words.sendNext("a")
    points.sendNext(Point(x: 1, y: 1))
    numbers.sendNext(2)
    #expect(sent == ["1 a (0,0)", "1 a (1,1)", "2 a (1,1)"])
    subscription.dispose()
  }

  @Test("A7-13: combineLatest of 5 inputs of 5 types")
  func combineLatestFive() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let flags = Subject<Bool, Never>()
    let ratios = Subject<Double, Never>()
    var sent: [String] = []
    let combined = Signal.combineLatest(numbers, words, points, flags, ratios)
    let subscription = combined.subscribe(next: { sent.append("\($0) \($1) \($2) \($3) \($4)") })
    numbers.sendNext(1)
    words.sendNext("a")
    points.sendNext(Point(x: 1, y: 2))
    flags.sendNext(true)
    #expect(sent.isEmpty)
    ratios.sendNext(0.5)
    flags.sendNext(false)
    #expect(sent == ["1 a (1,2) true 0.5", "1 a (1,2) false 0.5"])
    #expect(
      combined.name
        == "+combineLatest: (+subject, +subject, +subject, +subject, +subject)")
    subscription.dispose()
  }

  @Test("B.3 +combineLatest: the array form sends arrays in input order")
  func combineLatestArray() {
    let inputs = (0..<3).map { _ in Subject<String, Never>() }
    let recorder = Recorder<[String], Never>()
    let subscription = recorder.subscribe(to: Signal.combineLatest(inputs))
    inputs[2].sendNext("c")
    inputs[0].sendNext("a")
    inputs[1].sendNext("b")
    inputs[0].sendNext("A")
    #expect(recorder.values == [["a", "b", "c"], ["A", "b", "c"]])
    subscription.dispose()
  }

  @Test("B.3 +combineLatest: completes only when every input has completed")
  func combineLatestCompletion() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var sent: [String] = []
    var completions = 0
    let subscription = Signal.combineLatest(numbers, words, points).subscribe(
      next: { sent.append("\($0)\($1)\($2)") }, completed: { completions += 1 })
    numbers.sendNext(1)
    numbers.sendCompleted()
    words.sendNext("a")
    points.sendNext(Point(x: 0, y: 0))
    words.sendCompleted()
    points.sendNext(Point(x: 1, y: 0))
    #expect(completions == 0)
    points.sendCompleted()
    #expect(sent == ["1a(0,0)", "1a(1,0)"])
    #expect(completions == 1)
    subscription.dispose()
  }

  @Test("B.3 +combineLatest: an input completing without a value still waits for the others")
  func combineLatestCompletionWithoutValues() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    var events: [String] = []
    let subscription = numbers.combineLatest(with: words).subscribe(
      next: { events.append("\($0)\($1)") }, completed: { events.append("completed") })
    numbers.sendCompleted()
    words.sendNext("a")
    #expect(events.isEmpty)
    words.sendCompleted()
    #expect(events == ["completed"])
    subscription.dispose()
  }

  @Test("B.3 +combineLatest: an error from any input ends it at once, once")
  func combineLatestError() {
    let numbers = Subject<Int, TestError>()
    let words = Subject<String, TestError>()
    let points = Subject<Point, TestError>()
    var events: [String] = []
    let subscription = Signal.combineLatest(numbers, words, points).subscribe(
      next: { events.append("\($0)\($1)\($2)") }, error: { events.append("error \($0.code)") },
      completed: { events.append("completed") })
    numbers.sendNext(1)
    words.sendNext("a")
    points.sendNext(Point(x: 0, y: 0))
    words.sendError(TestError(code: 7))
    numbers.sendNext(2)
    points.sendError(TestError(code: 8))
    #expect(events == ["1a(0,0)", "error 7"])
    subscription.dispose()
  }

  @Test("A7-13: a value sent into an input from inside the handler is combined after")
  func combineLatestReentrant() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    var sent: [String] = []
    let subscription = Signal.combineLatest(numbers, words).subscribe(next: { number, word in
      sent.append("\(number)\(word)")
      if number == 1 { numbers.sendNext(2) }
      if number == 2 && word == "a" { words.sendNext("b") }
    })
    words.sendNext("a")
    numbers.sendNext(1)
    #expect(sent == ["1a", "2a", "2b"])
    subscription.dispose()
  }

  // MARK: zip

  @Test("A7-21: zip of 2 (Int, String) pairs n-th values")
  func zipTwo() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    var sent: [String] = []
    let subscription = Signal.zip(numbers, words).subscribe(next: { sent.append("\($0)\($1)") })
    numbers.sendNext(1)
    numbers.sendNext(2)
    numbers.sendNext(3)
    words.sendNext("a")
    words.sendNext("b")
    #expect(sent == ["1a", "2b"])
    words.sendNext("c")
    words.sendNext("d")
    numbers.sendNext(4)
    #expect(sent == ["1a", "2b", "3c", "4d"])
    subscription.dispose()
  }

  @Test("B.1 -zipWith: zip(with:) of (Point, Int) and its name")
  func zipWith() {
    let points = Subject<Point, Never>()
    let numbers = Subject<Int, Never>()
    var sent: [String] = []
    let zipped = points.zip(with: numbers)
    let subscription = zipped.subscribe(next: { sent.append("\($0)\($1)") })
    numbers.sendNext(1)
    numbers.sendNext(2)
    points.sendNext(Point(x: 0, y: 1))
    #expect(sent == ["(0,1)1"])
    #expect(zipped.name == "+zip: (+subject, +subject)")
    subscription.dispose()
  }

  @Test("A7-21: zip of 3 (Int, String, Point) in order")
  func zipThree() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var sent: [String] = []
    let subscription = Signal.zip(numbers, words, points).subscribe(next: {
      sent.append("\($0) \($1) \($2)")
    })
    for value in 1...3 { numbers.sendNext(value) }
    words.sendNext("a")
    words.sendNext("b")
    points.sendNext(Point(x: 1, y: 1))
    points.sendNext(Point(x: 2, y: 2))
    points.sendNext(Point(x: 3, y: 3))
    #expect(sent == ["1 a (1,1)", "2 b (2,2)"])
    words.sendNext("c")
    #expect(sent == ["1 a (1,1)", "2 b (2,2)", "3 c (3,3)"])
    subscription.dispose()
  }

  @Test("A7-21: zip of 5 inputs of 5 types")
  func zipFive() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let flags = Subject<Bool, Never>()
    let ratios = Subject<Double, Never>()
    var sent: [String] = []
    let zipped = Signal.zip(numbers, words, points, flags, ratios)
    let subscription = zipped.subscribe(next: { sent.append("\($0) \($1) \($2) \($3) \($4)") })
    for value in 1...2 {
      numbers.sendNext(value)
      words.sendNext("w\(value)")
      points.sendNext(Point(x: value, y: value))
      flags.sendNext(value == 1)
    }
    #expect(sent.isEmpty)
    ratios.sendNext(0.5)
    ratios.sendNext(1.5)
    #expect(sent == ["1 w1 (1,1) true 0.5", "2 w2 (2,2) false 1.5"])
    #expect(zipped.name == "+zip: (+subject, +subject, +subject, +subject, +subject)")
    subscription.dispose()
  }

  @Test("B.1 +zip: the array form sends arrays of n-th values in input order")
  func zipArray() {
    let inputs = (0..<3).map { _ in Subject<Int, Never>() }
    let recorder = Recorder<[Int], Never>()
    let subscription = recorder.subscribe(to: Signal.zip(inputs))
    inputs[1].sendNext(10)
    inputs[1].sendNext(11)
    inputs[0].sendNext(0)
    inputs[2].sendNext(20)
    inputs[0].sendNext(1)
    inputs[2].sendNext(21)
    #expect(recorder.values == [[0, 10, 20], [1, 11, 21]])
    subscription.dispose()
  }

  @Test("B.1 -zipWith: an input completing with nothing queued completes zip at once")
  func zipCompletesWhenEmptyInputCompletes() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var events: [String] = []
    let subscription = Signal.zip(numbers, words, points).subscribe(
      next: { events.append("\($0)\($1)\($2)") }, completed: { events.append("completed") })
    numbers.sendNext(1)
    words.sendNext("a")
    points.sendCompleted()
    numbers.sendNext(2)
    #expect(events == ["completed"])
    subscription.dispose()
  }

  @Test("B.1 -zipWith: an input completing with values queued completes zip once they are sent")
  func zipCompletesWhenQueueDrains() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    var events: [String] = []
    let subscription = Signal.zip(numbers, words, points).subscribe(
      next: { events.append("\($0)\($1)\($2)") }, completed: { events.append("completed") })
    numbers.sendNext(1)
    numbers.sendNext(2)
    numbers.sendCompleted()
    words.sendNext("a")
    words.sendNext("b")
    words.sendNext("c")
    points.sendNext(Point(x: 1, y: 0))
    #expect(events == ["1a(1,0)"])
    points.sendNext(Point(x: 2, y: 0))
    #expect(events == ["1a(1,0)", "2b(2,0)", "completed"])
    subscription.dispose()
  }

  @Test("B.1 -zipWith: an error from any input ends zip at once, even with values queued")
  func zipError() {
    let numbers = Subject<Int, TestError>()
    let words = Subject<String, TestError>()
    var events: [String] = []
    let subscription = numbers.zip(with: words).subscribe(
      next: { events.append("\($0)\($1)") }, error: { events.append("error \($0.code)") },
      completed: { events.append("completed") })
    numbers.sendNext(1)
    numbers.sendNext(2)
    words.sendNext("a")
    numbers.sendError(TestError(code: 3))
    words.sendNext("b")
    words.sendCompleted()
    #expect(events == ["1a", "error 3"])
    subscription.dispose()
  }

  @Test("A7-21: zip of synchronous inputs of different lengths stops at the shortest")
  func zipSynchronous() {
    var sent: [String] = []
    var completions = 0
    Signal.zip(
      Signal<Int, Never>.from([1, 2, 3]), Signal.from(["a", "b"]),
      Signal.from([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2)])
    ).subscribe(next: { sent.append("\($0)\($1)\($2)") }, completed: { completions += 1 })
    #expect(sent == ["1a(0,0)", "2b(1,1)"])
    #expect(completions == 1)
  }

  @Test("B.1 +zip, B.3 +combineLatest: no inputs complete at once")
  func noInputs() {
    let latest = Recorder<[Point], Never>()
    latest.subscribe(to: Signal.combineLatest([Signal<Point, Never>]()))
    let zipped = Recorder<[Point], Never>()
    zipped.subscribe(to: Signal.zip([Signal<Point, Never>]()))
    #expect(latest.events == [.completed])
    #expect(zipped.events == [.completed])
  }

  // MARK: disposal

  @Test("A2-05: disposing the subscription disposes every input's subscription once")
  func disposalReachesEveryInput() {
    let disposals = AtomicCounter()
    let first = counted([1], disposals: disposals)
    let second = counted([2], disposals: disposals)
    let third = counted([3], disposals: disposals)
    var sent: [[Int]] = []
    let latest = Signal.combineLatest(first, second, third).subscribe(next: {
      sent.append([$0, $1, $2])
    })
    #expect(sent == [[1, 2, 3]])
    #expect(disposals.count == 0)
    latest.dispose()
    #expect(disposals.count == 3)
    let zipped = Signal.zip([first, second, third]).subscribe(next: { sent.append($0) })
    let pair = first.zip(with: second).subscribe(next: { sent.append([$0, $1]) })
    zipped.dispose()
    pair.dispose()
    latest.dispose()
    #expect(disposals.count == 8)
    #expect(sent == [[1, 2, 3], [1, 2, 3], [1, 2]])
  }

  @Test("A2-05: an input that completes is disposed then, not when the others end")
  func completedInputIsDisposedAtOnce() {
    let disposals = AtomicCounter()
    let finite = Signal<Int, TestError> { subscriber in
      subscriber.sendNext(1)
      subscriber.sendCompleted()
      return AnyDisposable { disposals.increment() }
    }
    let endless = counted([2], disposals: disposals)
    var sent: [String] = []
    let subscription = finite.combineLatest(with: endless).subscribe(next: {
      sent.append("\($0)\($1)")
    })
    #expect(disposals.count == 1)
    #expect(sent == ["12"])
    subscription.dispose()
    #expect(disposals.count == 2)
  }

  @Test("A2-05: after disposal, values and terminal events are not delivered")
  func nothingAfterDisposal() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    var events: [String] = []
    let latest = Signal.combineLatest(numbers, words).subscribe(
      next: { events.append("\($0)\($1)") }, completed: { events.append("completed") })
    let zipped = Signal.zip(numbers, words).subscribe(
      next: { events.append("zip \($0)\($1)") }, completed: { events.append("zip completed") })
    numbers.sendNext(1)
    words.sendNext("a")
    latest.dispose()
    zipped.dispose()
    numbers.sendNext(2)
    numbers.sendCompleted()
    words.sendCompleted()
    #expect(events == ["1a", "zip 1a"])
  }

  @Test("A2-05: an input failing synchronously stops the later inputs from being subscribed")
  func synchronousErrorStopsSubscribing() {
    let subscriptions = AtomicCounter()
    let later = Signal<String, TestError> { subscriber in
      subscriptions.increment()
      return nil
    }
    var errors = 0
    Signal.combineLatest(Signal<Int, TestError>.error(TestError()), later, later).subscribe(
      error: { _ in errors += 1 })
    Signal<Int, TestError>.error(TestError()).zip(with: later).subscribe(error: { _ in errors += 1 }
    )
    #expect(errors == 2)
    #expect(subscriptions.count == 0)
  }

  // MARK: fixed-arity overloads (2 to 4 inputs) against the parameter-pack form

  @Test(
    "A7-13, A7-21: combineLatest and zip of 2, 3 and 4 inputs send what the pack form sends",
    arguments: [CombiningForm.combineLatest, .zip], [2, 3, 4])
  fileprivate func fixedArityMatchesPack(form: CombiningForm, inputs: Int) {
    var generator = SeededGenerator(state: UInt64(inputs) * 31 + (form == .zip ? 7 : 0))
    for round in 0..<150 {
      let steps = script(
        inputs: inputs, length: 5 + round % 40, errors: round % 3 == 0, using: &generator)
      let fixed = events(of: form, inputs: inputs, pack: false, steps)
      let pack = events(of: form, inputs: inputs, pack: true, steps)
      #expect(fixed == pack, "\(form) of \(inputs), script \(steps)")
    }
  }

  @Test(
    "A7-13, A7-21: the names of combineLatest and zip of 2, 3 and 4 inputs are the pack form's",
    arguments: [CombiningForm.combineLatest, .zip], [2, 3, 4])
  fileprivate func fixedArityNames(form: CombiningForm, inputs: Int) {
    let names = ["a", "b", "c", "d"]
    let subjects = (0..<inputs).map { Subject<Int, TestError>().setName(names[$0]) }
    let label = form == .combineLatest ? "+combineLatest" : "+zip"
    let expected = "\(label): (\(names.prefix(inputs).joined(separator: ", ")))"
    #expect(form.name(subjects, pack: false) == expected)
    #expect(form.name(subjects, pack: true) == expected)
  }

  @Test(
    "A2-05: combineLatest and zip of 2, 3, 4: a synchronous error stops later subscriptions",
    arguments: [CombiningForm.combineLatest, .zip], [2, 3, 4])
  fileprivate func fixedAritySynchronousError(form: CombiningForm, inputs: Int) {
    for failing in 0..<inputs {
      for pack in [false, true] {
        let subscriptions = AtomicCounter()
        let disposals = AtomicCounter()
        let quiet = Signal<Int, TestError> { _ in
          subscriptions.increment()
          return AnyDisposable { disposals.increment() }
        }
        let signals = (0..<inputs).map {
          $0 == failing ? Signal<Int, TestError>.error(TestError(code: $0)) : quiet
        }
        let recorder = Recorder<[Int], TestError>()
        recorder.subscribe(to: form.signal(signals, pack: pack).map { [$0, $1, $2, $3] })
        #expect(recorder.events == [.error(TestError(code: failing))])
        #expect(subscriptions.count == failing, "input \(failing) of \(inputs), pack \(pack)")
        #expect(disposals.count == failing, "input \(failing) of \(inputs), pack \(pack)")
      }
    }
  }

  @Test("A7-13: combineLatest of 4 (Int, String, Point, Bool): values, completion, name")
  func combineLatestFour() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let flags = Subject<Bool, Never>()
    var events: [String] = []
    let combined = Signal.combineLatest(numbers, words, points, flags)
    let subscription = combined.subscribe(
      next: { events.append("\($0) \($1) \($2) \($3)") }, completed: { events.append("completed") })
    numbers.sendNext(1)
    words.sendNext("a")
    points.sendNext(Point(x: 1, y: 2))
    numbers.sendNext(2)
    #expect(events.isEmpty)
    flags.sendNext(true)
    words.sendNext("b")
    numbers.sendCompleted()
    words.sendCompleted()
    points.sendCompleted()
    flags.sendNext(false)
    #expect(events == ["2 a (1,2) true", "2 b (1,2) true", "2 b (1,2) false"])
    flags.sendCompleted()
    #expect(events.last == "completed")
    #expect(combined.name == "+combineLatest: (+subject, +subject, +subject, +subject)")
    subscription.dispose()
  }

  @Test("A7-21: zip of 4 (Int, String, Point, Bool): values, completion, name")
  func zipFour() {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let flags = Subject<Bool, Never>()
    var events: [String] = []
    let zipped = Signal.zip(numbers, words, points, flags)
    let subscription = zipped.subscribe(
      next: { events.append("\($0) \($1) \($2) \($3)") }, completed: { events.append("completed") })
    for value in 1...2 {
      numbers.sendNext(value)
      words.sendNext("w\(value)")
      points.sendNext(Point(x: value, y: value))
    }
    flags.sendNext(true)
    #expect(events == ["1 w1 (1,1) true"])
    flags.sendCompleted()
    #expect(events == ["1 w1 (1,1) true", "completed"])
    #expect(zipped.name == "+zip: (+subject, +subject, +subject, +subject)")
    subscription.dispose()
  }

  @Test("A7-13, A7-21: combineLatest and zip of 4 synchronous inputs of different types")
  func fourSynchronous() {
    var sent: [String] = []
    var completions = 0
    let numbers = Signal<Int, Never>.from([1, 2, 3])
    let words = Signal<String, Never>.from(["a", "b"])
    let points = Signal<Point, Never>.from([Point(x: 0, y: 0), Point(x: 1, y: 1)])
    let flags = Signal<Bool, Never>.from([true, false, true])
    Signal.zip(numbers, words, points, flags).subscribe(
      next: { sent.append("\($0)\($1)\($2)\($3)") }, completed: { completions += 1 })
    Signal.combineLatest(numbers, words, points, flags).subscribe(
      next: { sent.append("latest \($0)\($1)\($2)\($3)") }, completed: { completions += 1 })
    #expect(
      sent == [
        "1a(0,0)true", "2b(1,1)false", "latest 3b(1,1)true", "latest 3b(1,1)false",
        "latest 3b(1,1)true",
      ])
    #expect(completions == 2)
  }
}
