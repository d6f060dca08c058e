import Foundation
public import RACSwift

/// A control for tests: tap it from any thread; like a real button it sends a trigger only while
/// enabled. It starts enabled.
///
/// ```swift
/// let button = TestControl()
/// button.bind(command)
/// button.tap()
/// ```
public final class TestControl: ActionControl, LifetimeProvider, @unchecked Sendable {
  // Lock discipline: `enabled` and `history` are read and written only with `lock` held (an
  // `NSLock`, which the thread sanitizer understands); the trigger subject is thread-safe.
  private let lock = NSLock()
  private var enabled = true
  private var history: [Bool] = []
  private let taps = Subject<TestControl, Never>()
  private let token: Lifetime.Token

  /// Ends when the control is deinitialized.
  public let lifetime: Lifetime

  /// A new, enabled control.
  public init() { (lifetime, token) = Lifetime.make() }

  /// Whether the control accepts taps.
  public var isEnabled: Bool {
    get { lock.withLock { enabled } }
    set {
      lock.withLock {
        enabled = newValue
        history.append(newValue)
      }
    }
  }

  /// Every value `isEnabled` was set to, in order.
  public var enabledHistory: [Bool] { lock.withLock { history } }

  /// One value per accepted tap.
  public var triggers: Signal<TestControl, Never> { taps }

  /// Taps the control: sends a trigger if it is enabled; returns whether it was.
  @discardableResult
  public func tap() -> Bool {
    guard isEnabled else { return false }
    taps.sendNext(self)
    return true
  }
}
