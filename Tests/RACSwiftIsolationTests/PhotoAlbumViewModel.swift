import Foundation
import RACSwift

/// A photo as the RAC 2 app modelled it: a mutable class, not `Sendable`.
final class PhotoModel {
  /// The photo's title.
  let title: String
  /// Whether the user marked it.
  var isFavorite = false

  /// A photo titled `title`.
  init(title: String) { self.title = title }
}

extension Notification.Name {
  /// Posted when the photo library changed on disk.
  static let photoLibraryDidChange = Notification.Name("PhotoLibraryDidChange")
}

/// A photo album screen ported from a RAC 2 app, written as a RAC 2 developer writes it, where
/// RAC's `id` hid the value types:
///
/// - `[[RACSignal merge:@[RACObserve(self, query), refreshTaps, libraryChanged]] startWith:nil]`
///   merges triggers of three value types (`String?`, `Void`, `Notification`) and starts with one;
/// - `loadPhotos` is declared to send `[PhotoModel]?` (`nil`: nothing to show), while the search
///   sends `[PhotoModel]` and the cache `[PhotoModel]?`;
/// - `Signal.from(photos)` iterates models that are not `Sendable`.
@MainActor
final class PhotoAlbumViewModel {
  /// The search field's text.
  @Observed var query: String?
  /// The photos shown: `nil` until there is something to show.
  @Observed private(set) var photos: [PhotoModel]?
  /// The titles of the favourite photos, as the last `refreshFavorites()` found them.
  @Observed private(set) var favoriteTitles: [String] = []
  /// Pull to refresh.
  let refreshTaps = Subject<Void, Never>()
  /// The photos of a query, from the server.
  private let search: (String) -> Signal<[PhotoModel], Never>
  /// The photos of a query saved earlier, if there are (`nil` if not); `nil` when there is no cache.
  private let cache: ((String) -> Signal<[PhotoModel]?, Never>)?
  /// Each load, in order: the query it was made for.
  private(set) var loads: [String?] = []

  /// An album searching with `search`, answering from `cache` first if there is one, reloading
  /// when `center` posts `.photoLibraryDidChange`.
  init(
    search: @escaping (String) -> Signal<[PhotoModel], Never>,
    cache: ((String) -> Signal<[PhotoModel]?, Never>)? = nil,
    center: NotificationCenter
  ) {
    self.search = search
    self.cache = cache
    let libraryChanged = center.signal(forName: .photoLibraryDidChange)
    let reloads = Signal.merge(triggers: $query.signal.skip(1), refreshTaps, libraryChanged)
      .startWith(())
    $photos <~ reloads.map { [unowned self] in loadPhotos() }.switchToLatest()
  }

  /// The photos for the current query: `nil` for an empty query, else the cache's answer (if
  /// there is a cache) merged with the server's.
  func loadPhotos() -> Signal<[PhotoModel]?, Never> {
    loads.append(query)
    guard let query, !query.isEmpty else { return .just(nil) }
    guard let cache else { return search(query).asOptional() }
    return cache(query).merge(search(query))
  }

  /// Finds the favourites among the photos shown, one photo at a time.
  func refreshFavorites() {
    $favoriteTitles
      <~ Signal.from(photos ?? []).filter { $0.isFavorite }.map { $0.title }
      .collect()
  }
}
