import RACSwift

/// The login screen: two text fields, a hint under them while the form is incomplete, and a
/// button that logs in.
///
/// The screen binds its fields to ``username`` and ``password``, shows ``validationMessage`` and
/// ``errorMessage``, binds the button to ``submit`` (enabled only while the form is complete and
/// no login runs) and moves on when ``loggedIn`` sends.
@MainActor
public final class LoginViewModel {
  /// What is in the username field.
  @Observed public var username = ""
  /// What is in the password field.
  @Observed public var password = ""
  /// What is missing before the form can be sent; `nil` once it is complete.
  @ReadOnlyObserved public private(set) var validationMessage: String? = "Enter your username."
  /// Whether a login request is running.
  @ReadOnlyObserved public private(set) var isLoggingIn = false
  /// Why the last login failed, until the user edits the form again.
  @ReadOnlyObserved public private(set) var errorMessage: String?
  /// The session of the logged-in user, once there is one.
  @ReadOnlyObserved public private(set) var session: Session?

  /// Logs in with the form's credentials; enabled while the form is complete.
  public let submit: Command<Void, Session, APIError>

  /// A login screen talking to `service`; the command's signals deliver on `scheduler`.
  public init(service: any BookService, scheduler: any Scheduler = MainScheduler.shared) {
    // Until `submit` is set, Swift lets the initializer reach `self`'s properties only through
    // their storage: `_username.projectedValue` is `$username`.
    let username = _username.projectedValue
    let password = _password.projectedValue
    let credentials = Signal.combineLatest(username.signal, password.signal)
      .map { LoginForm.credentials(username: $0, password: $1) }
    submit = Command(
      enabled: credentials.map { LoginForm.problem(with: $0) == nil }, scheduler: scheduler
    ) {
      service.logIn(LoginForm.credentials(username: username.value, password: password.value))
    }

    _validationMessage <~ credentials.map { LoginForm.problem(with: $0) }
    _isLoggingIn <~ submit.executing
    _session <~ submit.executionSignals.flatten()
    // A failure is shown until the form changes: messages merged with nil, as RAC 2 wrote it
    // (a signal of String with one of String?).
    let failures = submit.errors.map { $0.userMessage }
    _errorMessage <~ failures.merge(credentials.skip(1).mapReplace(nil))
  }

  /// The session, once a login succeeds (at once if it has).
  public var loggedIn: Signal<Session, Never> { $session.signal.skipNil().take(1) }
}
