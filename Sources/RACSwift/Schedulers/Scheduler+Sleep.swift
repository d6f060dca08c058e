import Synchronization

extension Scheduler {
  /// Suspends the calling task until an action scheduled on this scheduler with
  /// ``schedule(after:_:)`` for `delay` runs: the sleeper wakes in order with the scheduler's
  /// other actions, on its time — real time for a ``QueueScheduler`` or the ``MainScheduler``,
  /// virtual time for a `TestScheduler` (RACSwiftTesting), which wakes it when a test advances
  /// past the delay.
  ///
  /// A `delay` of zero or less returns at once (after checking for cancellation). Cancelling the
  /// task ends the sleep with `CancellationError` and disposes the scheduled wake-up. The task
  /// resumes on its own executor after the wake-up action ran, not inside it.
  ///
  /// On an ``ImmediateScheduler``, whose `schedule(after:)` blocks the calling thread for the
  /// delay, the sleep blocks the thread the task runs on (a thread of Swift's cooperative pool,
  /// or its actor's) for the whole delay; cancellation cannot shorten that wait, and the sleep
  /// throws `CancellationError` once the delay is over. Use `Task.sleep` there instead.
  ///
  /// ```swift
  /// let timers = QueueScheduler(name: "timers")
  /// Task {
  ///   try await timers.sleep(for: .seconds(2))  // after timers' actions due before it
  ///   print("two seconds later")
  /// }
  /// ```
  public func sleep(for delay: Duration) async throws {
    try Task.checkCancellation()
    if delay <= .zero { return }
    let sleep = ScheduledSleep()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        sleep.start(continuation)
        let wakeUp = schedule(after: delay) { sleep.finish(throwing: nil) }
        sleep.keep(wakeUp)
      }
    } onCancel: {
      sleep.finish(throwing: CancellationError())
    }
  }
}

/// One ``Scheduler/sleep(for:)``: the sleeping task's continuation, resumed once — by the
/// scheduled wake-up action or by cancellation, whichever comes first — and the wake-up's
/// disposable, disposed on cancellation.
///
/// Lock discipline: `state` is read and written only with the mutex held; the continuation is
/// resumed and the wake-up disposed after it is released.
final class ScheduledSleep: Sendable {
  private enum State {
    /// Before the continuation is known; `cancelled` if the task was cancelled meanwhile.
    case starting(cancelled: Bool)
    case sleeping(CheckedContinuation<Void, any Error>, wakeUp: (any Disposable)?)
    case finished
  }

  private let state = Mutex<State>(.starting(cancelled: false))

  /// The sleeping task's continuation; resumed at once if the task was cancelled already.
  func start(_ continuation: CheckedContinuation<Void, any Error>) {
    let cancelled = state.withLock { state -> Bool in
      if case .starting(cancelled: true) = state {
        state = .finished
        return true
      }
      state = .sleeping(continuation, wakeUp: nil)
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  /// Keeps the wake-up action's disposable, to dispose it if the task is cancelled; disposes it
  /// at once if the sleep was cancelled meanwhile.
  func keep(_ wakeUp: (any Disposable)?) {
    let finished = state.withLock { state -> Bool in
      guard case .sleeping(let continuation, nil) = state else { return true }
      state = .sleeping(continuation, wakeUp: wakeUp)
      return false
    }
    if finished { wakeUp?.dispose() }
  }

  /// Ends the sleep: normally (`nil`, the wake-up ran) or with `error` (cancellation).
  func finish(throwing error: (any Error)?) {
    let ended = state.withLock {
      state -> (CheckedContinuation<Void, any Error>, (any Disposable)?)? in
      switch state {
      case .starting:
        if error != nil { state = .starting(cancelled: true) }
        return nil
      case .sleeping(let continuation, let wakeUp):
        state = .finished
        return (continuation, wakeUp)
      case .finished:
        return nil
      }
    }
    guard let (continuation, wakeUp) = ended else { return }
    if let error {
      wakeUp?.dispose()
      continuation.resume(throwing: error)
    } else {
      continuation.resume()
    }
  }
}
