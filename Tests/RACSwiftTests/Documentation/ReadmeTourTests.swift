import RACSwift
import RACSwiftTesting
import Testing

/// The README's tour, with what its comments claim checked. (`.ci/check-examples` type-checks the
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

  @Test("the tour's view model: closures on the main actor, the send passes through at once")
  @MainActor
  func viewModel() {
    let usernames = Subject<String, Never>()
    let model = ReadmeLoginViewModel()
    model.wire(usernames: usernames)
    usernames.sendNext("  joshaber ")
    #expect(model.username == "joshaber")
    #expect(model.canSubmit)
    usernames.sendNext("jo")
    #expect(model.username == "jo")
    #expect(!model.canSubmit)
    model.stop()
  }
}

/// The README tour's `LoginViewModel`, with a way to end its subscription.
@MainActor
final class ReadmeLoginViewModel {
  var username = ""
  var canSubmit = false
  let minimumLength = 3
  private var subscription: (any Disposable)?

  func isValid(_ name: String) -> Bool { name.count >= minimumLength }

  func wire(usernames: Subject<String, Never>) {
    subscription =
      usernames
      .map { String($0.filter { $0 != " " }) }
      .filter { $0 != self.username }
      .subscribe(next: { name in
        MainActor.preconditionIsolated()
        self.username = name
        self.canSubmit = self.isValid(name)
      })
  }

  func stop() { subscription?.dispose() }
}
