/// A control's work, one execution at a time, with one long-lived subscription for the results
/// of every trigger. It follows `STButtonSignal`, the replacement for ReactiveCocoa 2's
/// `RACCommand` that Myron Lee described in a 2017 article, "Improving RACCommand".
///
/// On each trigger — on the triggering thread — it ignores the trigger if an execution is
/// active; otherwise it disables the control, creates the work for the sender, forwards the
/// work's events to its subscribers, and re-enables the control when the work completes or
/// fails. Unlike a signal, a subscriber made with
/// ``subscribe(next:error:completed:isolation:)`` keeps receiving the events of every later
/// trigger, errors and completions included, until it is disposed; ``events`` is the same
/// stream as a never-ending signal of events, for composition.
///
/// Work that never terminates leaves the control disabled. Disposing the button signal
/// — or the control's ``Lifetime`` ending, for a ``LifetimeProvider`` — cancels the work in flight
/// and re-enables the control.
///
/// ```swift
/// let submit = ButtonSignal(control: submitButton) { _ in api.submit(order) }
/// submit.subscribe(
///   next: { receipt in show(receipt) },
///   error: { error in showAlert(error) })
/// ```
///
/// Choose it over ``Command`` for a button whose taps must never overlap and whose results one
/// place handles; choose ``Command`` for concurrent executions or an enabled state composed from
/// other signals.
public final class ButtonSignal<Sender, Output, Failure: Error>: Disposable, @unchecked Sendable {
  // Lock discipline: `state` is read and written only with `lock` held, and nothing is called
  // with it held (the work, its disposable, the control and the subscribers are called after
  // the lock is released). The control is held weakly; only its `isEnabled` is touched, from the
  // thread that triggers, ends or disposes the work.
  @usableFromInline
  enum State {
    /// Waiting for a trigger.
    case idle
    /// Execution `id` runs; its disposable is stored once `subscribe` has returned it.
    case running(id: UInt64, work: (any Disposable)?)
    /// Disposed: triggers are ignored for good.
    case disposed
  }

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var state = State.idle
  @usableFromInline @exclusivity(unchecked) var executions: UInt64 = 0
  @usableFromInline let triggerSubscription = SerialDisposable()
  @usableFromInline let relay = Subject<Event<Output, Failure>, Never>()
  @usableFromInline let setEnabled: (Bool) -> Void
  @usableFromInline let work: (Sender) -> Signal<Output, Failure>
  /// The actor the button signal was made on, where `work` runs.
  @usableFromInline let workIsolation: (any Actor)?

  /// The events of every execution, as values; it never fails or completes.
  @inlinable
  public var events: Signal<Event<Output, Failure>, Never> { relay }

  /// Associates `work` with `control` (`STButtonSignal`'s `+associateButton:withSignalBlock:`).
  ///
  /// Keep a reference to the button signal (a property of the view or view model): unlike
  /// `STButtonSignal`, which the button retained, it ends — and re-enables the control — when it
  /// is deinitialized.
  ///
  /// Made on an actor (a `@MainActor` view model), `work` may use the actor's state and runs only
  /// on it: at once for a trigger on the actor, else when the execution starts there.
  @inlinable
  public init<Control: ActionControl>(
    control: Control, work: @escaping (Sender) -> Signal<Output, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) where Control.Sender == Sender {
    let weakControl = WeakReference<Control>(control)
    self.setEnabled = { value in weakControl.object?.isEnabled = value }
    self.work = work
    self.workIsolation = isolation
    var triggers = control.triggers
    if let provider = control as? any LifetimeProvider {
      let lifetime = provider.lifetime
      triggers = triggers.take(during: lifetime)
      lifetime.observeEnded({ [weak self] in self?.dispose() }, isolation: nil)
    }
    let this = WeakReference(self)
    triggerSubscription.disposable = triggers.subscribe(
      next: { sender in this.object?.trigger(sender) }, isolation: nil)
  }

  /// Associates `work` with `control`: the same as ``init(control:work:isolation:)``.
  @inlinable
  public static func associate<Control: ActionControl>(
    _ control: Control, work: @escaping (Sender) -> Signal<Output, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) -> ButtonSignal where Control.Sender == Sender {
    ButtonSignal(control: control, work: work, isolation: isolation)
  }

  deinit { dispose() }

  /// Subscribes to the results of every execution from now on; the subscription survives errors
  /// and completions and ends only when disposed. Subscribed from an actor, the
  /// handlers run on it.
  ///
  /// ```swift
  /// let results = submit.subscribe(
  ///   next: { receipt in print("ordered", receipt) },
  ///   error: { error in print("failed", error) })
  /// ```
  @inlinable
  @discardableResult
  public func subscribe(
    next: ((Output) -> Void)? = nil,
    error: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable {
    relay.subscribe(
      next: { event in
        switch event {
        case .next(let value): next?(value)
        case .error(let failure): error?(failure)
        case .completed: completed?()
        }
      }, isolation: isolation)
  }

  /// Starts an execution for `sender` unless one runs: a tap while work runs is ignored.
  @inlinable
  func trigger(_ sender: Sender) {
    let id = lock.withLock { () -> UInt64? in
      guard case .idle = state else { return nil }
      executions &+= 1
      state = .running(id: executions, work: nil)
      return executions
    }
    guard let id else { return }
    setEnabled(false)
    let relay = self.relay
    let this = WeakReference(self)
    // The subscribers see the terminal event before the control is re-enabled, so an event of
    // the next execution never overtakes it.
    let created: Signal<Output, Failure>
    if let workIsolation {
      let work = self.work
      created = Signal.made(on: workIsolation) { work(sender) }
    } else {
      created = work(sender)
    }
    let execution = created.subscribe(
      next: { relay.sendNext(.next($0)) },
      error: { error in
        relay.sendNext(.error(error))
        this.object?.finish(id)
      },
      completed: {
        relay.sendNext(.completed)
        this.object?.finish(id)
      }, isolation: nil)
    let cancel = lock.withLock { () -> Bool in
      switch state {
      case .running(id, nil):
        state = .running(id: id, work: execution)
        return false
      case .disposed: return true
      default: return false  // it has already finished
      }
    }
    if cancel { execution.dispose() }
  }

  /// Ends execution `id` and re-enables the control, whether the work completed or failed.
  @inlinable
  func finish(_ id: UInt64) {
    let ended = lock.withLock { () -> Bool in
      guard case .running(id, _) = state else { return false }
      state = .idle
      return true
    }
    if ended { setEnabled(true) }
  }

  /// Whether an execution is running.
  @inlinable
  public var isExecuting: Bool {
    lock.withLock {
      if case .running = state { return true }
      return false
    }
  }

  /// Whether the button signal was disposed.
  @inlinable
  public var isDisposed: Bool {
    lock.withLock {
      if case .disposed = state { return true }
      return false
    }
  }

  /// Stops listening to the control, cancels the work in flight and re-enables the control if
  /// the work had disabled it.
  @inlinable
  public func dispose() {
    let previous = lock.withLock { () -> State in
      defer { state = .disposed }
      return state
    }
    triggerSubscription.dispose()
    if case .running(_, let work) = previous {
      work?.dispose()
      setEnabled(true)
    }
  }
}
