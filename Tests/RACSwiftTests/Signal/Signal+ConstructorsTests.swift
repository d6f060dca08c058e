import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Constructors", .checksLiveSubscriptions)
struct ConstructorTests {
  @Test("just sends its value then completes (RAC's +return:)")
  func just() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: .just(5))
    #expect(recorder.events == [.next(5), .completed])
  }

  @Test("empty completes at once, never sends nothing, error fails at once")
  func emptyNeverError() {
    let empty = Recorder<Int, TestError>()
    empty.subscribe(to: .empty)
    #expect(empty.events == [.completed])

    let never = Recorder<Int, TestError>()
    let subscription = never.subscribe(to: .never)
    #expect(never.events.isEmpty)
    subscription.dispose()

    let failing = Recorder<Int, TestError>()
    failing.subscribe(to: .error(TestError(code: 2)))
    #expect(failing.events == [.error(TestError(code: 2))])
  }

  @Test("defer calls its factory on each subscription")
  func deferred() {
    let calls = AtomicCounter()
    let signal = Signal<Int, Never>.defer { .just(calls.increment()) }
    #expect(calls.count == 0)
    var values: [Int] = []
    signal.subscribe(next: { values.append($0) })
    signal.subscribe(next: { values.append($0) })
    #expect(values == [1, 2])
  }

  @Test("from sends a sequence's elements in order, again for each subscription")
  func fromSequence() {
    let signal = Signal<Character, Never>.from("abc")
    let first = Recorder<Character, Never>()
    first.subscribe(to: signal)
    let second = Recorder<Character, Never>()
    second.subscribe(to: signal)
    #expect(first.events == [.next("a"), .next("b"), .next("c"), .completed])
    #expect(second.events == first.events)
  }

  @Test("Signal.just infers a Never failure")
  func inference() {
    let signal = Signal.just(1)
    let typed: Signal<Int, Never> = signal
    #expect(typed.name == "+just: 1")
  }
}
