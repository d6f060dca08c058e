import RACSwift

/// The reading list: pages of books, loaded first by ``refresh`` (pull to refresh), then one by
/// one with ``loadMore`` (scrolling to the end). Failures show in ``banner``; the books already
/// shown stay.
///
/// Only one of the two runs at a time: a refresh is not offered while a page is loading, nor a
/// page while refreshing, so a late page never lands on a list that was refreshed meanwhile.
@MainActor
public final class BookListViewModel {
  /// The books shown, in list order.
  @ReadOnlyObserved public private(set) var books: [Book] = []
  /// Whether the list is being loaded from its first page.
  @ReadOnlyObserved public private(set) var isRefreshing = false
  /// Whether a further page is loading.
  @ReadOnlyObserved public private(set) var isLoadingMore = false
  /// Whether there is a further page to load, and loading it is possible now.
  @ReadOnlyObserved public private(set) var canLoadMore = false
  /// The page ``loadMore`` loads next; `nil` before the first refresh and after the last page.
  @Observed private var nextPage: Int?

  /// Loads the list from its first page, replacing what is shown.
  public let refresh: Command<Void, BookPage, APIError>
  /// Loads the next page and appends it.
  public let loadMore: Command<Void, BookPage, APIError>
  /// Presents the failures of both commands.
  public let banner = ErrorBanner()

  /// A list loaded from `service`; the commands' signals deliver on `scheduler`.
  public init(service: any BookService, scheduler: any Scheduler = MainScheduler.shared) {
    // Until the commands are set, Swift lets the initializer reach `self`'s properties only
    // through their storage: `_nextPage.projectedValue` is `$nextPage`.
    let nextPage = _nextPage.projectedValue
    refresh = Command(
      enabled: _isLoadingMore.projectedValue.signal.map { !$0 }, scheduler: scheduler
    ) {
      service.books(page: 1)
    }
    loadMore = Command(
      enabled: Signal.combineLatest(nextPage.signal, _isRefreshing.projectedValue.signal)
        .map { page, refreshing in page != nil && !refreshing },
      scheduler: scheduler
    ) {
      service.books(page: nextPage.value ?? 1)
    }

    let pages = Signal.merge(
      refresh.executionSignals.flatten().map { Loaded.firstPage($0) },
      loadMore.executionSignals.flatten().map { Loaded.nextPage($0) })
    _books <~ pages.scan([Book]()) { books, loaded in loaded.books(after: books) }
    $nextPage <~ pages.map { $0.page.nextPage }
    _isRefreshing <~ refresh.executing
    _isLoadingMore <~ loadMore.executing
    _canLoadMore <~ loadMore.enabled
    banner.show(Signal.merge(refresh.errors, loadMore.errors))
  }
}

/// A page as it arrives, with what it does to the list.
private enum Loaded {
  /// The first page: it replaces the list.
  case firstPage(BookPage)
  /// A further page: it is appended.
  case nextPage(BookPage)

  var page: BookPage {
    switch self {
    case .firstPage(let page), .nextPage(let page): page
    }
  }

  /// The list after this page arrives on top of `books`.
  func books(after books: [Book]) -> [Book] {
    switch self {
    case .firstPage(let page): page.books
    case .nextPage(let page): books + page.books
    }
  }
}
