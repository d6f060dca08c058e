import BookshelfCore
import Foundation
import RACSwift
import RACSwiftTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The bookshelf service, played by a real HTTP server on the loopback interface: the app's
/// `HTTPBookService` talks to it through `URLSession` exactly as it would to the real one.
///
/// The catalog has 25 books, served 10 to a page; `ada` logs in with `correct horse`. Searching
/// for a term starting with `slow` holds the answer until the test releases it (named after the
/// term); `boom` answers 500. `failNextPage` makes the next page request answer 503;
/// `holdNextPage` holds its answer until `releasePage()`.
final class FakeBookshelf: Sendable {
  static let catalog: [Book] = (1...25).map { number in
    Book(id: number, title: "Volume \(number) of Swift Stories", author: "Author \(number % 4)")
  }
  static let pageSize = 10
  static let accounts = ["ada": "correct horse"]

  let server: LoopbackHTTPServer
  let service: HTTPBookService
  private let failures = FailureSwitch()
  private let holds = FailureSwitch()

  init() throws {
    let failures = self.failures
    let holds = self.holds
    server = try LoopbackHTTPServer { request in
      try FakeBookshelf.answer(request, failures: failures, holds: holds)
    }
    // No URLCache: on Linux, only then does disposing a request cancel it (see
    // `URLSession.signal(for:)`), which the search tests watch the server for.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    service = HTTPBookService(
      baseURL: server.baseURL, session: URLSession(configuration: configuration))
  }

  deinit { server.stop() }

  /// Makes the next request for a page fail with status 503.
  func failNextPage() { failures.armed = true }

  /// Holds the answer to the next request for a page until ``releasePage()``.
  func holdNextPage() { holds.armed = true }

  /// Answers the held page request.
  func releasePage() { server.release("page") }

  private static func answer(
    _ request: LoopbackHTTPServer.Request, failures: FailureSwitch, holds: FailureSwitch
  ) throws -> LoopbackHTTPServer.Reply {
    let query = Dictionary(
      request.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    switch (request.method, request.pathWithoutQuery) {
    case ("POST", "/login"):
      let credentials = try JSONDecoder().decode(Credentials.self, from: request.body)
      guard accounts[credentials.username] == credentials.password else { return .status(401) }
      return try .json(Session(token: "t-\(credentials.username)", displayName: "Ada Lovelace"))
    case ("GET", "/search"):
      let term = query["q", default: ""]
      if term == "boom" { return .status(500) }
      let found = catalog.filter { "\($0.title) \($0.author)".lowercased().contains(term) }
      let reply = try LoopbackHTTPServer.Reply.json(found)
      return term.hasPrefix("slow") ? reply.held(until: term) : reply
    case ("GET", "/books"):
      if failures.takeArmed() { return .status(503) }
      let page = Int(query["page", default: "1"]) ?? 1
      let start = (page - 1) * pageSize
      let books = Array(catalog.dropFirst(start).prefix(pageSize))
      let next = start + pageSize < catalog.count ? page + 1 : nil
      let reply = try LoopbackHTTPServer.Reply.json(BookPage(books: books, nextPage: next))
      return holds.takeArmed() ? reply.held(until: "page") : reply
    default:
      return .notFound
    }
  }
}

/// A flag the server's threads and the test share.
private final class FailureSwitch: @unchecked Sendable {
  // Lock discipline: `isArmed` is read and written with `lock` held.
  private let lock = NSLock()
  private var isArmed = false

  var armed: Bool {
    get { lock.withLock { isArmed } }
    set { lock.withLock { isArmed = newValue } }
  }

  /// Whether the switch was armed; disarms it.
  func takeArmed() -> Bool {
    lock.withLock {
      defer { isArmed = false }
      return isArmed
    }
  }
}
