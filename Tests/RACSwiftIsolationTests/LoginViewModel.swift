import Observation
import RACSwift

/// Why logging in failed.
enum LoginError: Error, Equatable {
  /// The form is not filled in.
  case incomplete
  /// The server refused the credentials.
  case rejected
  /// The server's token is unusable.
  case badToken(String)
}

/// What the login form sends to the server.
struct Credentials: Sendable, Equatable {
  /// The user name, trimmed.
  var username: String
  /// The password.
  var password: String
}

/// The signed-in user, shared by the app's screens (an `@Observable` model).
@Observable
@MainActor
final class SessionStore {
  /// Who is signed in, if anyone.
  var userName: String?
}

/// A label of the login screen, which the view model's signals are bound to.
@MainActor
final class Label {
  /// The text shown.
  var text = ""
}

/// A login form's view model, ported from a RAC 2 app: the form's fields are properties, the
/// login is a signal that validates the form, calls the server, checks the token and keeps the
/// screen's state — every closure using the view model's own state and methods, unannotated.
@MainActor
final class LoginViewModel {
  /// The user name field.
  let username = MutableProperty("")
  /// The password field.
  let password = MutableProperty("")
  /// Whether the submit button is enabled.
  let canSubmit = MutableProperty(false)
  /// The signed-in user, observed.
  let session: SessionStore
  /// Logs in on the server: a token.
  let service: (Credentials) -> Signal<String, LoginError>
  /// Names that cannot log in here.
  var reservedNames: Set<String> = ["root", "admin"]
  /// Passwords shorter than this are weak.
  var minimumPasswordLength = 8
  /// What a guest is called.
  var guestName = "Guest"
  /// Whether a login is running.
  private(set) var isLoggingIn = false
  /// How many logins were started.
  private(set) var attempts = 0
  /// The token of the last login.
  private(set) var token: String?
  /// The last error, for the screen.
  private(set) var errorMessage: String?
  /// Each edit of the user name, described.
  private(set) var edits: [String] = []
  /// Whether a strong password was typed (once the first strong one is).
  private(set) var typedStrongPassword: Bool?
  /// Whether every user name typed is allowed (false at the first one that is not).
  private(set) var namesAllowed: Bool?
  /// The greeting at the top of the screen.
  private(set) var greeting = ""
  /// The stages whose closures ran, in order (each checked to run on the main actor).
  private(set) var stagesRun: [String] = []
  private var subscriptions: [any Disposable] = []

  /// A hint under the user name field (`MutableProperty.map`, set in `init`).
  private(set) var usernameHint = Property(value: "")
  /// The submit button's title (`Property.map`, set in `init`).
  private(set) var submitTitle = Property(value: "")

  /// A view model logging in with `service`, showing who is signed in to `session`.
  ///
  /// The mapped properties are stored in the view model and keep their transforms, so those
  /// capture `self` unowned: a strong capture would be a reference cycle, and a mapped property
  /// made on an actor keeps its subscription to the source for as long as it lives.
  init(session: SessionStore, service: @escaping (Credentials) -> Signal<String, LoginError>) {
    self.session = session
    self.service = service
    usernameHint = username.map { [unowned self] name in
      self.ran("MutableProperty.map")
      return self.hint(for: name)
    }
    submitTitle = password.readOnly.map { [unowned self] password in
      self.ran("Property.map")
      return self.title(forPasswordLength: password.count)
    }
  }

  /// Watches the form: edits, password strength, allowed names, the greeting, the button.
  func watchForm(hintLabel: Label) {
    subscriptions.append(
      username.changes
        .combinePrevious("") { previous, name in
          self.ran("combinePrevious")
          return self.describeEdit(from: previous, to: name)
        }
        .subscribe(next: { self.edits.append($0) }))
    subscriptions.append(
      password.changes
        .any { password in
          self.ran("any")
          return self.isStrong(password)
        }
        .subscribe(next: { self.typedStrongPassword = $0 }))
    subscriptions.append(
      username.changes
        .all { name in
          self.ran("all")
          return self.isAllowed(name)
        }
        .subscribe(next: { self.namesAllowed = $0 }))
    subscriptions.append(
      Signal.observe {
        self.ran("observe")
        return self.session.userName ?? self.guestName
      }
      .subscribe(next: { self.greeting = "Hello, \($0)" }))
    subscriptions.append(
      username.signal.map { self.hint(for: $0) }.bind(to: hintLabel, at: \.text))
    subscriptions.append(
      canSubmit
        <~ username.signal.map { name in
          self.ran("map")
          return self.isAllowed(name) && !name.isEmpty
        })
  }

  /// Logs in with the form's credentials: the token.
  func logIn() -> Signal<String, LoginError> {
    Signal.try { () throws(LoginError) -> Credentials in
      self.ran("Signal.try")
      return try self.credentials()
    }
    .initially {
      self.ran("initially")
      self.attempts += 1
      self.isLoggingIn = true
    }
    .flattenMap { self.service($0) }
    .try { token throws(LoginError) in
      self.ran("try")
      try self.check(token)
    }
    .doNext { self.token = $0 }
    .doError { self.errorMessage = self.message(for: $0) }
    .doCompleted { self.errorMessage = nil }
    .finally { self.isLoggingIn = false }
  }

  /// Logs out, then greets the next user: the new greeting.
  func logOut(endSession: Signal<Never, LoginError>) -> Signal<String, LoginError> {
    endSession.then {
      self.ran("then")
      self.token = nil
      return .just("Goodbye, \(self.username.value)")
    }
  }

  /// Ends the view model's subscriptions.
  func stop() {
    for subscription in subscriptions { subscription.dispose() }
    subscriptions.removeAll()
  }

  /// Records that `stage`'s closure ran, and checks that it runs on the main actor.
  func ran(_ stage: String) {
    MainActor.assertIsolated("\(stage) ran off the main actor")
    stagesRun.append(stage)
  }

  func credentials() throws(LoginError) -> Credentials {
    let name = username.value
    guard !name.isEmpty, !password.value.isEmpty else { throw .incomplete }
    return Credentials(username: name, password: password.value)
  }

  func check(_ token: String) throws(LoginError) {
    guard token.hasPrefix("tok-") else { throw .badToken(token) }
  }

  func message(for error: LoginError) -> String {
    switch error {
    case .incomplete: "Enter your name and password"
    case .rejected: "Wrong name or password"
    case .badToken: "The server sent a bad token"
    }
  }

  func isAllowed(_ name: String) -> Bool { !reservedNames.contains(name) }

  func isStrong(_ password: String) -> Bool { password.count >= minimumPasswordLength }

  func hint(for name: String) -> String {
    reservedNames.contains(name) ? "\(name) is reserved" : ""
  }

  func title(forPasswordLength length: Int) -> String {
    length >= minimumPasswordLength ? "Log in" : "Password too short"
  }

  func describeEdit(from previous: String, to name: String) -> String {
    "\(previous)→\(name)"
  }
}
