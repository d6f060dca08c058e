import BookshelfCore
import Foundation
import RACSwift
import RACSwiftTesting

/// A `BookService` whose answers the test writes, each arriving `latency` after the request on a
/// `TestScheduler`: time in these tests passes only when the test advances it.
final class ScriptedBookService: BookService, @unchecked Sendable {
  // Lock discipline: `attempts` is read and written with `lock` held; the rest is immutable.
  let scheduler: TestScheduler
  let latency: Duration
  let accounts: [String: String]
  private let lock = NSLock()
  private var attempts: [Credentials] = []

  init(
    scheduler: TestScheduler, latency: Duration = .seconds(1),
    accounts: [String: String] = ["ada": "correct horse"]
  ) {
    self.scheduler = scheduler
    self.latency = latency
    self.accounts = accounts
  }

  /// The credentials of every login request made so far.
  var logInAttempts: [Credentials] { lock.withLock { attempts } }

  func logIn(_ credentials: Credentials) -> Signal<Session, APIError> {
    let accounts = self.accounts
    return answer {
      self.lock.withLock { self.attempts.append(credentials) }
      guard accounts[credentials.username] == credentials.password else {
        return .failure(.wrongCredentials)
      }
      return .success(Session(token: "token-\(credentials.username)", displayName: "Ada"))
    }
  }

  func search(_ term: String) -> Signal<[Book], APIError> {
    answer { .success([]) }
  }

  func books(page: Int) -> Signal<BookPage, APIError> {
    answer { .success(BookPage(books: [], nextPage: nil)) }
  }

  /// A request whose `result` is computed when it is made and arrives `latency` later.
  private func answer<Answer: Sendable>(
    _ result: @escaping @Sendable () -> Result<Answer, APIError>
  ) -> Signal<Answer, APIError> {
    let scheduler = self.scheduler
    let latency = self.latency
    return Signal<Answer, APIError> { subscriber in
      let outcome = result()
      return scheduler.schedule(after: latency) {
        switch outcome {
        case .success(let answer):
          subscriber.sendNext(answer)
          subscriber.sendCompleted()
        case .failure(let error):
          subscriber.sendError(error)
        }
      }
    }
  }
}
