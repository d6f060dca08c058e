import BookshelfCore
import RACSwift
import RACSwiftTesting
import Testing

/// A view model's bindings end when the view model goes away, though nothing in it holds a
/// lifetime token and the signals bound into it live on.
@MainActor
@Suite("Bindings end with their view model")
struct OwnerLifetimeTests {
  @Test("a dropped banner leaves no live subscription on the errors it showed")
  func droppedBanner() {
    let errors = Subject<APIError, Never>()
    weak var dropped: ErrorBanner?
    expectNoLiveSubscriptions {
      var banner: ErrorBanner? = ErrorBanner()
      banner?.show(errors)
      errors.sendNext(.offline)
      #expect(banner?.message == APIError.offline.userMessage)
      dropped = banner
      banner = nil
    }
    #expect(dropped == nil)
    errors.sendNext(.offline)  // reaches nobody
  }

  @Test("dropped view models leave no live subscription behind")
  func droppedViewModels() throws {
    let scheduler = TestScheduler()
    let shelf = try FakeBookshelf()
    weak var login: LoginViewModel?
    weak var search: SearchViewModel?
    weak var list: BookListViewModel?
    expectNoLiveSubscriptions {
      let service = ScriptedBookService(scheduler: scheduler)
      var model: LoginViewModel? = LoginViewModel(service: service, scheduler: scheduler)
      model?.username = "ada"
      model?.password = "correct horse"
      model?.submit.execute()
      scheduler.run()
      #expect(model?.session != nil)
      login = model
      model = nil

      var searching: SearchViewModel? = SearchViewModel(
        service: shelf.service, scheduler: scheduler)
      searching?.query = "volume"
      search = searching
      searching = nil

      var listing: BookListViewModel? = BookListViewModel(service: shelf.service)
      list = listing
      listing = nil
    }
    #expect(login == nil)
    #expect(search == nil)
    #expect(list == nil)
  }
}
