import BookshelfCore
import RACSwift
import RACSwiftTesting
import Testing

/// The paginated reading list against the bookshelf played by a loopback HTTP server, with the
/// commands delivering on the main actor as in the app.
@MainActor
@Suite("The reading list", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct BookListViewModelTests {
  let shelf: FakeBookshelf
  let model: BookListViewModel

  init() throws {
    shelf = try FakeBookshelf()
    model = BookListViewModel(service: shelf.service)
  }

  @Test("refresh loads the first page; load more appends pages until the last")
  func paging() async {
    #expect(model.books.isEmpty)
    #expect(!model.canLoadMore, "nothing to continue before the first page")

    model.refresh.execute()
    #expect(!model.loadMore.isEnabled, "no page while refreshing")
    await model.$books.wait { $0.count == 10 }
    await model.$canLoadMore.wait { $0 }

    shelf.holdNextPage()
    model.loadMore.execute()
    await waitUntil { !model.refresh.isEnabled }
    var refused: [CommandError<APIError>] = []
    model.refresh.execute().subscribe(error: { refused.append($0) })
    #expect(refused.count == 1, "no refresh while a page loads")
    shelf.releasePage()
    await model.$books.wait { $0.count == 20 }
    await model.$canLoadMore.wait { $0 }
    model.loadMore.execute()
    await model.$books.wait { $0.count == 25 }
    #expect(model.books == FakeBookshelf.catalog)
    await model.$isLoadingMore.wait { !$0 }
    #expect(!model.canLoadMore, "that was the last page")
    #expect(shelf.server.hitCount("/books?page=1") == 1)
    await settle()
  }

  @Test("refreshing replaces the list with the first page")
  func refreshReplaces() async {
    model.refresh.execute()
    await model.$canLoadMore.wait { $0 }
    model.loadMore.execute()
    await model.$books.wait { $0.count == 20 }

    await model.$isLoadingMore.wait { !$0 }
    #expect(model.refresh.isEnabled)
    model.refresh.execute()
    await model.$books.wait { $0.count == 10 }
    #expect(model.books == Array(FakeBookshelf.catalog.prefix(10)))
    await model.$canLoadMore.wait { $0 }
    await settle()
  }

  @Test("a page that fails shows in the banner and keeps the books; trying again loads it")
  func failedPage() async {
    model.refresh.execute()
    await model.$canLoadMore.wait { $0 }

    shelf.failNextPage()
    model.loadMore.execute()
    await model.banner.$message.wait { $0 != nil }
    #expect(model.banner.message == APIError.server(status: 503).userMessage)
    #expect(model.books.count == 10)

    model.banner.dismiss()
    #expect(model.banner.message == nil)
    await model.$canLoadMore.wait { $0 }
    model.loadMore.execute()
    await model.$books.wait { $0.count == 20 }
    #expect(model.banner.message == nil)
    await settle()
  }

  /// Waits until neither command runs and their last events have been delivered: what a test
  /// must do before it ends, since the commands deliver on the main queue after it returns.
  func settle() async {
    await model.$isRefreshing.wait { !$0 }
    await model.$isLoadingMore.wait { !$0 }
    for _ in 0..<10 { await Task.yield() }
  }
}
