/// Why a request to the bookshelf service failed, in the terms the screens present it.
public enum APIError: Error, Equatable, Sendable {
  /// The service could not be reached: no connection, timed out.
  case offline
  /// The login was refused: unknown user or wrong password.
  case wrongCredentials
  /// The service answered with an unexpected status.
  case server(status: Int)
  /// The answer was not what the service promised.
  case unreadableAnswer

  /// A sentence to show the user.
  public var userMessage: String {
    switch self {
    case .offline: "You seem to be offline. Check your connection and try again."
    case .wrongCredentials: "That username and password don't match."
    case .server(let status): "The bookshelf is having trouble (error \(status)). Try again later."
    case .unreadableAnswer: "The bookshelf sent something this app can't read."
    }
  }
}
