import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `PhotoAlbumViewModel` at run time: the RAC 2 code that `id` typed, ported as it was written —
/// triggers of three value types merged and started with one, `[PhotoModel]` where
/// `[PhotoModel]?` is declared, and `Signal.from` of models that are not `Sendable`.
@Suite("A @MainActor photo album: what RAC's id typing hid", .checksLiveSubscriptions)
struct PhotoAlbumViewModelTests {
  /// A server that answers every query with one photo titled after it.
  static func search(_ query: String) -> Signal<[PhotoModel], Never> {
    .just([PhotoModel(title: query)])
  }

  @MainActor
  @Test("the merged triggers load at once, on a query, a pull to refresh and a library change")
  func triggersOfThreeTypes() {
    let center = NotificationCenter()
    let model = PhotoAlbumViewModel(search: Self.search, center: center)
    #expect(model.loads == [nil], "startWith(()) loads once at once")
    #expect(model.photos == nil)
    model.query = "sunset"
    #expect(model.photos?.map(\.title) == ["sunset"])
    model.refreshTaps.sendNext(())
    center.post(name: .photoLibraryDidChange, object: nil)
    #expect(model.loads == [nil, "sunset", "sunset", "sunset"])
    model.query = ""
    #expect(model.photos == nil, "an empty query shows nothing")
  }

  @MainActor
  @Test("the cache's [PhotoModel]? merges with the server's [PhotoModel]")
  func cacheThenServer() {
    let fresh = Subject<[PhotoModel], Never>()
    let model = PhotoAlbumViewModel(
      search: { _ in fresh },
      cache: { query in .just(query == "known" ? [PhotoModel(title: "cached")] : nil) },
      center: NotificationCenter())
    model.query = "known"
    #expect(model.photos?.map(\.title) == ["cached"])
    fresh.sendNext([PhotoModel(title: "fresh")])
    #expect(model.photos?.map(\.title) == ["fresh"])
    model.query = "other"
    #expect(model.photos == nil, "the cache has nothing: nil until the server answers")
    fresh.sendNext([PhotoModel(title: "other")])
    #expect(model.photos?.map(\.title) == ["other"])
    fresh.sendCompleted()
  }

  @MainActor
  @Test("Signal.from iterates the non-Sendable photos on the main actor")
  func favorites() {
    let model = PhotoAlbumViewModel(
      search: { _ in .just([PhotoModel(title: "a"), PhotoModel(title: "b")]) },
      center: NotificationCenter())
    model.query = "beach"
    model.photos?[1].isFavorite = true
    model.refreshFavorites()
    #expect(model.favoriteTitles == ["b"])
  }

  @MainActor
  @Test("a library change posted on another thread reloads on the main actor")
  func libraryChangeFromBackground() async {
    let center = NotificationCenter()
    let model = PhotoAlbumViewModel(search: Self.search, center: center)
    model.query = "dawn"
    await Task.detached { center.post(name: .photoLibraryDidChange, object: nil) }.value
    await yield(until: { model.loads.count == 3 })
    #expect(model.loads == [nil, "dawn", "dawn"])
    #expect(model.photos?.map(\.title) == ["dawn"])
  }
}
