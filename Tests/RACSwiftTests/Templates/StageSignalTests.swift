import RACSwiftTesting
import Testing

@testable import RACSwift

/// A stage written the way CONTRIBUTING's walkthrough says: each subscription counts its values
/// and sends each with its index.
private struct IndexingStage<Value, Failure: Error>: SignalStage {
  typealias Input = Value
  typealias InputFailure = Failure
  func makeState() -> Int { 0 }
  func receive(
    _ event: inout Event<Value, Failure>, state index: inout Int,
    send: Signal<(Int, Value), Failure>.Sink
  ) {
    switch event {
    case .next(let value):
      emit(.next((index, value)), to: send)
      index += 1
    case .error(let error): emit(.error(error), to: send)
    case .completed: emit(.completed, to: send)
    }
  }
}

extension Signal {
  fileprivate func numberedByTestStage() -> Signal<(Int, Value), Failure> {
    appending(IndexingStage(), name: .input("indexed"))
  }
}

/// Records the values and the terminal event of one subscription.
private final class Recording<Value>: @unchecked Sendable {
  var values: [Value] = []
  var completions = 0
  var errors = 0

  func subscribe<Failure>(to signal: Signal<Value, Failure>) -> any Disposable {
    signal.subscribe(
      next: { self.values.append($0) }, error: { _ in self.errors += 1 },
      completed: { self.completions += 1 })
  }
}

@Suite(
  "The stage template: one struct per operator (CONTRIBUTING, Writing an operator)",
  .checksLiveSubscriptions)
struct StageSignalTests {
  @Test(
    "a stage written outside the operator files runs once per event, with state per subscription")
  func stageOfOurOwn() {
    let subject = Subject<String, Never>()
    let indexed = subject.numberedByTestStage()
    let first = Recording<(Int, String)>()
    let second = Recording<(Int, String)>()
    let a = first.subscribe(to: indexed)
    subject.sendNext("a")
    let b = second.subscribe(to: indexed)
    subject.sendNext("b")
    subject.sendCompleted()
    #expect(first.values.map(\.0) == [0, 1])
    #expect(first.values.map(\.1) == ["a", "b"])
    #expect(second.values.map(\.0) == [0])
    #expect(second.values.map(\.1) == ["b"])
    #expect(first.completions == 1 && second.completions == 1)
    #expect(indexed.description == "[+subject] -indexed")
    a.dispose()
    b.dispose()
  }

  @Test("on a synchronous input the stage runs synchronously, starting each subscription afresh")
  func synchronousInput() {
    let indexed = Signal<String, Never>.from(["x", "y"]).numberedByTestStage()
    #expect(indexed.isSynchronous)
    let first = Recording<(Int, String)>()
    let second = Recording<(Int, String)>()
    _ = first.subscribe(to: indexed)
    _ = second.subscribe(to: indexed)
    #expect(first.values.map(\.0) == [0, 1])
    #expect(second.values.map(\.0) == [0, 1])
    #expect(second.completions == 1)
  }

  @Test(
    "a filter joins any template stage: one signal, named as two, filtering what the stage sends")
  func filterJoinsAnyStage() {
    let source = Signal<Int, Never>.from(1...10)
    let taken = source.take(4).filter { $0.isMultiple(of: 2) }
    // The filter joined `take`: the result's input is the source itself.
    #expect(taken.nameInput() === source)
    #expect(taken.description == "[[+from] -take: 4] -filter:")
    let recording = Recording<Int>()
    _ = recording.subscribe(to: taken)
    // `take` counts the values it receives, before the filter: 1…4, of which 2 and 4 pass.
    #expect(recording.values == [2, 4])
    #expect(recording.completions == 1)

    let scanned = Subject<Int, Never>()
    let sums = scanned.scan(0, +).filter { $0 > 2 }
    #expect(sums.description == "[[+subject] -scanWithStart:reduce:] -filter:")
    let sumsRecording = Recording<Int>()
    let subscription = sumsRecording.subscribe(to: sums)
    for value in [1, 1, 1, 1] { scanned.sendNext(value) }
    #expect(sumsRecording.values == [3, 4])
    subscription.dispose()
  }

  @Test("a second filter, a named stage or a shared one gets a filter signal of its own")
  func filterJoinsOnce() {
    let source = Signal<Int, Never>.from(1...6)
    let twice = source.map { $0 * 10 }.filter { $0 > 10 }.filter { $0 < 60 }
    #expect(twice.description == "[[[+from] -map:] -filter:] -filter:")
    let recording = Recording<Int>()
    _ = recording.subscribe(to: twice)
    #expect(recording.values == [20, 30, 40, 50])

    let named = source.map { $0 + 1 }.setName("plusOne").filter { $0 > 5 }
    #expect(named.description == "[plusOne] -filter:")

    let shared = source.skip(1)
    let filtered = shared.filter { $0 > 4 }
    #expect(filtered.nameInput() === shared)
    #expect(shared.description == "[+from] -skip: 1")
    let sharedRecording = Recording<Int>()
    _ = sharedRecording.subscribe(to: shared)
    #expect(sharedRecording.values == [2, 3, 4, 5, 6])
  }

  @Test(
    "A14-02: a joined filter keeps the stage's own detail in the name: -ignore: 0, then -filter:")
  func joinedNameKeepsDetail() {
    let signal = Signal<Int, Never>.from([0, 1, 2]).ignore(0).filter { $0 > 1 }
    #expect(signal.description == "[[+from] -ignore: 0] -filter:")
  }

  @Test("A2-14: a stage that ends early stops an endless synchronous input, also inside a merge")
  func earlyEndStopsEndlessInput() {
    let endless = Signal<Int, Never>.from(1...)
    let recording = Recording<Int>()
    _ = recording.subscribe(to: endless.take(3))
    #expect(recording.values == [1, 2, 3])
    // Inside a merge, an inner signal runs in the merge's scope: the early end must still stop
    // the endless source (take(while:) and tryMap end early too).
    let merged = Signal<Int, Never>.from([1, 2]).flattenMap { _ in endless.take(while: { $0 < 3 }) }
    let mergedRecording = Recording<Int>()
    _ = mergedRecording.subscribe(to: merged)
    #expect(mergedRecording.values == [1, 2, 1, 2])
    #expect(mergedRecording.completions == 1)
  }

  @Test("take: 0 completes at once without subscribing to its input (RAC's -take: 0 is +empty)")
  func completesAtStart() {
    var subscriptions = 0
    let counted = Signal<Int, Never> { subscriber in
      subscriptions += 1
      subscriber.sendNext(1)
      return nil
    }
    let recording = Recording<Int>()
    _ = recording.subscribe(to: counted.take(0))
    #expect(subscriptions == 0)
    #expect(recording.values.isEmpty)
    #expect(recording.completions == 1)
  }

  @Test("a stage never changes the event it receives: a subject's other subscribers see it as sent")
  func eventIsNotChanged() {
    let subject = Subject<Int, Never>()
    let ending = Recording<Int>()
    let plain = Recording<Int>()
    // take(until:) ends at 2 by sending `completed` of its own; the direct subscriber after it
    // must still receive 2 and 3.
    let a = ending.subscribe(to: subject.take(until: { $0 == 2 }))
    let b = plain.subscribe(to: subject)
    for value in [1, 2, 3] { subject.sendNext(value) }
    #expect(ending.values == [1])
    #expect(ending.completions == 1)
    #expect(plain.values == [1, 2, 3])
    #expect(plain.completions == 0)
    a.dispose()
    b.dispose()
  }
}
