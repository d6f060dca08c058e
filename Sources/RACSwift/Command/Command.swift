import Synchronization

/// Why `execute(_:)` failed: the command was disabled, or the work failed.
public enum CommandError<Failure: Error>: Error {
  /// The command was disabled (RAC's `RACCommandErrorNotEnabled`): no work was created.
  case notEnabled
  /// The work failed with this error.
  case underlying(Failure)

  /// The work's error, if that is what this is.
  public var underlyingError: Failure? {
    if case .underlying(let error) = self { return error }
    return nil
  }
}

extension CommandError: Equatable where Failure: Equatable {}

/// An action triggered by the user, with its enabled state and its executions as signals
/// (ReactiveCocoa 2's `RACCommand`).
///
/// `execute(_:)` checks that the command is enabled, creates the work for the input, registers
/// the execution — so ``executing`` becomes `true` and, unless concurrent executions are allowed,
/// ``enabled`` becomes `false` — *before* the work starts, subscribes to the work on the command's
/// scheduler, and returns the execution, replayed to every subscriber. ``enabled``,
/// ``executing``, ``executionSignals`` and ``errors`` deliver their later values on that
/// scheduler (the main thread, in RAC; injectable here, so tests use a virtual-time one).
///
/// ```swift
/// let submit = Command<Order, Receipt, APIError>(enabled: form.isValid) { order in
///   api.submit(order)
/// }
/// submit.errors.subscribe(next: { showAlert($0) })
/// submit.execute(order)
/// ```
///
/// Every signal of a command completes when the command is deinitialized.
public final class Command<Input, Output, Failure: Error>: @unchecked Sendable {
  // Lock discipline: `state` is read and written only with `lock` held, and nothing is called
  // with it held. Values of the public signals are queued on `scheduler`; the scheduled actions
  // capture the subjects, not the command, so the scheduler never keeps the command alive.
  @usableFromInline
  struct State {
    @usableFromInline var enabledInput = true
    @usableFromInline var active = 0
    @usableFromInline var allowsConcurrent = false
    /// Counts changes, so that publications queued out of order are recognised (see
    /// ``DeliveredState``).
    @usableFromInline var version: UInt64 = 0

    @inlinable var isEnabled: Bool { enabledInput && (allowsConcurrent || active == 0) }

    @inlinable
    mutating func change(_ body: (inout State) -> Void) -> Publication {
      body(&self)
      version &+= 1
      return Publication(version: version, enabled: isEnabled, executing: active > 0)
    }

    @inlinable init() {}
  }

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var state = State()
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline let work: (Input) -> Signal<Output, Failure>
  /// The actor the command was made on, where `work` runs.
  @usableFromInline let workIsolation: (any Actor)?
  @usableFromInline let enabledSubject = ReplaySubject<Bool, Never>(capacity: 1)
  @usableFromInline let executingSubject = ReplaySubject<Bool, Never>(capacity: 1)
  @usableFromInline let executionsSubject = Subject<Signal<Output, Never>, Never>()
  @usableFromInline let errorsSubject = Subject<Failure, Never>()
  @usableFromInline let concurrencySubject: BehaviorSubject<Bool, Never>
  @usableFromInline let lastDelivered = DeliveredState()
  @usableFromInline let enabledInputSubscription = SerialDisposable()
  @usableFromInline let commandName: String

  /// Whether the command is enabled: its current value at once on subscription, later values on
  /// the command's scheduler, without repeats, the latest replayed.
  public let enabled: Signal<Bool, Never>
  /// Whether an execution is running: `false` at first, later values on the command's
  /// scheduler, without repeats, the latest replayed.
  public let executing: Signal<Bool, Never>
  /// One signal per successful `execute(_:)` started after you subscribe — hot — each with its
  /// errors swallowed, delivered on the command's scheduler; it never fails.
  public let executionSignals: Signal<Signal<Output, Never>, Never>
  /// Every execution's error, as a value, on the command's scheduler — hot: errors from before
  /// you subscribed are not replayed; it never fails.
  public let errors: Signal<Failure, Never>

