import BookshelfCore
import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

/// The `@Observable` search model on virtual time: answers arrive when the test advances the
/// scheduler, and a SwiftUI view's view of the model is played by `withObservationTracking`.
@MainActor
@Suite("Search as you type, @Observable", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct BookSearchModelTests {
  let scheduler = TestScheduler()
  let service: CatalogService
  let model: BookSearchModel

  init() {
    service = CatalogService(scheduler: scheduler)
    model = BookSearchModel(service: service, scheduler: scheduler)
  }

  /// Types `text` into the search field and waits until the model has read it. The model reads
  /// the query after the main-actor work that set it (Observation reports a change before it is
  /// stored); each new term restarts the pause, so the read shows as one more action waiting on
  /// the scheduler.
  func type(_ text: String) async {
    let waiting = scheduler.pendingCount
    model.query = text
    while scheduler.pendingCount == waiting { await Task.yield() }
  }

  /// Advances virtual time by `duration`, then waits until the model shows a state `expected`
  /// accepts (the answers reach the main actor through its queue).
  func advance(by duration: Duration, until expected: (BookSearchModel.State) -> Bool) async {
    await scheduler.advance(by: duration)
    await waitUntil { expected(model.state) }
  }

  @Test("typing searches once, for the last query, after a pause; the view redraws per state")
  func searchesAfterAPause() async {
    let view = RedrawCounter()
    view.watch(model)
    await type("s")
    await type("sw")
    await type("Swift ")
    await scheduler.advance(by: BookSearchModel.pause - .milliseconds(1))
    #expect(model.state == .idle, "still typing")
    #expect(view.redraws == 0)

    await advance(by: .milliseconds(1)) { $0 == .searching("swift") }
    #expect(view.redraws == 1)
    await advance(by: service.latency) { $0 == .found("swift", CatalogService.swiftBooks) }
    #expect(model.results == CatalogService.swiftBooks)
    #expect(view.redraws == 2, "one redraw per state the binding set")
    #expect(service.searches == ["swift"], "no search for what was typed on the way")
  }

  @Test("a new query cancels the search still running: only the latest answer is shown")
  func onlyTheLatestAnswer() async {
    await type("swift")
    await advance(by: BookSearchModel.pause) { $0 == .searching("swift") }
    await type("cocoa")
    await advance(by: BookSearchModel.pause) { $0 == .searching("cocoa") }
    #expect(service.cancelled == ["swift"])
    await advance(by: service.latency) { $0 != .searching("cocoa") }
    #expect(model.state == .found("cocoa", CatalogService.cocoaBooks))
  }

  @Test("a failed search says why; a short query clears the screen without a search")
  func failureAndShortQuery() async {
    await type("boom")
    await advance(by: BookSearchModel.pause) { $0 == .searching("boom") }
    await advance(by: service.latency) { $0 != .searching("boom") }
    #expect(model.errorMessage == APIError.server(status: 500).userMessage)
    #expect(model.results.isEmpty)

    await type("b")
    await advance(by: BookSearchModel.pause) { $0 == .idle }
    #expect(service.searches == ["boom"])
  }

  @Test("other types observe the state, read-only, as a signal on the main actor")
  func stateAsASignal() async {
    let state: ObservedKeyPath<BookSearchModel, BookSearchModel.State> = model.observed[\.state]
    var seen: [BookSearchModel.State] = []
    let subscription = state.signal.subscribe(next: { seen.append($0) })
    #expect(seen == [.idle], "the current state first")

    await type("cocoa")
    await advance(by: BookSearchModel.pause) { $0 == .searching("cocoa") }
    // The signal reads the state after the main-actor work that set it.
    await waitUntil { seen.count == 2 }
    await advance(by: service.latency) { $0 != .searching("cocoa") }
    await waitUntil { seen.count == 3 }
    #expect(seen == [.idle, .searching("cocoa"), .found("cocoa", CatalogService.cocoaBooks)])
    subscription.dispose()
  }

  @Test("the model's subscriptions end when a screen lets go of it")
  func endsWithTheModel() async {
    var other: BookSearchModel? = BookSearchModel(service: service, scheduler: scheduler)
    let waiting = scheduler.pendingCount
    other?.query = "swift"
    while scheduler.pendingCount == waiting { await Task.yield() }
    other = nil
    // Nothing of it is left to run: no pause timer fires into a model that is gone.
    await scheduler.advance(by: BookSearchModel.pause + service.latency)
    #expect(service.searches.isEmpty)
  }
}

/// What a SwiftUI view does to know when to redraw: reads the model's `state` inside
/// `withObservationTracking`, and after each change reads it again, counting the changes.
///
/// Lock discipline: `count` is read and written only with `lock` held.
final class RedrawCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// How many changes were reported.
  var redraws: Int { lock.withLock { count } }

  @MainActor
  func watch(_ model: BookSearchModel) {
    withObservationTracking {
      _ = model.state
    } onChange: { [weak model] in
      // Called just before the change is stored, on the thread that makes it: the main actor.
      self.lock.withLock { self.count += 1 }
      guard let model else { return }
      MainActor.assumeIsolated { self.watch(model) }
    }
  }
}

/// A catalog that answers searches `latency` after each request, on a `TestScheduler`; "boom"
/// fails with a server error.
///
/// Lock discipline: `requested` and `cancelledTerms` are read and written with `lock` held; the
/// rest is immutable.
final class CatalogService: BookService, @unchecked Sendable {
  static let swiftBooks = [
    Book(id: 1, title: "Swift in Depth", author: "Tjeerd in 't Veen"),
    Book(id: 2, title: "Swift Programming", author: "Mikey Ward"),
  ]
  static let cocoaBooks = [Book(id: 3, title: "Cocoa Programming", author: "Aaron Hillegass")]
  static let books = ["swift": swiftBooks, "cocoa": cocoaBooks]

  /// Whether a request was answered; read and written with the service's `lock` held.
  final class Request: @unchecked Sendable {
    var isAnswered = false
  }

  let scheduler: TestScheduler
  let latency: Duration = .seconds(1)
  private let lock = NSLock()
  private var requested: [String] = []
  private var cancelledTerms: [String] = []

  init(scheduler: TestScheduler) { self.scheduler = scheduler }

  /// Every term searched, in order.
  var searches: [String] { lock.withLock { requested } }
  /// The terms whose search was cancelled before its answer.
  var cancelled: [String] { lock.withLock { cancelledTerms } }

  func search(_ term: String) -> Signal<[Book], APIError> {
    Signal<[Book], APIError>(
      { subscriber in
        let answered = self.lock.withLock { () -> Request in
          self.requested.append(term)
          return Request()
        }
        let answer = self.scheduler.schedule(after: self.latency) {
          self.lock.withLock { answered.isAnswered = true }
          switch term {
          case "boom": subscriber.sendError(.server(status: 500))
          default:
            subscriber.sendNext(Self.books[term] ?? [])
            subscriber.sendCompleted()
          }
        }
        return AnyDisposable {
          answer?.dispose()
          self.lock.withLock {
            if !answered.isAnswered { self.cancelledTerms.append(term) }
          }
        }
      }, isolation: nil)
  }

  func logIn(_ credentials: Credentials) -> Signal<Session, APIError> {
    .error(.wrongCredentials)
  }

  func books(page: Int) -> Signal<BookPage, APIError> {
    .just(BookPage(books: [], nextPage: nil))
  }
}
