import Dispatch

/// The main queue as a scheduler (RAC's `+mainThreadScheduler`). `schedule(_:)` always enqueues,
/// even when called on the main queue (RAC's rule); use `deliverOnMainThread()` for "at once if
/// already there".
///
/// On Apple platforms the app's run loop drains the main queue. **A Linux command-line program
/// must drain it itself**: end `main` with `dispatchMain()` (which never returns; call `exit` from
/// a scheduled action when done), or run `RunLoop.main` (`RunLoop.main.run()`, or
/// `run(until:)` in a loop). Without that, actions scheduled here never run. The Swift Testing
/// runner drains it, so tests can use it.
///
/// ```swift
/// results.deliver(on: MainScheduler.shared).subscribe(next: { label.text = $0 })
/// ```
///
/// Its actions follow the rule every operator's closures follow: scheduled from an actor (a
/// `@MainActor` view model), an action may use that actor's state and runs on it — on the main
/// queue for the main actor, with nothing more to wait for; on another actor, carried there from
/// the main queue. Scheduled outside any actor, it runs on the main queue. The same holds through
/// ``IsolatingScheduler``, the type a view model takes so that a `TestScheduler` can stand in for
/// this one in tests. Through `any Scheduler` an action stays `@Sendable`: a scheduler with a
/// queue of its own cannot run code isolated to the caller's actor there.
public final class MainScheduler: IsolatingScheduler, Sendable {
  // Lock discipline: immutable; scheduling is delegated to a QueueScheduler on the main queue.
  private let base: QueueScheduler

  /// The main scheduler.
  public static let shared = MainScheduler()

  private init() {
    base = QueueScheduler(queue: .main)
    box.scheduler = self
  }

  /// Enqueues `action` on the main queue; scheduled from an actor, it runs on that actor (see
  /// the type's comment).
  ///
  /// ```swift
  /// MainScheduler.shared.schedule { self.count += 1 }  // in a @MainActor view model
  /// ```
  @discardableResult
  public func schedule(
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    let run = Self.running(action, on: isolation)
    return base.schedule { CurrentScheduler.run(as: self.box, run) }
  }

  /// Runs `action` once `delay` has passed; scheduled from an actor, on that actor.
  ///
  /// ```swift
  /// MainScheduler.shared.schedule(after: .seconds(2)) { self.banner = nil }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, isolation: isolated (any Actor)? = #isolation,
    _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    let run = Self.running(action, on: isolation)
    return base.schedule(after: delay) { CurrentScheduler.run(as: self.box, run) }
  }

  /// Runs `action` after `delay`, then every `interval`; scheduled from an actor, on that actor.
  ///
  /// ```swift
  /// MainScheduler.shared.schedule(after: .zero, repeating: .seconds(1), leeway: .zero) {
  ///   self.tick()
  /// }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    let run = Self.running(action, on: isolation)
    return base.schedule(after: delay, repeating: interval, leeway: leeway) {
      CurrentScheduler.run(as: self.box, run)
    }
  }

  /// Runs `action` after `delay`, then every `interval`, with a leeway of a tenth of the
  /// interval; scheduled from an actor, on that actor.
  ///
  /// ```swift
  /// timer = MainScheduler.shared.schedule(after: .seconds(1), repeating: .seconds(1)) {
  ///   self.clockTick()  // in a @MainActor view model
  /// }
  /// ```
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration,
    isolation: isolated (any Actor)? = #isolation, _ action: @escaping () -> Void
  ) -> (any Disposable)? {
    schedule(
      after: delay, repeating: interval, leeway: interval / 10, isolation: isolation, action)
  }

  /// Enqueues `action` on the main queue: the `@Sendable` form of
  /// ``schedule(isolation:_:)``, which `any Scheduler` calls.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = MainScheduler.shared
  /// scheduler.schedule { print("on the main queue") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    base.schedule { CurrentScheduler.run(as: self.box, action) }
  }

  /// Runs `action` on the main queue once `delay` has passed: the `@Sendable` form of
  /// ``schedule(after:isolation:_:)``.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = MainScheduler.shared
  /// scheduler.schedule(after: .seconds(1)) { print("a second later") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    base.schedule(after: delay) { CurrentScheduler.run(as: self.box, action) }
  }

  /// Runs `action` on the main queue after `delay`, then every `interval`: the `@Sendable` form
  /// of ``schedule(after:repeating:leeway:isolation:_:)``.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = MainScheduler.shared
  /// scheduler.schedule(after: .zero, repeating: .seconds(1), leeway: .zero) { print("tick") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    base.schedule(after: delay, repeating: interval, leeway: leeway) {
      CurrentScheduler.run(as: self.box, action)
    }
  }

  /// `action` as a `@Sendable` action for the main queue that runs it on `isolation`: inline on
  /// the main queue for the main actor, carried to any other actor, as it is without one.
  private static func running(_ action: @escaping () -> Void, on isolation: (any Actor)?)
    -> @Sendable () -> Void
  {
    // The closure is only ever called on `isolation` (by a ``Hop``), or, scheduled outside any
    // actor, on the main queue — the rule every closure of an operator follows.
    let action = IsolatedClosure(action)
    guard let isolation else { return { action.function() } }
    let target = HopTarget(actor: isolation)
    return { Hop<Void>(to: target) { _ in action.function() }.receive(()) }
  }

  private let box = SchedulerBox()
}
