import Dispatch

/// A serial scheduler on a Dispatch queue (RAC's `RACQueueScheduler` /
/// `+schedulerWithPriority:name:`): actions run one at a time, first in, first out.
///
/// ```swift
/// let images = QueueScheduler(name: "images", qos: .utility)
/// thumbnails.deliver(on: images)
/// ```
public final class QueueScheduler: Scheduler, Sendable {
  // Lock discipline: immutable after init; Dispatch is thread-safe.
  //
  // Lifetime: every queued action and timer handler holds the scheduler (`self`), not only its
  // `currentBox`: the box refers to the scheduler unowned, and an action reads
  // `Schedulers.current` through it, so the scheduler must outlive its queued work — as Dispatch
  // keeps a queue alive for the blocks queued on it.
  /// The serial queue actions run on.
  public let queue: DispatchQueue
  private let currentBox = SchedulerBox()

  /// A new serial scheduler named `name`, running at `qos`, optionally targeting `target` (it
  /// stays serial and first-in, first-out even if `target` is concurrent).
  public init(
    name: String = "RACSwift.QueueScheduler", qos: DispatchQoS = .default,
    targeting target: DispatchQueue? = nil
  ) {
    queue = DispatchQueue(label: name, qos: qos, target: target)
    currentBox.scheduler = self
  }

  /// A scheduler for an existing serial queue.
  public init(queue: DispatchQueue) {
    self.queue = queue
    currentBox.scheduler = self
  }

  /// Enqueues `action`; the disposable cancels it if it has not started.
  @discardableResult
  public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
    let cancellation = AnyDisposable()
    queue.async {
      if cancellation.isDisposed { return }
      CurrentScheduler.run(as: self.currentBox, action)
    }
    return cancellation
  }

  /// Runs `action` on the queue once `delay` has passed.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> (any Disposable)?
  {
    let cancellation = AnyDisposable()
    queue.asyncAfter(deadline: .now() + delay.dispatchInterval) {
      if cancellation.isDisposed { return }
      CurrentScheduler.run(as: self.currentBox, action)
    }
    return cancellation
  }

  /// Runs `action` on the queue after `delay`, then every `interval` (which must be positive),
  /// using a Dispatch timer.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating interval: Duration, leeway: Duration,
    _ action: @escaping @Sendable () -> Void
  ) -> (any Disposable)? {
    if interval <= .zero {
      fatalError("QueueScheduler: a repeating interval must be positive, not \(interval)")
    }
    let timer = TimerHandle(DispatchSource.makeTimerSource(queue: queue))
    timer.source.schedule(
      deadline: .now() + delay.dispatchInterval, repeating: interval.dispatchInterval,
      leeway: leeway.dispatchInterval)
    let cancellation = AnyDisposable { timer.source.cancel() }
    timer.source.setEventHandler {
      if cancellation.isDisposed { return }
      CurrentScheduler.run(as: self.currentBox, action)
    }
    timer.source.resume()
    return cancellation
  }
}

/// A Dispatch timer source, which is thread-safe but not declared `Sendable`.
final class TimerHandle: @unchecked Sendable {
  // Lock discipline: immutable; DispatchSource's methods are thread-safe.
  let source: any DispatchSourceTimer
  init(_ source: any DispatchSourceTimer) { self.source = source }
}

extension QueueScheduler: CustomStringConvertible {
  /// `QueueScheduler "images"`: the type and its queue's label, as a live subscription's
  /// report names where its handlers run.
  public var description: String { "QueueScheduler \"\(queue.label)\"" }
}
