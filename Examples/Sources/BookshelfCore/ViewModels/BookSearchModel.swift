import Foundation
import Observation
import RACSwift

/// Search as you type for a SwiftUI screen: an `@Observable` model, so a view that reads
/// ``results`` (or ``state``) is redrawn when it changes, and a `TextField` edits ``query``
/// through `@Bindable`.
///
/// RACSwift drives it through `observed[…]`, the `@Observable` spelling of `@Observed`'s `$`:
/// the query's changes come from `observed[\.query].signal`, and the answers are bound with
/// `observed[\.state] <~ …`. Each bound answer is one set of ``state``, on the main actor: one
/// change for the view.
///
/// A search starts once the query has not changed for ``pause``; a new search cancels the one
/// still running, so only the latest query's answer is shown. Queries shorter than two letters
/// clear the results without asking the service.
@Observable
@MainActor
public final class BookSearchModel {
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

  /// How long the query must stay the same before a search starts.
  public static let pause: Duration = .milliseconds(300)

  /// What is in the search field.
  public var query = ""
  /// What the screen shows; only the model sets it.
  public private(set) var state = State.idle

  /// A search screen asking `service`; pauses are timed on `scheduler`.
  public init(service: any BookService, scheduler: any Scheduler = MainScheduler.shared) {
    let states = observed[\.query].signal
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
    observed[\.state] <~ states
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
