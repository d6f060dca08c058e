import Foundation

/// The login form's rules, apart from any screen: what makes the form complete, and what to tell
/// the user while it is not.
public enum LoginForm {
  /// The shortest password the service accepts.
  public static let minimumPasswordLength = 8

  /// The credentials the form stands for: the username without surrounding spaces, the password
  /// as typed.
  public static func credentials(username: String, password: String) -> Credentials {
    Credentials(
      username: username.trimmingCharacters(in: .whitespaces), password: password)
  }

  /// What is missing before `credentials` can be sent; `nil` when nothing is.
  public static func problem(with credentials: Credentials) -> String? {
    if credentials.username.isEmpty { return "Enter your username." }
    if credentials.username.contains(" ") { return "Usernames have no spaces." }
    if credentials.password.count < minimumPasswordLength {
      return "Passwords have at least \(minimumPasswordLength) characters."
    }
    return nil
  }
}
