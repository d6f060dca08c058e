import Foundation
import RACSwift

/// A button drawn in the terminal — `[ Submit order ]` when enabled, `[ ············ ]` when
/// not — and pressed by the demo: all a control needs to conform to ``ActionControl``.
///
/// Lock discipline: `enabled` is read and written only with `lock` held; the subjects are
/// thread-safe and are sent to after the lock is released.
final class TerminalButton: ActionControl, @unchecked Sendable {
  /// The button's caption.
  let title: String
  private let lock = NSLock()
  private var enabled = true
  private let presses = Subject<TerminalButton, Never>()
  private let enabledSubject = Subject<Bool, Never>()

  /// An enabled button captioned `title`.
  init(_ title: String) { self.title = title }

  /// Whether the button accepts presses; set by a binding or a button signal.
  var isEnabled: Bool {
    get { lock.withLock { enabled } }
    set {
      lock.withLock { enabled = newValue }
      enabledSubject.sendNext(newValue)
    }
  }

  /// One value per accepted press.
  var triggers: Signal<TerminalButton, Never> { presses }

  /// Every value `isEnabled` is set to from now on.
  var enabledChanges: Signal<Bool, Never> { enabledSubject }

  /// The button as drawn now.
  var face: String {
    isEnabled
      ? "[ \(title) ]" : "[ " + String(repeating: "·", count: title.count) + " ]"
  }

  /// Presses the button: a disabled button ignores it. Returns whether it was accepted.
  @discardableResult
  func press() -> Bool {
    guard isEnabled else { return false }
    presses.sendNext(self)
    return true
  }
}
