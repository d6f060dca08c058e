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
}
