import Foundation
import RACSwift

/// What the search backend can fail with.
enum SearchError: Error, Equatable {
  /// No connection.
  case offline
  /// The backend answered something that is not a result list.
  case badResponse(String)
}

/// A search error as the screen shows it.
struct SearchFailure: Error, Equatable {
  /// The text shown under the search field.
  var message: String
}

/// A search screen's view model, ported from a RAC 2 app: the query text is trimmed, filtered,
/// de-duplicated and throttled, each term answered from a cache or by the backend, the raw
/// response parsed and errors turned into a message. Every stage uses the view model's own state
/// and methods, with no annotation: the operators run them on the main actor.
@MainActor
final class SearchViewModel {
  /// Looks a term up: the raw response, one line of comma-separated results.
  let backend: (String) -> Signal<String, SearchError>
  /// Shorter terms are not searched.
  var minimumLength = 2
  /// Whether the screen is on screen: queries typed before it appears are dropped.
  var isVisible = false
  /// Results of earlier searches, by term.
  var cache: [String: [String]] = [:]
  /// Results of the last search.
  private(set) var results: [String] = []
  /// The last error, for the screen.
  private(set) var errorMessage: String?
  /// The terms searched, in order.
  private(set) var searchedTerms: [String] = []
  /// How often the backend was asked.
  private(set) var requestCount = 0
  /// Whether the query stream has ended (the user closed the search).
  private(set) var isClosed = false
  /// The stages whose closures ran, in order (each checked to run on the main actor).
  private(set) var stagesRun: [String] = []
  private var subscription: (any Disposable)?

  /// A view model searching with `backend`.
  init(backend: @escaping (String) -> Signal<String, SearchError>) {
    self.backend = backend
  }

  /// Starts searching for what `query` sends; throttled terms wait `scheduler`'s 300 ms.
  func start(query: Signal<String, Never>, scheduler: any Scheduler) {
    subscription =
      query
      .skip(while: { _ in
        self.ran("skip(while:)")
        return !self.isVisible
      })
      .take(until: { text in
        self.ran("take(until:)")
        return self.isCloseCommand(text)
      })
      .map { text in
        self.ran("map")
        return self.normalized(text)
      }
      .filter { term in
        self.ran("filter")
        return term.count >= self.minimumLength
      }
      .distinctUntilChanged { previous, term in
        self.ran("distinctUntilChanged")
        return self.isSameSearch(previous, term)
      }
      .throttle(
        .milliseconds(300), on: scheduler,
        valuesPassingTest: { term in
          self.ran("throttle")
          return !self.isExactLookup(term)
        }
      )
      .doNext { term in self.searchedTerms.append(term) }
      .promoteError(SearchFailure.self)
      .flattenMap { term in
        self.ran("flattenMap")
        return self.lookUp(term)
      }
      .subscribe(
        next: { self.results = $0 },
        error: { self.errorMessage = $0.message },
        completed: { self.isClosed = true })
  }

  /// Stops searching.
  func stop() { subscription?.dispose() }

  /// The results for `term`: from the cache if it has them, else from the backend, parsed, with
  /// an error turned into a message — or into the cached results of a shorter term when offline.
  func lookUp(_ term: String) -> Signal<[String], SearchFailure> {
    if cache[term] != nil {
      return Signal { subscriber in
        self.ran("Signal { }")
        subscriber.sendNext(self.cache[term] ?? [])
        subscriber.sendCompleted()
        return nil
      }
    }
    return Signal.defer {
      self.ran("defer")
      self.requestCount += 1
      return self.backend(term)
    }
    .tryMap { response throws(SearchError) in
      self.ran("tryMap")
      return try self.parse(response)
    }
    .doNext { self.cache[term] = $0 }
    .mapError { error in
      self.ran("mapError")
      return self.failure(for: error)
    }
    .catch { failure in
      self.ran("catch")
      return self.fallback(for: term, after: failure)
    }
  }

  /// Records that `stage`'s closure ran, and checks that it runs on the main actor.
  func ran(_ stage: String) {
    MainActor.assertIsolated("\(stage) ran off the main actor")
    stagesRun.append(stage)
  }

  func normalized(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces).lowercased()
  }

  func isCloseCommand(_ text: String) -> Bool { text == "/close" }

  func isSameSearch(_ previous: String, _ term: String) -> Bool { previous == term }

  /// Exact lookups (`=term`) skip the throttle: the user pressed return.
  func isExactLookup(_ term: String) -> Bool { term.hasPrefix("=") }

  func parse(_ response: String) throws(SearchError) -> [String] {
    guard !response.hasPrefix("!") else { throw .badResponse(response) }
    return response.split(separator: ",").map(String.init)
  }

  func failure(for error: SearchError) -> SearchFailure {
    switch error {
    case .offline: SearchFailure(message: "You are offline")
    case .badResponse(let response): SearchFailure(message: "Unexpected answer: \(response)")
    }
  }

  func fallback(for term: String, after failure: SearchFailure) -> Signal<[String], SearchFailure> {
    let shorter = cache.keys.filter { term.hasPrefix($0) }.max { $0.count < $1.count }
    if failure.message == "You are offline", let shorter, let cached = cache[shorter] {
      return .just(cached)
    }
    return .error(failure)
  }
}