  /// A command running `execute` for each input, enabled while `enabled`'s latest value is `true`
  /// (always, if `nil`; `true` until it first sends) and no non-concurrent
  /// execution runs. Later values of its signals are delivered on `scheduler`.
  ///
  /// Made on an actor (a `@MainActor` view model), `execute` may use the actor's state and runs
  /// only on it: at once when `execute(_:)` is called there, else when the execution starts
  /// there (see <doc:Concurrency>).
  public init(
    name: String = "Command",
    enabled enabledInput: Signal<Bool, Never>? = nil,
    scheduler: any Scheduler = MainScheduler.shared,
    execute: @escaping (Input) -> Signal<Output, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) {
    self.scheduler = scheduler
    self.work = execute
    self.workIsolation = isolation
    self.commandName = name
    concurrencySubject = BehaviorSubject(value: false)
    enabled = enabledSubject.setName("\(name) -enabled")
    executing = executingSubject.setName("\(name) -executing")
    executionSignals = executionsSubject.deliver(on: scheduler).setName("\(name) -executionSignals")
    errors = errorsSubject.setName("\(name) -errors")
    if let enabledInput {
      let changes = WeakReference(self)
      enabledInputSubscription.disposable = enabledInput.subscribe(
        next: { value in changes.object?.enabledInputChanged(to: value) }, isolation: nil)
    }
    // The first values are the state now — including what the enabled signal sent while it was
    // subscribed — sent at once; later changes go through the scheduler.
    let initial = lock.withLock {
      Publication(version: state.version, enabled: state.isEnabled, executing: state.active > 0)
    }
    lastDelivered.start(with: initial)
    enabledSubject.sendNext(initial.enabled)
    executingSubject.sendNext(initial.executing)
  }

  deinit {
    enabledInputSubscription.dispose()
    let subjects = (enabledSubject, executingSubject, executionsSubject, errorsSubject)
    let concurrency = concurrencySubject
    subjects.0.sendCompleted()
    subjects.1.sendCompleted()
    subjects.2.sendCompleted()
    subjects.3.sendCompleted()
    concurrency.sendCompleted()
  }

  /// Whether executions may overlap (default `false`). Atomic; changing it re-evaluates
  /// ``enabled``.
  public var allowsConcurrentExecution: Bool {
    get { lock.withLock { state.allowsConcurrent } }
    set {
      let publication = lock.withLock { state.change { $0.allowsConcurrent = newValue } }
      concurrencySubject.sendNext(newValue)
      publish(publication)
    }
  }

  /// ``allowsConcurrentExecution`` as a signal: its current value, then every change.
  public var allowsConcurrentExecutionChanges: Signal<Bool, Never> { concurrencySubject }

  /// Whether the command is enabled right now (RAC's `immediateEnabled`), without waiting for the
  /// scheduler.
  public var isEnabled: Bool { lock.withLock { state.isEnabled } }

  /// Whether an execution runs right now.
  public var isExecuting: Bool { lock.withLock { state.active > 0 } }

  /// Runs the command for `input`, or fails with ``CommandError/notEnabled`` — creating no work —
  /// if it is disabled. Otherwise the work is created now, the execution is registered before it
  /// starts (``executing`` becomes `true` first), the work is subscribed on the command's
  /// scheduler and replayed to every subscriber of the returned signal, which also carries the
  /// work's error; the execution ends when the work completes or fails.
  ///
  /// ```swift
  /// submit.execute(order).subscribe(next: { receipt in print(receipt) })
  /// ```
  @inlinable
  @discardableResult
  public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
    let admitted = lock.withLock { () -> Publication? in
      guard state.isEnabled else { return nil }
      return state.change { $0.active += 1 }
    }
    guard let admitted else {
      return Signal<Output, CommandError<Failure>>.error(.notEnabled)
        .setName(describedBy: Self.executionName(commandName, input))
    }
    publish(admitted)
    let created: Signal<Output, Failure>
    if let workIsolation {
      let work = self.work
      created = Signal.made(on: workIsolation) { work(input) }
    } else {
      created = work(input)
    }
    let connection = created.subscribe(on: scheduler).multicast(ReplaySubject())
    let execution = connection.signal
    let errors = errorsSubject
    let scheduler = self.scheduler
    let finished = WeakReference(self)
    execution.subscribe(
      error: { error in
        let failure = Handoff(error)
        scheduler.schedule { errors.sendNext(failure.value) }
        finished.object?.executionEnded()
      },
      completed: { finished.object?.executionEnded() }, isolation: nil)
    executionsSubject.sendNext(execution.catchTo(.empty))
    connection.connect()
    return execution.mapError { CommandError.underlying($0) }
      .setName(describedBy: Self.executionName(commandName, input))
  }

  /// Describes an execution as RAC did, `<command> -execute: <input>`, when the name is read.
  @usableFromInline
  static func executionName(_ command: String, _ input: Input) -> @Sendable () -> String {
    // Only read to describe it, on whichever thread reads the name.
    let input = Handoff(input)
    return { "\(command) -execute: \(input.value)" }
  }

  @usableFromInline
  func enabledInputChanged(to value: Bool) {
    publish(lock.withLock { state.change { $0.enabledInput = value } })
  }

  @inlinable
  func executionEnded() {
    publish(lock.withLock { state.change { $0.active -= 1 } })
  }

  /// Queues the state after a change on the scheduler. Each value is sent only if it differs
  /// from the last one sent, and a publication that reaches the scheduler after a newer one —
  /// two threads changing the state at once — is dropped, so the signals never end on a stale
  /// value.
  @inlinable
  func publish(_ publication: Publication) {
    let enabledSubject = self.enabledSubject
    let executingSubject = self.executingSubject
    let lastDelivered = self.lastDelivered
    scheduler.schedule {
      let (sendEnabled, sendExecuting) = lastDelivered.update(to: publication)
      if sendEnabled { enabledSubject.sendNext(publication.enabled) }
      if sendExecuting { executingSubject.sendNext(publication.executing) }
    }
  }
}

