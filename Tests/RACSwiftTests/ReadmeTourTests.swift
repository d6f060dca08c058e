import RACSwift
import RACSwiftTesting
import Testing

/// The README's tour, with what its comments claim checked. (`.ci/check-readme` type-checks the
/// README's code itself; keep the two in sync.)
@Suite("README tour", .checksLiveSubscriptions)
struct ReadmeTourTests {
  @Test("the tour prints what its comments say")
  func tour() {
    var lines: [String] = []
    let numbers = Signal<Int, Never> { subscriber in
      for value in 1...5 { subscriber.sendNext(value) }
      subscriber.sendCompleted()
      return nil
    }
    let evens = numbers.filter { $0.isMultiple(of: 2) }.map { $0 * 10 }
    evens.subscribe(next: { lines.append("\($0)") }, completed: { lines.append("done") })
    #expect(lines == ["20", "40", "done"])

    lines = []
    let taps = Subject<String, Never>()
    let subscription = taps.subscribe(next: { lines.append("tapped \($0)") })
    taps.sendNext("OK")
    subscription.dispose()
    taps.sendNext("late")
    #expect(lines == ["tapped OK"])

    lines = []
    let runs = AtomicCounter()
    let request = Signal<String, Never>.defer {
      runs.increment()
      return .just("response")
    }.replay()
    request.subscribe(next: { lines.append("A got \($0)") })
    request.subscribe(next: { lines.append("B got \($0)") })
    #expect(lines == ["A got response", "B got response"])
    #expect(runs.count == 1)

    #expect("\(taps.filter { !$0.isEmpty }.take(3))" == "[[+subject] -filter:] -take: 3")
  }
}
