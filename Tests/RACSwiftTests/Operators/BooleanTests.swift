import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Boolean operators (A7-13, B.3)", .checksLiveSubscriptions)
struct BooleanTests {
  @Test("not, and, or")
  func logic() {
    #expect(collected(Signal.from([true, false]).not()).values == [false, true])
    let a = Subject<Bool, Never>()
    let b = Subject<Bool, Never>()
    let both = Recorder<Bool, Never>()
    let either = Recorder<Bool, Never>()
    let first = both.subscribe(to: Signal.and(a, b))
    let second = either.subscribe(to: Signal.or(a, b))
    a.sendNext(true)
    b.sendNext(false)
    b.sendNext(true)
    a.sendNext(false)
    #expect(both.values == [false, true, false])
    #expect(either.values == [true, true, true])
    first.dispose()
    second.dispose()
  }

  @Test("any, any(_:), all(_:) send one Boolean and never fail")
  func quantifiers() {
    #expect(collected(Signal.from([1]).any()).values == [true])
    #expect(collected(Signal<Int, Never>.empty.any()).values == [false])
    #expect(collected(Signal.from([1, 5]).any { $0 > 3 }).values == [true])
    #expect(collected(Signal.from([1, 2]).any { $0 > 3 }).values == [false])
    #expect(collected(Signal<Int, TestError>.error(TestError()).any { $0 > 3 }).values == [false])
    #expect(collected(Signal.from([4, 5]).all { $0 > 3 }).values == [true])
    #expect(collected(Signal.from([4, 1, 5]).all { $0 > 3 }).values == [false])
    #expect(collected(Signal<Int, TestError>.error(TestError()).all { $0 > 3 }).values == [false])
  }

  @Test("any() completes and disposes the receiver as soon as it knows")
  func anyStopsEarly() {
    let cleanups = AtomicCounter()
    let holder = SubscriberHolder<Int, Never>()
    let recorder = Recorder<Bool, Never>()
    recorder.subscribe(
      to: Signal<Int, Never> { subscriber in
        holder.subscriber = subscriber
        return AnyDisposable { cleanups.increment() }
      }.any())
    holder.subscriber?.sendNext(1)
    #expect(recorder.events == [.next(true), .completed])
    #expect(cleanups.count == 1)
    holder.subscriber = nil
  }
}