/// A command's state after one change, as its signals show it.
@usableFromInline
struct Publication: Sendable {
  @usableFromInline let version: UInt64
  @usableFromInline let enabled: Bool
  @usableFromInline let executing: Bool

  @inlinable init(version: UInt64, enabled: Bool, executing: Bool) {
    self.version = version
    self.enabled = enabled
    self.executing = executing
  }
}

extension Command where Input == Void {
  /// A command without input, made from work that takes no parameter — a refresh, a logout, a
  /// retry. Everything else is as for ``init(name:enabled:scheduler:execute:isolation:)``: the
  /// same parameters, the same rules; run it with ``execute()``.
  ///
  /// ```swift
  /// let refresh = Command { api.fetchInbox() }
  /// let submit = Command(enabled: form.isValid) { api.submit(form.order) }
  /// refresh.execute()
  /// ```
  ///
  /// Made on an actor (a `@MainActor` view model), `execute` may use the actor's state and runs
  /// only on it (see <doc:Concurrency>).
  public convenience init(
    name: String = "Command",
    enabled enabledInput: Signal<Bool, Never>? = nil,
    scheduler: any Scheduler = MainScheduler.shared,
    execute: @escaping () -> Signal<Output, Failure>,
    isolation: isolated (any Actor)? = #isolation
  ) {
    self.init(
      name: name, enabled: enabledInput, scheduler: scheduler, execute: { _ in execute() },
      isolation: isolation)
  }

  /// Runs a command without input: ``execute(_:)`` with `()`, with every rule it has — it fails
  /// with ``CommandError/notEnabled`` when the command is disabled.
  ///
  /// ```swift
  /// refresh.execute().subscribe(next: { messages in show(messages) })
  /// ```
  @inlinable
  @discardableResult
  public func execute() -> Signal<Output, CommandError<Failure>> {
    execute(())
  }
}

extension Command: CustomStringConvertible {
  /// The command's name.
  public var description: String { commandName }
}

/// The state a command's signals last showed, to send only changes (`enabled` and `executing`
/// never repeat a value) and to drop publications older than the one shown.
///
/// Lock discipline: `last` is read and written with `lock` held.
@usableFromInline
final class DeliveredState: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var last = Publication(
    version: 0, enabled: true, executing: false)

  @inlinable init() {}

  /// Records the state the signals start with.
  @usableFromInline
  func start(with publication: Publication) {
    lock.withLock { last = publication }
  }

  /// Records `publication` unless a newer one was shown; returns which values to send.
  @inlinable
  func update(to publication: Publication) -> (enabled: Bool, executing: Bool) {
    lock.withLock {
      guard publication.version > last.version else { return (false, false) }
      defer { last = publication }
      return (last.enabled != publication.enabled, last.executing != publication.executing)
    }
  }
}
