import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Names and logging (A14)", .checksLiveSubscriptions, .serialized)
struct SignalNameTests {
  @Test("A14-02: operators name their result from the input, in chain order (seed 004's form)")
  func seedForm() {
    let usernames = Subject<String, Never>().setName("RACObserve(self, username)")
    let signal = usernames.distinctUntilChanged().take(3).filter { $0 == "joshaber" }
    #expect(
      signal.description
        == "[[[RACObserve(self, username)] -distinctUntilChanged] -take: 3] -filter:")
    let bound = usernames.bind { { value, _ in .just(value) } }.take(3)
    #expect(bound.description == "[[RACObserve(self, username)] -bind:] -take: 3")
  }

  @Test("A14-01, A14-03: setName returns the receiver, and description includes the name")
  func setName() {
    let signal = Signal<Int, Never>.never
    let returned = signal.setName("ticks")
    #expect(returned === signal)
    #expect(signal.name == "ticks")
    #expect("\(signal.map { $0 })" == "[ticks] -map:")
  }

  @Test("take(until:), take(untilReplacement:) and sample name the other signal after the label")
  func triggerNames() {
    let subject = Subject<Int, Never>()
    let trigger = Signal<Int, Never>.just(1).setName("trigger")
    #expect(subject.take(until: trigger).name == "[+subject] -takeUntil: trigger")
    #expect(
      subject.take(untilReplacement: trigger).name == "[+subject] -takeUntilReplacement: trigger")
    #expect(subject.sample(trigger).name == "[+subject] -sample: trigger")
    #expect(
      subject.map { $0 }.sample(trigger.filter { $0 > 0 }).name
        == "[[+subject] -map:] -sample: [trigger] -filter:")
  }

  @Test("sources, binary and list operators have readable names")
  func otherNames() {
    #expect(Signal.just(1).name == "+just: 1")
    #expect(Signal<Int, Never>.empty.name == "+empty")
    #expect(Signal.just(1).concat(.just(2)).name == "[+just: 1] -concat: +just: 2")
    #expect(Signal.concat([Signal.just(1), .just(2)]).name == "+concat: (+just: 1, +just: 2)")
    #expect(Subject<Int, Never>().skip(2).name == "[+subject] -skip: 2")
    #expect(
      Signal.if(.just(true), then: .just(1), else: .just(2)).name
        == "+if: +just: true then: +just: 1 else: +just: 2")
    #expect(
      Signal.switch(.just("a"), cases: ["a": .just(1)], default: .just(0)).name
        == "+switch: +just: a cases: 1 default: +just: 0")
  }

  @Test("A14-02, A14-03: a filter on a map someone keeps shows a name given to the map later")
  func filterOfAKeptMap() {
    let subject = Subject<Int, Never>()
    let tripled = subject.map { $0 * 3 }
    let even = tripled.filter { $0 % 2 == 0 }
    #expect(even.name == "[[+subject] -map:] -filter:")
    // Names are read when asked for, from the inputs as they are then — which is why `filter`
    // fuses only into a map nothing else references: a fused filter names the map's input.
    tripled.setName("tripled")
    #expect(even.name == "[tripled] -filter:")
    #expect(tripled.name == "tripled")
  }

  @Test("names of a 10,000-operator chain are built without recursion")
  func deepName() {
    var signal = Signal<Int, Never>.never.setName("root")
    for _ in 0..<10_000 { signal = signal.map { $0 } }
    let name = signal.name
    #expect(name.hasPrefix(String(repeating: "[", count: 10_000) + "root]"))
    #expect(name.hasSuffix("] -map:"))
  }

  @Test(
    "A14-04: logNext, logError, logCompleted and logAll write lines with the subscription's place")
  func logging() {
    let lines = Recorder<String, Never>()
    let previous = SignalLog.output
    SignalLog.output = { lines.record(.next($0)) }
    defer { SignalLog.output = previous }

    let signal = Signal<Int, TestError>.from([1, 2]).setName("numbers")
    signal.logAll().subscribe()  // the line below is where the subscription is made
    let line = #line - 1
    Signal<Int, TestError>.error(TestError(code: 4)).setName("failing").logError().subscribe()
    signal.logNext().subscribe()
    signal.logCompleted().subscribe()

    let place = "RACSwiftTests/SignalNameTests.swift:\(line)"
    #expect(lines.values.count == 7)
    #expect(lines.values[0] == "numbers next: 1 (subscribed at \(place))")
    #expect(lines.values[1] == "numbers next: 2 (subscribed at \(place))")
    #expect(lines.values[2] == "numbers completed (subscribed at \(place))")
    #expect(lines.values[3].hasPrefix("failing error: TestError(4) (subscribed at"))
    #expect(lines.values[4].hasPrefix("numbers next: 1"))
    #expect(lines.values[5].hasPrefix("numbers next: 2"))
    #expect(lines.values[6].hasPrefix("numbers completed"))
    #expect(signal.logAll().name == "numbers")
  }
}
