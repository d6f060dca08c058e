import RACSwift

/// The signed-in account, kept by the app and shown by several screens: its e-mail address is
/// an observed property of its own.
@MainActor
final class AccountStore {
  /// The account's e-mail address.
  @Observed var email: String

  /// A store for `email`; made anywhere, as it runs off the main actor it initializes the
  /// wrapper itself (`self.email = email` would set a main-actor property).
  nonisolated init(email: String = "") {
    _email = Observed(wrappedValue: email)
  }
}

/// A sign-up form's view model, ported from a RAC 2 app with `@Observed` in place of its
/// properties: `RACObserve(self, email)` is `$email.signal`, `RAC(self, isValid) = …` is
/// `$isValid <~ …`, and — like the original, whose bindings ended when it was deallocated — it
/// keeps no lifetime token and no disposables: its bindings end with it.
@MainActor
final class SignUpViewModel {
  /// The e-mail field; follows the account's address until the user edits it.
  @Observed var email = ""
  /// The password field.
  @Observed var password = ""
  /// The nickname field; empty until the user types one.
  @Observed var nickname: String?
  /// Whether the form can be submitted.
  @Observed var isValid = false
  /// What the screen says about the upload of the form.
  @Observed var status = "Not sent"
  /// The greeting at the top of the form.
  @Observed var greeting = ""
  /// What a user without a nickname is called.
  var guestName = "Guest"

  /// A form that starts from `store`'s address and shows `progress`'s messages.
  init(store: AccountStore, progress: Signal<String, Never>) {
    // RAC(self, email) = RACObserve(store, email);
    $email <~ store.$email.signal
    // RAC(self, isValid) = [RACSignal combineLatest:@[RACObserve(self, email),
    //   RACObserve(self, password)] reduce:^(NSString *email, NSString *password) { … }];
    let validity = Signal.combineLatest($email.signal, $password.signal)
      .map { email, password in email.contains("@") && password.count >= 8 }
    $isValid <~ validity
    // RAC(self, status) = progress;
    $status <~ progress
    // The closure reads the view model's own state, and the view model's own property keeps
    // it: weakly, or the two would keep each other alive (RAC's @weakify(self)).
    let greetings = $nickname.signal.map { [weak self] nickname in
      "Hello, \(nickname ?? self?.guestName ?? "")"
    }
    $greeting <~ greetings
  }
}
