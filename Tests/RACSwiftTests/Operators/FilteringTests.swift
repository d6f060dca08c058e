import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Filtering (B.1, B.3)", .checksLiveSubscriptions)
struct FilteringTests {
  @Test("A7-10: distinctUntilChanged lets the first value through and drops repeats")
  func distinct() {
    #expect(collected(Signal.from([1, 1, 2, 2, 1])).values == [1, 1, 2, 2, 1])
    #expect(collected(Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged()).values == [1, 2, 1])
    let byParity = Signal.from([1, 3, 2, 4, 5]).distinctUntilChanged { $0 % 2 == $1 % 2 }
    #expect(collected(byParity).values == [1, 2, 5])
  }

  @Test("A7-07: ignoreValues keeps only the terminal event")
  func ignoreValues() {
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: Signal<Int, TestError>.from([1, 2]).ignoreValues())
    #expect(recorder.events == [.completed])
  }

  @Test("takeLast sends after completion; an error is forwarded without values")
  func takeLast() {
    let subject = Subject<Int, TestError>()
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: subject.takeLast(2))
    for value in 1...5 { subject.sendNext(value) }
    #expect(recorder.events.isEmpty)
    subject.sendCompleted()
    #expect(recorder.events == [.next(4), .next(5), .completed])
    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: Signal<Int, TestError>.from([1]).concat(.error(TestError())).takeLast(1))
    #expect(failing.events == [.error(TestError())])
  }

  @Test("take(while:), take(until:) predicate, skip(while:), skip(until:) predicate")
  func predicates() {
    let source = Signal.from([1, 2, 5, 1, 6])
    #expect(collected(source.take(while: { $0 < 3 })).values == [1, 2])
    #expect(collected(source.take(until: { $0 > 3 })).values == [1, 2])
    #expect(collected(source.take(until: { $0 > 3 })).completed)
    #expect(collected(source.skip(while: { $0 < 3 })).values == [5, 1, 6])
    #expect(collected(source.skip(until: { $0 > 3 })).values == [5, 1, 6])
  }

  @Test("take(n) sends n values then completes; take(0) never subscribes")
  func take() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from(1...10).take(3))
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    let subscriptions = AtomicCounter()
    let counted = Signal<Int, Never> { subscriber in
      subscriptions.increment()
      subscriber.sendCompleted()
      return nil
    }
    let none = Recorder<Int, Never>()
    none.subscribe(to: counted.take(0))
    #expect(none.events == [.completed])
    #expect(subscriptions.count == 0)
    let short = Recorder<Int, Never>()
    short.subscribe(to: Signal.from(1...2).take(5))
    #expect(short.events == [.next(1), .next(2), .completed])
  }

  @Test("take completes even if the signal is recursive (a handler sends into the source)")
  func takeRecursive() {
    let subject = Subject<Int, Never>()
    var values: [Int] = []
    subject.take(3).subscribe(next: { value in
      values.append(value)
      subject.sendNext(value + 1)
    })
    subject.sendNext(1)
    #expect(values == [1, 2, 3])
    subject.sendCompleted()
  }

  @Test("skip(n) drops the first n values")
  func skip() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.from(1...5).skip(2))
    #expect(recorder.values == [3, 4, 5])
    let all = Recorder<Int, Never>()
    all.subscribe(to: Signal.from(1...3).skip(0))
    #expect(all.values == [1, 2, 3])
    let none = Recorder<Int, Never>()
    none.subscribe(to: Signal.from(1...3).skip(10))
    #expect(none.events == [.completed])
  }
}
