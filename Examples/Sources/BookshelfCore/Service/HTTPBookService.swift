import Foundation
import RACSwift

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The bookshelf service over HTTP and JSON:
///
/// | request | answer |
/// | --- | --- |
/// | `POST /login` with ``Credentials`` as JSON | a ``Session``; `401` for wrong credentials |
/// | `GET /search?q=term` | `[Book]` |
/// | `GET /books?page=n` | a ``BookPage`` |
public struct HTTPBookService: BookService {
  /// Where the service lives, such as `https://bookshelf.example`.
  public let baseURL: URL
  /// The session requests are made with.
  public let session: URLSession

  /// A client of the service at `baseURL`. On Linux, pass a session whose configuration has no
  /// `urlCache` if a new search should cancel the request still running (see
  /// `URLSession.signal(for:)`); with `.shared` it runs to its end and its answer is dropped.
  public init(baseURL: URL, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.session = session
  }

  /// `POST /login` with `credentials` as JSON.
  public func logIn(_ credentials: Credentials) -> Signal<Session, APIError> {
    var request = URLRequest(url: baseURL.appendingPathComponent("login"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONEncoder().encode(credentials)
    return send(request, expecting: Session.self)
  }

  /// `GET /search?q=term`.
  public func search(_ term: String) -> Signal<[Book], APIError> {
    send(get("search", query: [URLQueryItem(name: "q", value: term)]), expecting: [Book].self)
  }

  /// `GET /books?page=n`.
  public func books(page: Int) -> Signal<BookPage, APIError> {
    send(
      get("books", query: [URLQueryItem(name: "page", value: String(page))]),
      expecting: BookPage.self)
  }

  private func get(_ path: String, query: [URLQueryItem]) -> URLRequest {
    var components = URLComponents(
      url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
    components.queryItems = query
    return URLRequest(url: components.url!)
  }

  /// Performs `request`, judges the status and decodes the body as `Answer`.
  private func send<Answer: Decodable & Sendable>(
    _ request: URLRequest, expecting: Answer.Type
  ) -> Signal<Answer, APIError> {
    session.signal(for: request)
      .validateStatus(200..<300)
      .mapError(APIError.init(_:))
      .tryMap { (data, _) throws(APIError) in
        do {
          return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
          throw .unreadableAnswer
        }
      }
  }
}

extension APIError {
  /// The error a failed HTTP request stands for.
  init(_ error: HTTPSignalError) {
    switch error {
    case .transport: self = .offline
    case .unacceptableStatus(code: 401, _): self = .wrongCredentials
    case .unacceptableStatus(let code, _): self = .server(status: code)
    }
  }
}
