import RACSwift

/// A banner at the top of a screen that presents errors: the latest one stays until the user
/// dismisses it or a newer one replaces it.
///
/// ```swift
/// let banner = ErrorBanner()
/// banner.show(refresh.errors)
/// ```
@MainActor
public final class ErrorBanner {
  /// The message on show; `nil` when the banner is hidden.
  @ReadOnlyObserved public private(set) var message: String?

  /// A hidden banner.
  public init() {}

  /// Shows every error `errors` sends from now on, for as long as the banner lives.
  public func show(_ errors: Signal<APIError, Never>) {
    _message <~ errors.map { $0.userMessage }
  }

  /// Hides the banner.
  public func dismiss() { message = nil }
}
