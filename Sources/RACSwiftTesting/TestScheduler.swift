public import RACSwift
import Synchronization

/// A scheduler with virtual time, for deterministic tests of time-based behaviour (RAC's
/// `RACTestScheduler`): nothing runs until you advance it.
///
/// Actions scheduled with `schedule(_:)` run first, first in first out; delayed ones run in order
/// of their due time, ties in the order they were scheduled. Advancing moves ``now`` to each
/// action's due time as it runs it. It is thread-safe: actions may be scheduled from any thread;
/// they run on the thread that advances the scheduler, with `Schedulers.current` set
/// to this scheduler.
///
/// It is an `IsolatingScheduler`, so it can stand in for `MainScheduler` in a view model that
/// takes its scheduler as a parameter: an action scheduled from an actor (a `@MainActor` view
/// model) runs on that actor — at once when the scheduler is advanced from it (a `@MainActor`
/// test), else carried there when it falls due.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = scheduler.record(Signal.just(1).delay(.seconds(2), on: scheduler))
/// scheduler.advance(by: .seconds(2))
/// recorder.events  // [next(1) at 2s, completed at 2s]
/// ```
public final class TestScheduler: IsolatingScheduler, @unchecked Sendable {
  // Lock discipline: `queue`, `virtualTime` and `order` are read and written with `lock` held; actions
  // run without it.
  private let lock = NSLockLike()
  private var queue = ActionHeap()
  private var virtualTime: Duration = .zero
  private var order = 0

  /// The length of one marble tick (`-`) in this scheduler's virtual time.
  public let tick: Duration

  /// A scheduler at virtual time zero, whose marble tick lasts `tick`.
  public init(tick: Duration = .seconds(1)) { self.tick = tick }

  /// The virtual time elapsed since the scheduler was created.
  public var now: Duration { lock.withLock { virtualTime } }

  /// Whether no action is waiting.
  public var isIdle: Bool { lock.withLock { queue.isEmpty } }

  /// How many actions are waiting.
  public var pendingCount: Int { lock.withLock { queue.count } }

  // MARK: Scheduler

