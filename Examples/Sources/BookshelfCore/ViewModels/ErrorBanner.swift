import RACSwift

/// A banner at the top of a screen that presents errors: the latest one stays until the user
/// dismisses it, a newer one replaces it, or it has been on show for ``visibleFor``.
///
/// The hiding is timed on a scheduler passed in: `MainScheduler.shared` in the app, a
/// `TestScheduler` in tests, so that the time passes in a test without waiting.
///
/// ```swift
/// let banner = ErrorBanner()
/// banner.show(refresh.errors)
/// ```
@MainActor
public final class ErrorBanner {
  /// How long a message stays on show when nothing replaces or dismisses it.
  public static let visibleFor: Duration = .seconds(4)

  /// The message on show; `nil` when the banner is hidden.
  @ReadOnlyObserved public private(set) var message: String?

  private let scheduler: any IsolatingScheduler
  /// The pending hiding of the message on show, if any.
  private let hiding = SerialDisposable()

  /// A hidden banner whose messages hide themselves on `scheduler`.
  public init(scheduler: any IsolatingScheduler = MainScheduler.shared) {
    self.scheduler = scheduler
  }

  /// Shows every error `errors` sends from now on, for as long as the banner lives.
  public func show(_ errors: Signal<APIError, Never>) {
    _message <~ errors.doNext { [weak self] _ in self?.hideLater() }.map { $0.userMessage }
  }

  /// Hides the banner.
  public func dismiss() {
    hiding.swap(nil)?.dispose()
    message = nil
  }

  /// Hides the banner once ``visibleFor`` has passed, unless a newer message comes first. The
  /// action is written on the main actor and runs there: `scheduler` is an `IsolatingScheduler`.
  private func hideLater() {
    let hide = scheduler.schedule(after: Self.visibleFor) { [weak self] in self?.message = nil }
    hiding.swap(hide)?.dispose()
  }
}
