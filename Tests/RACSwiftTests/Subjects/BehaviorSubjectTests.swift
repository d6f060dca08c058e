import RACSwift
import RACSwiftTesting
import Testing

@Suite("BehaviorSubject (CONTRACT.md#subjects)", .checksLiveSubscriptions)
struct BehaviorSubjectTests {

  @Test("BehaviorSubject gives new subscribers the latest value, then live values")
  func behaviorSubject() {
    let subject = BehaviorSubject<Int, Never>(value: 5)
    #expect(subject.value == 5)
    let first = Recorder<Int, Never>()
    first.subscribe(to: subject)
    subject.sendNext(7)
    #expect(subject.value == 7)
    let second = Recorder<Int, Never>()
    second.subscribe(to: subject)
    subject.sendCompleted()
    #expect(first.events == [.next(5), .next(7), .completed])
    #expect(second.events == [.next(7), .completed])
    let late = Recorder<Int, Never>()
    late.subscribe(to: subject)
    #expect(late.events == [.completed])
  }
}