  /// Queues `action` to run at the current time, after every action queued this way before it.
  /// The `@Sendable` form, which `any Scheduler` calls; a closure written in place picks
  /// `schedule(isolation:_:)`, which runs it on the actor it was written on.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = TestScheduler()
  /// scheduler.schedule { print("runs when the test scheduler is advanced") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    enqueue(delay: nil, repeating: nil, action)
  }

  /// Queues `action` to run when virtual time reaches `now + delay`: the `@Sendable` form, which
  /// `any Scheduler` calls; a closure written in place picks `schedule(after:isolation:_:)`.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = TestScheduler()
  /// scheduler.schedule(after: .seconds(2)) { print("at 2s of virtual time") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    enqueue(delay: max(delay, .zero), repeating: nil, action)
  }

  /// Queues `action` at `now + delay`, then again every `interval` of virtual time (the leeway
  /// is ignored: virtual time is exact). The `@Sendable` form, which `any Scheduler` calls; a
  /// closure written in place picks `schedule(after:repeating:leeway:isolation:_:)`.
  ///
  /// ```swift
  /// let scheduler: any Scheduler = TestScheduler()
  /// scheduler.schedule(after: .zero, repeating: .seconds(1), leeway: .zero) { print("tick") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    precondition(interval > .zero, "a repeating interval must be positive")
    return enqueue(delay: max(delay, .zero), repeating: interval, action)
  }

  private func enqueue(
    delay: Duration?, repeating interval: Duration?, _ action: @escaping @Sendable () -> Void
  ) -> any Disposable {
    let cancellation = AnyDisposable()
    lock.withLock {
      order += 1
      queue.insert(
        ScheduledAction(
          time: virtualTime + (delay ?? .zero), isImmediate: delay == nil, order: order,
          interval: interval, action: action, cancellation: cancellation))
    }
    return cancellation
  }

  // MARK: Advancing

  /// Runs the earliest waiting action, moving ``now`` to its time; returns whether there was one.
  @discardableResult
  public func step() -> Bool {
    guard let action = nextAction(until: nil) else { return false }
    run(action)
    return true
  }

  /// Runs up to `count` of the earliest waiting actions.
  public func step(_ count: Int) {
    for _ in 0..<count where step() {}
  }

  /// Runs actions until none is waiting, including those they schedule (RAC's `-stepAll`).
  /// Repeating actions keep it busy forever: use `advance(by:)` for them.
  public func stepAll() {
    while step() {}
  }

  /// Runs every action due within `duration` from now, in order, then sets ``now`` to
  /// `now + duration`.
  public func advance(by duration: Duration) {
    advance(to: now + duration)
  }

  /// Runs every action due at or before `time`, in order, then sets ``now`` to `time` (if later).
  public func advance(to time: Duration) {
    while let action = nextAction(until: time) { run(action) }
    lock.withLock { virtualTime = max(virtualTime, time) }
  }

  /// Runs actions until the scheduler is idle (the same as ``stepAll()``).
  public func run() { stepAll() }

  /// `advance(by:)`, letting other tasks run between actions; the actions run on the caller's
  /// actor (a `@MainActor` test's actions run on the main actor, where its view model's chains
  /// receive them at once).
  ///
  /// ```swift
  /// @MainActor @Test func debounces() async {
  ///   let scheduler = TestScheduler()
  ///   // … a view model whose chains use `scheduler` …
  ///   await scheduler.advance(by: .milliseconds(300))
  /// }
  /// ```
  public func advance(
    by duration: Duration, isolation: isolated (any Actor)? = #isolation
  ) async {
    await advance(to: now + duration, isolation: isolation)
  }

  /// `advance(to:)`, letting other tasks run between actions; the actions run on the caller's
  /// actor.
  public func advance(
    to time: Duration, isolation: isolated (any Actor)? = #isolation
  ) async {
    while let action = nextAction(until: time) {
      run(action)
      await Task.yield()
    }
    lock.withLock { virtualTime = max(virtualTime, time) }
  }

  /// `run()`, letting other tasks run between actions; the actions run on the caller's actor.
  public func run(isolation: isolated (any Actor)? = #isolation) async {
    while step() { await Task.yield() }
  }

  /// `advance(by:)` for code compiled against an earlier release: its actions run off the
  /// caller's actor. Calls pick the form above.
  @_disfavoredOverload
  public func advance(by duration: Duration) async {
    await advance(to: now + duration, isolation: nil)
  }

  /// `advance(to:)` for code compiled against an earlier release: its actions run off the
  /// caller's actor. Calls pick the form above.
  @_disfavoredOverload
  public func advance(to time: Duration) async {
    await advance(to: time, isolation: nil)
  }

  /// `run()` for code compiled against an earlier release: its actions run off the caller's
  /// actor. Calls pick the form above.
  @_disfavoredOverload
  public func run() async {
    await run(isolation: nil)
  }

  /// Takes the earliest action due at or before `limit` (any if `nil`), skipping cancelled ones,
  /// and moves the clock to its time.
  private func nextAction(until limit: Duration?) -> ScheduledAction? {
    lock.withLock {
      while let first = queue.first {
        if first.cancellation.isDisposed {
          _ = queue.removeFirst()
          continue
        }
        if let limit, first.time > limit { return nil }
        let action = queue.removeFirst()
        virtualTime = max(virtualTime, action.time)
        if let interval = action.interval {
          order += 1
          queue.insert(
            ScheduledAction(
              time: action.time + interval, isImmediate: false, order: order,
              interval: interval, action: action.action, cancellation: action.cancellation))
        }
        return action
      }
      return nil
    }
  }

  private func run(_ action: ScheduledAction) {
    Schedulers.perform(as: self) { action.action() }
  }
}

/// A waiting action of a ``TestScheduler``.
struct ScheduledAction {
  let time: Duration
  let isImmediate: Bool
  let order: Int
  let interval: Duration?
  let action: @Sendable () -> Void
  let cancellation: AnyDisposable

  /// Earlier time first; at equal times, immediate actions first; then scheduling order.
  func precedes(_ other: ScheduledAction) -> Bool {
    if time != other.time { return time < other.time }
    if isImmediate != other.isImmediate { return isImmediate }
    return order < other.order
  }
}

/// A binary min-heap of actions: insertion and removal in O(log n), no re-sorting.
struct ActionHeap {
  private var storage: [ScheduledAction] = []

  var isEmpty: Bool { storage.isEmpty }
  var count: Int { storage.count }
  var first: ScheduledAction? { storage.first }

  mutating func insert(_ action: ScheduledAction) {
    storage.append(action)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[child].precedes(storage[parent]) else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() -> ScheduledAction {
    let first = storage[0]
    let last = storage.removeLast()
    if !storage.isEmpty {
      storage[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < storage.count, storage[left].precedes(storage[smallest]) { smallest = left }
        if right < storage.count, storage[right].precedes(storage[smallest]) { smallest = right }
        if smallest == parent { break }
        storage.swapAt(parent, smallest)
        parent = smallest
      }
    }
    return first
  }
}

/// A lock for the test support code (performance is not a concern here).
final class NSLockLike: @unchecked Sendable {
  private let mutex = Mutex<Void>(())
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    try mutex.withLock { _ in try body() }
  }
}

extension Duration {
  /// How many whole `tick`s this duration holds (rounded toward zero), counted in attoseconds.
  /// Not `Int(self / tick)`: that divides two `Double`s, which past 2^53 attoseconds cannot hold
  /// every duration, so 2,365 ticks of one second came out as 2,364.
  func ticks(of tick: Duration) -> Int {
    Int(attoseconds / tick.attoseconds)
  }
}
