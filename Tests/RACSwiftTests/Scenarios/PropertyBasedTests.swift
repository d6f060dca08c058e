import PropertyBased
import RACSwift
import RACSwiftTesting
import Testing

/// The values and terminal event a synchronous signal sends.
func collected<V, F: Error>(_ signal: Signal<V, F>) -> (values: [V], completed: Bool) {
  let recorder = Recorder<V, F>()
  recorder.subscribe(to: signal)
  return (
    recorder.values,
    recorder.events.last.map { if case .completed = $0 { true } else { false } } ?? false
  )
}

let smallInts = Gen.int(in: -20...20).array(of: 0...40)

@Suite("Operators agree with Array (property-based)", .checksLiveSubscriptions)
struct ArrayAgreementTests {
  @Test("map, filter, scan, aggregate, collect")
  func transforming() async {
    await propertyCheck(input: smallInts) { numbers in
      let source = Signal<Int, Never>.from(numbers)
      #expect(collected(source.map { $0 * 3 }).values == numbers.map { $0 * 3 })
      #expect(collected(source.filter { $0 > 0 }).values == numbers.filter { $0 > 0 })
      var running = 0
      let scanned = numbers.map { value -> Int in
        running += value
        return running
      }
      #expect(collected(source.scan(0, +)).values == scanned)
      #expect(collected(source.aggregate(0, +)).values == [numbers.reduce(0, +)])
      #expect(collected(source.collect()).values == [numbers])
    }
  }

  @Test("skip, take, takeLast, startWith, concat")
  func slicing() async {
    await propertyCheck(input: smallInts, Gen.int(in: 0...45)) { numbers, count in
      let source = Signal<Int, Never>.from(numbers)
      #expect(collected(source.skip(count)).values == Array(numbers.dropFirst(count)))
      #expect(collected(source.take(count)).values == Array(numbers.prefix(count)))
      #expect(collected(source.takeLast(count)).values == Array(numbers.suffix(count)))
      #expect(collected(source.startWith(count)).values == [count] + numbers)
      #expect(collected(source.concat(source)).values == numbers + numbers)
      #expect(collected(source.take(count)).completed)
    }
  }

  @Test("distinctUntilChanged, ignore, zip")
  func filtering() async {
    await propertyCheck(input: Gen.int(in: 0...3).array(of: 0...40), smallInts) { numbers, other in
      let source = Signal<Int, Never>.from(numbers)
      var distinct: [Int] = []
      for value in numbers where distinct.last != value { distinct.append(value) }
      #expect(collected(source.distinctUntilChanged()).values == distinct)
      #expect(collected(source.ignore(2)).values == numbers.filter { $0 != 2 })
      let zipped = collected(Signal.zip(source, Signal<Int, Never>.from(other))).values
      #expect(zipped.map { [$0.0, $0.1] } == zip(numbers, other).map { [$0, $1] })
    }
  }
}

/// One step of an interleaving fed to a multi-input operator.
struct Step: Sendable {
  let input: Int
  let value: Int
}

let interleavings = Gen.int(in: 0...2).array(of: 0...30).map { inputs in
  inputs.enumerated().map { Step(input: $0.element, value: $0.offset) }
}

@Suite(
  "Multi-input operators agree with a reference model (property-based)",
  .checksLiveSubscriptions)
struct ReferenceModelTests {
  @Test("merge forwards every send in order")
  func merge() async {
    await propertyCheck(input: interleavings) { steps in
      let inputs = (0..<3).map { _ in Subject<Int, Never>() }
      let recorder = Recorder<Int, Never>()
      recorder.subscribe(to: Signal.merge(inputs))
      for step in steps { inputs[step.input].sendNext(step.value) }
      for input in inputs { input.sendCompleted() }
      #expect(recorder.values == steps.map(\.value))
      #expect(recorder.isTerminated)
    }
  }

  @Test("combineLatest emits the latest of each once all have sent")
  func combineLatest() async {
    await propertyCheck(input: interleavings) { steps in
      let inputs = (0..<3).map { _ in Subject<Int, Never>() }
      let recorder = Recorder<[Int], Never>()
      let subscription = recorder.subscribe(to: Signal.combineLatest(inputs))
      var latest: [Int?] = [nil, nil, nil]
      var expected: [[Int]] = []
      for step in steps {
        inputs[step.input].sendNext(step.value)
        latest[step.input] = step.value
        if latest.allSatisfy({ $0 != nil }) { expected.append(latest.map { $0! }) }
      }
      #expect(recorder.values == expected)
      subscription.dispose()
    }
  }

  @Test("flatten forwards sends to every inner signal started so far")
  func flatten() async {
    await propertyCheck(input: interleavings) { steps in
      // Input 0 starts the next inner signal; inputs 1 and 2 send to the first or latest one.
      let outer = Subject<Signal<Int, Never>, Never>()
      var inners: [Subject<Int, Never>] = []
      let recorder = Recorder<Int, Never>()
      let subscription = recorder.subscribe(to: outer.flatten())
      var expected: [Int] = []
      for step in steps {
        if step.input == 0 {
          let inner = Subject<Int, Never>()
          inners.append(inner)
          outer.sendNext(inner)
        } else if let target = step.input == 1 ? inners.first : inners.last {
          target.sendNext(step.value)
          expected.append(step.value)
        }
      }
      #expect(recorder.values == expected)
      subscription.dispose()
    }
  }

  @Test("switchToLatest forwards only sends to the latest inner signal")
  func switchToLatest() async {
    await propertyCheck(input: interleavings) { steps in
      let outer = Subject<Signal<Int, Never>, Never>()
      var inners: [Subject<Int, Never>] = []
      let recorder = Recorder<Int, Never>()
      let subscription = recorder.subscribe(to: outer.switchToLatest())
      var expected: [Int] = []
      for step in steps {
        if step.input == 0 {
          let inner = Subject<Int, Never>()
          inners.append(inner)
          outer.sendNext(inner)
        } else if !inners.isEmpty {
          let target = step.input == 1 ? inners[0] : inners[inners.count - 1]
          target.sendNext(step.value)
          if target === inners.last { expected.append(step.value) }
        }
      }
      #expect(recorder.values == expected)
      subscription.dispose()
    }
  }
}
