import BookshelfCore
import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// The HTTP client against the bookshelf played by a loopback server: requests as the service
/// expects them, answers decoded, failures turned into the app's `APIError`.
@Suite("The bookshelf over HTTP", .timeLimit(.minutes(1)))
struct HTTPBookServiceTests {
  let shelf: FakeBookshelf

  init() throws { shelf = try FakeBookshelf() }

  @Test("logging in posts the credentials as JSON and decodes the session")
  func logIn() async throws {
    let session = try await shelf.service
      .logIn(Credentials(username: "ada", password: "correct horse")).first()
    #expect(session == Session(token: "t-ada", displayName: "Ada Lovelace"))
    let request = try #require(shelf.server.requests.last)
    #expect(request.method == "POST")
    #expect(request.header("content-type") == "application/json")
    let sent = try JSONDecoder().decode(Credentials.self, from: request.body)
    #expect(sent == Credentials(username: "ada", password: "correct horse"))
  }

  @Test("a refused login is wrongCredentials; a server failure keeps its status")
  func refusals() async {
    await #expect(throws: APIError.wrongCredentials) {
      try await shelf.service.logIn(Credentials(username: "ada", password: "nope")).first()
    }
    await #expect(throws: APIError.server(status: 500)) {
      try await shelf.service.search("boom").first()
    }
  }

  @Test("pages decode, with the number of the next one until the last")
  func pages() async throws {
    let first = try await shelf.service.books(page: 1).first()
    #expect(first?.books.map(\.id) == Array(1...10))
    #expect(first?.nextPage == 2)
    let last = try await shelf.service.books(page: 3).first()
    #expect(last?.books.map(\.id) == Array(21...25))
    #expect(last?.nextPage == nil)
  }

  @Test("an unreachable service is offline; an answer that is not JSON is unreadable")
  func transportAndDecoding() async throws {
    let server = try LoopbackHTTPServer(routes: ["/books": .text("not json")])
    let service = HTTPBookService(baseURL: server.baseURL)
    await #expect(throws: APIError.unreadableAnswer) {
      try await service.books(page: 1).first()
    }
    server.stop()
    await #expect(throws: APIError.offline) {
      try await service.books(page: 1).first()
    }
  }
}
