import RACSwift
import RACSwiftTesting
import Testing

@Suite("just", .checksLiveSubscriptions)
struct JustTests {
  @Test("just's name shows its value, whether or not it can fail")
  func name() {
    #expect(Signal<Int, TestError>.just(3).name == "+just: 3")
    #expect(Signal<String, Never>.just("a").name == "+just: a")
  }

  @Test("just sends its value again for each subscription, failing type or not")
  func eachSubscription() {
    let signal = Signal<Int, TestError>.just(7)
    let first = Recorder<Int, TestError>()
    first.subscribe(to: signal)
    let second = Recorder<Int, TestError>()
    second.subscribe(to: signal)
    #expect(first.events == [.next(7), .completed])
    #expect(second.events == first.events)
  }

  @Test("just sends no completion once its value disposed the subscription")
  func disposedByValue() {
    var completions = 0
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal.just(1).doCompleted { completions += 1 }.take(1))
    #expect(recorder.events == [.next(1), .completed])
    #expect(completions == 0)
  }
}
