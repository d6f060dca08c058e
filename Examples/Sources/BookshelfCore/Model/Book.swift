/// A book as the bookshelf service describes it.
public struct Book: Codable, Hashable, Identifiable, Sendable {
  /// The service's identifier of the book.
  public let id: Int
  /// The title, as printed on the cover.
  public let title: String
  /// Who wrote it.
  public let author: String

  /// A book with the given fields.
  public init(id: Int, title: String, author: String) {
    self.id = id
    self.title = title
    self.author = author
  }
}

/// One page of the reading list.
public struct BookPage: Codable, Equatable, Sendable {
  /// The books on this page, in list order.
  public let books: [Book]
  /// The number of the page after this one; `nil` on the last page.
  public let nextPage: Int?

  /// A page holding `books`, followed by `nextPage`.
  public init(books: [Book], nextPage: Int?) {
    self.books = books
    self.nextPage = nextPage
  }
}

/// What the user types into the login form.
public struct Credentials: Codable, Equatable, Sendable {
  /// The account name, without surrounding spaces.
  public let username: String
  /// The password, exactly as typed.
  public let password: String

  /// Credentials for `username` and `password`.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}

/// A logged-in user.
public struct Session: Codable, Equatable, Sendable {
  /// The token that authorizes the user's requests.
  public let token: String
  /// The name to greet the user with.
  public let displayName: String

  /// A session for `displayName`, authorized by `token`.
  public init(token: String, displayName: String) {
    self.token = token
    self.displayName = displayName
  }
}
