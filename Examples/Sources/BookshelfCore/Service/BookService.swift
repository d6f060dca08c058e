import RACSwift

/// What the app asks of the bookshelf service. Every request is a cold signal: nothing is sent
/// until it is subscribed, and disposing the subscription cancels the request.
///
/// ``HTTPBookService`` talks to the real service; tests substitute their own.
public protocol BookService: Sendable {
  /// Logs in; sends the session and completes, or fails with ``APIError/wrongCredentials``.
  func logIn(_ credentials: Credentials) -> Signal<Session, APIError>

  /// The books whose title or author contains `term`.
  func search(_ term: String) -> Signal<[Book], APIError>

  /// Page `page` of the reading list, counted from 1.
  func books(page: Int) -> Signal<BookPage, APIError>
}
