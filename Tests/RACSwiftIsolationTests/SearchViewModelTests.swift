import RACSwift
import RACSwiftTesting
import Testing

/// `SearchViewModel` at run time: synchronous on the main actor, errors, background senders.
@Suite("A @MainActor search view model", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct SearchViewModelTests {
  /// Every stage of the search chain and of `lookUp(_:)`.
  static let allStages: Set<String> = [
    "skip(while:)", "take(until:)", "map", "filter", "distinctUntilChanged", "throttle",
    "flattenMap", "Signal { }", "defer", "tryMap", "mapError", "catch",
  ]

  @MainActor
  @Test("a query sent on the main actor has passed every stage when sendNext returns")
  func synchronousOnTheMainActor() {
    let query = Subject<String, Never>()
    let scheduler = TestScheduler()
    let model = SearchViewModel { term in .just("\(term)-1,\(term)-2") }
    model.start(query: query, scheduler: scheduler)

    query.sendNext("typed before the screen appeared")
    #expect(model.searchedTerms.isEmpty)
    model.isVisible = true
    query.sendNext("  =Swift ")
    #expect(model.searchedTerms == ["=swift"], "an exact lookup is not throttled")
    #expect(model.results == ["=swift-1", "=swift-2"])
    #expect(model.requestCount == 1)

    query.sendNext("=SWIFT")
    query.sendNext("r")
    #expect(model.searchedTerms == ["=swift"], "the same search again, then one too short")
    query.sendNext("rac")
    #expect(model.searchedTerms == ["=swift"], "throttled")
    scheduler.advance(by: .milliseconds(300))
    #expect(model.searchedTerms == ["=swift", "rac"])
    #expect(model.results == ["rac-1", "rac-2"])

    query.sendNext("=swift")
    #expect(model.results == ["=swift-1", "=swift-2"])
    #expect(model.requestCount == 2, "answered from the cache")

    query.sendNext("/close")
    #expect(model.isClosed)
    #expect(Set(model.stagesRun) == Self.allStages.subtracting(["mapError", "catch"]))
  }

  @MainActor
  @Test("backend errors become a message; offline falls back to a shorter term's results")
  func errors() {
    let query = Subject<String, Never>()
    let model = SearchViewModel { term in
      switch term {
      case "=swiftui": .error(.offline)
      case "=bad": .just("!garbage")
      default: .just(term)
      }
    }
    model.isVisible = true
    model.start(query: query, scheduler: TestScheduler())

    query.sendNext("=swift")
    query.sendNext("=swiftui")
    #expect(model.results == ["=swift"], "offline: the cached results of =swift")
    #expect(model.errorMessage == nil)
    query.sendNext("=bad")
    #expect(model.errorMessage == "Unexpected answer: !garbage")
    #expect(model.stagesRun.filter { ["tryMap", "mapError", "catch"].contains($0) }.count == 6)
    // The error ended the search: later queries go nowhere.
    query.sendNext("=more")
    #expect(model.searchedTerms == ["=swift", "=swiftui", "=bad"])
  }

  @MainActor
  @Test("queries sent from a background thread are searched on the main actor, in order")
  func backgroundQueries() async {
    let query = Subject<String, Never>()
    let model = SearchViewModel { term in .just(term) }
    model.isVisible = true
    model.start(query: query, scheduler: TestScheduler())
    let terms = (1...200).map { "=term\($0)" }

    sendFromBackground(terms, to: query)
    await yield(until: { model.searchedTerms.count == terms.count })

    #expect(model.searchedTerms == terms)
    #expect(model.results == ["=term200"])
    #expect(model.requestCount == 200)
    model.stop()
  }
}
