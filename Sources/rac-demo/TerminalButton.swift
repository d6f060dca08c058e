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

  /// The button as drawn now, kept on one line (see `unbroken(_:)`).
  var face: String { isEnabled ? enabledFace : disabledFace }

  /// The button as drawn when enabled: `[ Pay ]`.
  var enabledFace: String { unbroken("[ \(title) ]") }

  /// The button as drawn when disabled, its caption dotted out: `[ ··· ]`.
  var disabledFace: String {
    unbroken("[ " + String(repeating: "·", count: title.count) + " ]")
  }

  /// The button as drawn now, and what its two faces mean: for the first time a reader sees it.
  /// "[ Pay ] (enabled; drawn [ ··· ], its caption dotted out, while disabled)".
  var faceExplained: String {
    isEnabled
      ? "\(enabledFace) (enabled; drawn \(disabledFace), its caption dotted out, while disabled)"
      : "\(disabledFace) (disabled: its caption dotted out; drawn \(enabledFace) while enabled)"
  }

  /// Presses the button: a disabled button ignores it. Returns whether it was accepted.
  @discardableResult
  func press() -> Bool {
    guard isEnabled else { return false }
    presses.sendNext(self)
    return true
  }
}
