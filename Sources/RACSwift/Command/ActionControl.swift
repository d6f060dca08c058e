/// A control the user triggers — a button, a menu item, a key binding, a terminal "button", a
/// test double: something with an enabled state and a signal of triggers, each carrying the
/// sender.
///
/// ```swift
/// final class TerminalButton: ActionControl {
///   var isEnabled = true
///   private let presses = Subject<TerminalButton, Never>()
///   var triggers: Signal<TerminalButton, Never> { presses }
///   func press() { if isEnabled { presses.sendNext(self) } }
/// }
/// ```
public protocol ActionControl<Sender>: AnyObject {
  /// What a trigger carries (usually the control itself).
  associatedtype Sender
  /// Whether the control accepts triggers.
  var isEnabled: Bool { get set }
  /// One value per tap, click or key press.
  var triggers: Signal<Sender, Never> { get }
}

extension ActionControl {
  /// Binds `command` to the control (RAC's `rac_command`): the control's `isEnabled`
  /// follows `command.enabled`, and each trigger executes the command with the sender. Binding
  /// another command replaces this one. The enabled binding goes through ``BindingRegistry``, so
  /// also binding `isEnabled` some other way — RAC's `RAC(button, enabled)` next to
  /// `rac_command`, which RAC asserted on — is reported instead of silently fighting.
  ///
  /// ```swift
  /// submitButton.bind(submitCommand)
  /// ```
  @discardableResult
  public func bind<Output, Failure>(
    _ command: Command<Sender, Output, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable {
    let control = WeakReference(self)
    // The new command takes `isEnabled` over: the old binding ends first, so the new one is no
    // duplicate to report.
    ControlBindings.shared.endBinding(for: self)
    let enabled = command.enabled.bind(
      to: BindingTarget(object: self, keyPath: \Self.isEnabled, isolation: isolation))
    let triggers = self.triggers.subscribe(
      next: { sender in
        if control.object != nil { command.execute(sender) }
      }, isolation: nil)
    return ControlBindings.shared.install(
      CompoundDisposable([enabled, triggers]), for: self)
  }

  /// Binds `command` the way RAC's `UIRefreshControl.rac_command` does: `isEnabled`
  /// follows the command; each trigger executes it with the sender at once, and `end(sender)` is
  /// called once per execution after it ends, whether it succeeded or failed (a refresh control's
  /// `endRefreshing`). The `end` calls are serialized in trigger order: with
  /// ``Command/allowsConcurrentExecution``, an execution that ends early waits for the `end` of
  /// the ones triggered before it.
  ///
  /// ```swift
  /// refreshControl.bindRefresh(reload) { $0.endRefreshing() }
  /// ```
  @discardableResult
  public func bindRefresh<Output, Failure>(
    _ command: Command<Sender, Output, Failure>,
    isolation: isolated (any Actor)? = #isolation,
    end: @escaping (Sender) -> Void
  ) -> any Disposable {
    ControlBindings.shared.endBinding(for: self)
    let enabled = command.enabled.bind(
      to: BindingTarget(object: self, keyPath: \Self.isEnabled, isolation: isolation))
    let ends = triggers.map { sender -> Signal<Sender, Never> in
      let box = Handoff(sender)
      return command.execute(sender).ignoreValues().ignoreErrors().then { .just(box.value) }
    }.concat()
    let endings = ends.subscribe(next: end, isolation: isolation)
    return ControlBindings.shared.install(
      CompoundDisposable([enabled, endings]), for: self)
  }
}

/// The command binding of each control, so that binding another command replaces it and a
/// key-path binding of `isEnabled` can tell that a command owns it. An entry lives as
/// long as its binding and its control: disposing the binding removes it, and entries of
/// deinitialized controls are disposed and removed at the next install.
final class ControlBindings: @unchecked Sendable {
  static let shared = ControlBindings()

  // Lock discipline: `bindings` is read and written with `lock` held; disposables are disposed
  // after it is released.
  private let lock = Lock()
  private var bindings: [ObjectIdentifier: Entry] = [:]

  private struct Entry {
    weak var control: AnyObject?
    let binding: CompoundDisposable
  }

  /// Registers `binding` as `control`'s command binding, disposing the previous one; returns
  /// `binding`, which also removes the registration when disposed.
  func install(_ binding: CompoundDisposable, for control: AnyObject) -> CompoundDisposable {
    let key = ObjectIdentifier(control)
    let replaced = lock.withLock { () -> [CompoundDisposable] in
      var replaced: [CompoundDisposable] = []
      for (otherKey, entry) in bindings where entry.control == nil || otherKey == key {
        replaced.append(entry.binding)
        bindings[otherKey] = nil
      }
      bindings[key] = Entry(control: control, binding: binding)
      return replaced
    }
    binding.add(
      AnyDisposable { [weak self, weak binding] in
        guard let self else { return }
        self.lock.withLock {
          if let current = self.bindings[key], current.binding === binding {
            self.bindings[key] = nil
          }
        }
      })
    for previous in replaced { previous.dispose() }
    if let provider = control as? any LifetimeProvider {
      binding.add(
        provider.lifetime.observeEnded({ [weak binding] in binding?.dispose() }, isolation: nil))
    }
    return binding
  }

  /// Ends `control`'s command binding, if it has one.
  func endBinding(for control: AnyObject) {
    let previous = lock.withLock { bindings.removeValue(forKey: ObjectIdentifier(control)) }
    previous?.binding.dispose()
  }

  /// Whether a live command binding holds `control`'s enabled state.
  func hasCommand(for control: AnyObject) -> Bool {
    lock.withLock { bindings[ObjectIdentifier(control)] != nil }
  }
}
