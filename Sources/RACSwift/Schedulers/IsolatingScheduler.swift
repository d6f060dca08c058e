/// A scheduler whose actions may be written on the caller's actor, so that a `@MainActor` view
/// model can take its scheduler as a parameter: ``MainScheduler`` in the app, a `TestScheduler`
/// (RACSwiftTesting) in its tests.
///
/// Scheduled from an actor, an action needs no `@Sendable`, may use that actor's state, and runs
/// only on that actor: at once when it falls due there (on the main queue for the main actor; a
/// `TestScheduler` advanced from the main actor), otherwise carried there. Disposing the returned
/// disposable before the action has run on the actor cancels it. Scheduled outside any actor, it
/// runs where the scheduler runs its actions. This is the rule every closure handed to RACSwift
/// follows (`CONTRACT.md#isolation`).
///
/// ```swift
/// @MainActor final class ClockViewModel {
///   private(set) var seconds = 0
///   private let scheduler: any IsolatingScheduler
///   private var timer: (any Disposable)?
///
///   init(scheduler: any IsolatingScheduler = MainScheduler.shared) { self.scheduler = scheduler }
///
///   func start() {
///     timer = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) { self.seconds += 1 }
///   }
/// }
/// ```
///
/// A scheduler conforms by declaring it (`extension MyScheduler: IsolatingScheduler {}`): the
/// isolated forms come with the protocol, and stay sound for any scheduler. Declare it only for a
/// scheduler that runs its actions where its callers' actors run, as the main queue and a test's
/// virtual time do: on a scheduler with a queue of its own (``QueueScheduler``, which does not
/// conform), every action would be carried back from that queue to the caller's actor.
public protocol IsolatingScheduler: Scheduler {
  /// Runs `action`, which must be `@Sendable`, as soon as possible: the requirement of
  /// ``Scheduler``, which a call picks only for a `@Sendable` closure value written outside any
  /// actor. A closure written in place picks ``schedule(isolation:_:)``.
  ///
  /// ```swift
  /// let log: @Sendable () -> Void = { print("due") }
  /// scheduler.schedule(log)
  /// ```
  @_disfavoredOverload
  @discardableResult
  func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?

  /// Runs `action`, which must be `@Sendable`, once `delay` has passed: the requirement of
  /// ``Scheduler``. A closure written in place picks ``schedule(after:isolation:_:)``.
  ///
  /// ```swift
  /// let log: @Sendable () -> Void = { print("due") }
  /// scheduler.schedule(after: .seconds(1), log)
  /// ```
  @_disfavoredOverload
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> (
    any Disposable
  )?

  /// Runs `action`, which must be `@Sendable`, after `delay`, then every `interval`: the
  /// requirement of ``Scheduler``. A closure written in place picks
  /// ``schedule(after:repeating:leeway:isolation:_:)``.
  ///
  /// ```swift
  /// let log: @Sendable () -> Void = { print("tick") }
  /// scheduler.schedule(after: .zero, repeating: .seconds(1), leeway: .zero, log)
  /// ```
  @_disfavoredOverload
  @discardableResult
  func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)?
}

extension IsolatingScheduler {
  /// Runs `action` as soon as possible, after actions scheduled before it; scheduled from an
  /// actor, on that actor (see ``IsolatingScheduler``).
  ///
  /// ```swift
  /// scheduler.schedule { self.status = "saved" }  // in a @MainActor view model
  /// ```
  @discardableResult
  public func schedule(
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    ActorBoundAction.schedule(action, on: isolation) { sendableForm.schedule($0) }
  }

  /// Runs `action` once `delay` has passed; scheduled from an actor, on that actor.
  ///
  /// ```swift
  /// scheduler.schedule(after: .seconds(2)) { self.banner = nil }  // in a @MainActor view model
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, isolation: isolated (any Actor)? = #isolation,
    _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    ActorBoundAction.schedule(action, on: isolation) { sendableForm.schedule(after: delay, $0) }
  }

  /// Runs `action` after `delay`, then every `interval`, each run at most `leeway` late;
  /// scheduled from an actor, on that actor. Dispose to stop.
  ///
  /// ```swift
  /// timer = scheduler.schedule(after: .zero, repeating: .seconds(1), leeway: .zero) {
  ///   self.seconds += 1  // in a @MainActor view model
  /// }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    ActorBoundAction.schedule(action, on: isolation) {
      sendableForm.schedule(after: delay, repeating: interval, leeway: leeway, $0)
    }
  }

  /// Runs `action` after `delay`, then every `interval`, with a leeway of a tenth of the
  /// interval; scheduled from an actor, on that actor. Dispose to stop.
  ///
  /// ```swift
  /// timer = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) {
  ///   self.seconds += 1  // in a @MainActor view model
  /// }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration,
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    ActorBoundAction.schedule(action, on: isolation) {
      sendableForm.schedule(after: delay, repeating: interval, leeway: interval / 10, $0)
    }
  }

  /// The scheduler seen as a plain ``Scheduler``, whose calls pick the `@Sendable` requirements
  /// (a call on `self` here would pick the isolated forms above).
  private var sendableForm: any Scheduler { self }
}

/// An action written on an actor, scheduled on an ``IsolatingScheduler``: each time the scheduler
/// runs it, it is handed to the actor by a ``Hop`` (inline when the scheduler runs it there),
/// and runs there unless it was cancelled meanwhile.
///
/// Lock discipline: immutable; `action` is only called on `target`'s actor
/// (`CONTRACT.md#isolation`), and `cancellation` is thread-safe.
final class ActorBoundAction: @unchecked Sendable {
  private let action: () -> Void
  private let target: HopTarget
  /// Holds the scheduler's disposable; disposed, it also stops a run already handed to the actor.
  private let cancellation = CompoundDisposable()

  private init(_ action: @escaping () -> Void, target: HopTarget) {
    self.action = action
    self.target = target
  }

  /// Schedules `action` with `scheduling` (a scheduler's `@Sendable` form): as it is outside any
  /// actor (it then runs where the scheduler runs it, as RAC's actions do), else bound to
  /// `isolation`. Returns what cancels it.
  static func schedule(
    _ action: @escaping () -> Void, on isolation: (any Actor)?,
    with scheduling: (@escaping @Sendable () -> Void) -> (any Disposable)?
  ) -> (any Disposable)? {
    guard let isolation else {
      // Written outside any actor: called only by the scheduler, where it runs its actions.
      let action = IsolatedClosure(action)
      return scheduling { action.function() }
    }
    let bound = ActorBoundAction(action, target: HopTarget(actor: isolation))
    bound.cancellation.add(scheduling { bound.run() })
    return bound.cancellation
  }

  /// One run, due now: on the actor, at once if the scheduler runs it there.
  private func run() {
    Hop<Void>(to: target) { [self] _ in
      if !cancellation.isDisposed { action() }
    }.receive(())
  }
}
