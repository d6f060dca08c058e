import RACSwift
import RACSwiftTesting
import Testing

@Suite("ReplaySubject (A4-05…A4-08, CONTRACT.md#subjects)", .checksLiveSubscriptions)
struct ReplaySubjectTests {

  @Test("A4-05, A4-08: a replay subject replays values and the terminal event, in both orders")
  func replaySubject() {
    let subject = ReplaySubject<Int, Never>()
    let live = Recorder<Int, Never>()
    live.subscribe(to: subject)
    subject.sendNext(1)
    subject.sendNext(2)
    subject.sendCompleted()
    let late = Recorder<Int, Never>()
    late.subscribe(to: subject)
    #expect(live.events == [.next(1), .next(2), .completed])
    #expect(late.events == live.events)
  }

  @Test("A4-07: a replay subject keeps only the latest `capacity` values")
  func replayCapacity() {
    let subject = ReplaySubject<Int, Never>(capacity: 2)
    for value in 1...5 { subject.sendNext(value) }
    let late = Recorder<Int, Never>()
    let subscription = late.subscribe(to: subject)
    #expect(late.values == [4, 5])
    subscription.dispose()
    let terminalOnly = ReplaySubject<Int, Never>(capacity: 0)
    terminalOnly.sendNext(1)
    terminalOnly.sendCompleted()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: terminalOnly)
    #expect(recorder.events == [.completed])
  }

  @Test("A4-06: replay stops early when the new subscription is disposed during it")
  func replayStopsWhenDisposed() {
    let subject = ReplaySubject<Int, Never>()
    for value in 1...10 { subject.sendNext(value) }
    var seen: [Int] = []
    let subscription = SerialDisposable()
    subscription.disposable = subject.take(3).subscribe(next: { seen.append($0) })
    #expect(seen == [1, 2, 3])
    subscription.dispose()
  }
}
