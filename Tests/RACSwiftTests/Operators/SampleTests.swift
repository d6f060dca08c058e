import RACSwift
import RACSwiftTesting
import Testing

@Suite("sample (B.3)", .checksLiveSubscriptions)
struct SampleTests {

  @Test("sample sends the latest value on each tick, repeats allowed, nothing before the first")
  func sample() {
    let values = Subject<Int, Never>()
    let ticks = Subject<Void, Never>()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: values.sample(ticks))
    ticks.sendNext(())
    values.sendNext(1)
    values.sendNext(2)
    ticks.sendNext(())
    ticks.sendNext(())
    values.sendNext(3)
    ticks.sendCompleted()
    #expect(recorder.events == [.next(2), .next(2), .completed])
  }

  @Test("a receiver that ends at once leaves the sampler unsubscribed, even before deliver(on:)")
  func endedReceiverSkipsTheSampler() {
    let scheduler = TestScheduler()
    let samplerSubscriptions = AtomicCounter()
    let sampler = Signal<Void, TestError> { _ in
      samplerSubscriptions.increment()
      return nil
    }
    let recorder = scheduler.record(
      Signal<Int, TestError>.error(TestError()).sample(sampler).deliver(on: scheduler))
    #expect(samplerSubscriptions.count == 0)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events.map(\.event) == [.error(TestError())])
  }
}
