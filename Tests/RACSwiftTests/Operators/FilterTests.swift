import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("compactMap and skipNil (RAC's -ignore: nil)", .checksLiveSubscriptions)
struct CompactMapTests {
  @Test("compactMap sends the transformed values that are not nil, in order")
  func values() {
    let signal = Signal<String, Never>.from(["1", "two", "3", "", "5"]).compactMap { Int($0) }
    var values: [Int] = []
    var completed = false
    signal.subscribe(next: { values.append($0) }, completed: { completed = true })
    #expect(values == [1, 3, 5])
    #expect(completed)
  }

  @Test("RAC's ignore:nil (RAC-SEMANTICS B.1): skipNil drops the nils and unwraps the rest")
  func skipNilValues() {
    let signal = Signal<Int?, Never>.from([1, nil, nil, 4, nil]).skipNil()
    var values: [Int] = []
    signal.subscribe(next: { values.append($0) })
    #expect(values == [1, 4])
  }

  @Test("an error passes through compactMap and skipNil after the values before it")
  func errorPassesThrough() {
    let subject = Subject<String?, TestError>()
    let compact = Recorder<Int, TestError>()
    let skipped = Recorder<String, TestError>()
    compact.subscribe(to: subject.compactMap { $0.flatMap { Int($0) } })
    skipped.subscribe(to: subject.skipNil())
    subject.sendNext("7")
    subject.sendNext(nil)
    subject.sendNext("x")
    subject.sendError(TestError(code: 3))
    subject.sendNext("8")
    #expect(compact.events == [.next(7), .error(TestError(code: 3))])
    #expect(skipped.events == [.next("7"), .next("x"), .error(TestError(code: 3))])
  }

  @Test("completion passes through, also when every value was nil")
  func completionPassesThrough() {
    let subject = Subject<Int?, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: subject.skipNil())
    subject.sendNext(nil)
    subject.sendNext(nil)
    subject.sendCompleted()
    #expect(recorder.events == [.completed])
  }

  @Test("each subscription runs the transform for its own values (cold, A1-09)")
  func perSubscription() {
    var calls = 0
    let signal = Signal<Int, Never>.from(1...4).compactMap { value -> Int? in
      calls += 1
      return value.isMultiple(of: 2) ? value * 10 : nil
    }
    var first: [Int] = []
    var second: [Int] = []
    signal.subscribe(next: { first.append($0) })
    signal.subscribe(next: { second.append($0) })
    #expect(first == [20, 40])
    #expect(second == [20, 40])
    #expect(calls == 8)
  }

  @Test("A14-02: compactMap and skipNil name their result from the input")
  func names() {
    let usernames = Subject<String, Never>().setName("usernames")
    #expect(usernames.compactMap { Int($0) }.name == "[usernames] -compactMap:")
    #expect(usernames.map { Int($0) }.skipNil().name == "[[usernames] -map:] -skipNil")
    #expect(Signal.just("1").compactMap { Int($0) }.name == "[+just: 1] -compactMap:")
    #expect(
      usernames.compactMap { Int($0) }.filter { $0 > 0 }.name
        == "[[usernames] -compactMap:] -filter:")
  }

  @Test("disposing the subscription stops the values and ends the subscription to the input")
  func disposal() {
    let subject = Subject<Int?, Never>()
    var values: [Int] = []
    let disposals = AtomicCounter()
    let subscription = subject.doDisposed { disposals.increment() }.skipNil()
      .subscribe(next: { values.append($0) })
    subject.sendNext(1)
    subscription.dispose()
    subject.sendNext(2)
    #expect(values == [1])
    #expect(disposals.count == 1)
  }

  @Test("inside flattenMap, a compactMap of a synchronous signal delivers all its values")
  func synchronousInner() {
    let outer = Subject<[String], Never>()
    var values: [Int] = []
    let subscription = outer.flattenMap { texts in Signal.from(texts).compactMap { Int($0) } }
      .subscribe(next: { values.append($0) })
    outer.sendNext(["1", "a", "2"])
    outer.sendNext(["b", "3"])
    #expect(values == [1, 2, 3])
    subscription.dispose()
  }

  @Test("A2-01: written outside any actor, the transform runs where the values are sent")
  func nonisolatedRunsOnSendingThread() async {
    let subject = Subject<Int, Never>()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: subject.compactMap { $0 > 1 ? $0 : nil })
    // Each value has passed the stage, on the sending thread, when sendNext returns there.
    let seen = await Task.detached {
      subject.sendNext(1)
      subject.sendNext(2)
      return recorder.values
    }.value
    #expect(seen == [2])
    subscription.dispose()
  }

  @Test("written on the main actor, compactMap's transform runs there and may use its state")
  @MainActor
  func onTheMainActor() {
    var limit = 10
    var values: [Int] = []
    let subject = Subject<String, Never>()
    let subscription = subject.compactMap { text -> Int? in
      MainActor.preconditionIsolated()
      guard let number = Int(text), number <= limit else { return nil }
      return number
    }.subscribe(next: { values.append($0) })
    subject.sendNext("5")
    subject.sendNext("50")
    limit = 100
    subject.sendNext("50")
    subject.sendNext("x")
    // Sent on the main actor: each value has passed the stage when sendNext returns.
    #expect(values == [5, 50])
    subscription.dispose()
  }
}
