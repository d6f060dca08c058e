import Foundation
import RACSwift

/// Search as you type: the screen binds its search field to ``query`` and shows ``state``.
///
/// A search starts once the user pauses typing for ``pause``; a new search cancels the one still
/// running, so only the latest query's answer is ever shown. Queries shorter than two letters
/// clear the results without asking the service.
@MainActor
public final class SearchViewModel {
  /// What the search screen shows.
  public enum State: Equatable, Sendable {
    /// Nothing searched: the query is too short.
    case idle
    /// Waiting for the answer for a term.
    case searching(String)
    /// The books found for a term.
    case found(String, [Book])
    /// The search for a term failed; the message says why.
    case failed(String, message: String)
  }

  /// How long the user must stop typing before a search starts.
  public static let pause: Duration = .milliseconds(300)

  /// What is in the search field.
  @Observed public var query = ""
  /// What the screen shows.
  @ReadOnlyObserved public private(set) var state = State.idle

  /// A search screen asking `service`; typing pauses are timed on `scheduler`.
  public init(service: any BookService, scheduler: any Scheduler = MainScheduler.shared) {
    let states = $query.signal
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      .distinctUntilChanged()
      .throttle(Self.pause, on: scheduler)
      .map { term -> Signal<State, Never> in
        guard term.count >= 2 else { return .just(.idle) }
        return service.search(term)
          .map { State.found(term, $0) }
          .catch { .just(.failed(term, message: $0.userMessage)) }
          .startWith(.searching(term))
      }
      .switchToLatest()
    _state <~ states
  }

  /// The books found for the latest query; empty while searching or after a failure.
  public var results: [Book] {
    if case .found(_, let books) = state { books } else { [] }
  }

  /// Whether an answer is awaited.
  public var isSearching: Bool {
    if case .searching = state { true } else { false }
  }

  /// Why the latest search failed, if it did.
  public var errorMessage: String? {
    if case .failed(_, let message) = state { message } else { nil }
  }
}
