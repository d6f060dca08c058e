/// A signal's values as an `AsyncSequence` (``Signal/values``), failing with the signal's own
/// failure type: iterate a `Never`-failing signal with `for await`, any other with
/// `for try await`.
///
/// Each iteration subscribes to the signal once (it is cold), when the loop first asks for a
/// value. Values that arrive faster than the loop consumes them wait in a buffer governed by the
/// ``BufferingPolicy`` (unbounded by default). Breaking out of the loop, or cancelling the task
/// that iterates, disposes the subscription.
///
/// ```swift
/// for await title in model.titles.values {
///   label.text = title
/// }
/// ```
public struct SignalValues<Value, Failure: Error>: AsyncSequence, Sendable {
  /// What to do with values that arrive while the consumer is busy.
  public enum BufferingPolicy: Sendable {
    /// Keep every value (the default).
    case unbounded
    /// Keep at most this many of the oldest values; drop newer ones while full.
    case bufferingOldest(Int)
    /// Keep at most this many of the newest values; drop the oldest when full.
    case bufferingNewest(Int)
  }

  /// The element type: the signal's values.
  public typealias Element = Value

  private let signal: Signal<Value, Failure>
  private let policy: BufferingPolicy

  /// The values of `signal`, buffered by `policy`.
  public init(
    _ signal: Signal<Value, Failure>, bufferingPolicy policy: BufferingPolicy = .unbounded
  ) {
    self.signal = signal
    self.policy = policy
  }

  /// Starts a new iteration (and, on its first `next()`, a new subscription).
  public func makeAsyncIterator() -> Iterator {
    Iterator(bridge: ValuesBridge(signal: signal, policy: policy))
  }

  /// Iterates one subscription's values.
  public struct Iterator: AsyncIteratorProtocol {
    private let token: ValuesIterationToken<Value, Failure>

    init(bridge: ValuesBridge<Value, Failure>) { token = ValuesIterationToken(bridge: bridge) }

    /// The next value; `nil` once the signal completed or the task was cancelled.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Value? {
      try await token.bridge.next()
    }

    /// The next value; `nil` once the signal completed or the task was cancelled.
    public mutating func next() async throws(Failure) -> Value? {
      try await token.bridge.next()
    }
  }
}

extension Signal {
  /// The signal's values as an `AsyncSequence` with the signal's failure type; every value is
  /// kept until consumed (see ``SignalValues`` for other policies).
  ///
  /// ```swift
  /// for try await page in pages.values { render(page) }
  /// ```
  public var values: SignalValues<Value, Failure> { SignalValues(self) }

  /// The signal's values as an `AsyncSequence`, buffered by `policy`.
  public func values(
    bufferingPolicy policy: SignalValues<Value, Failure>.BufferingPolicy
  ) -> SignalValues<Value, Failure> {
    SignalValues(self, bufferingPolicy: policy)
  }
}

/// Owned by an iterator only: when the iterator goes away (the loop ended), the subscription is
/// disposed. (The subscription's sink holds the bridge, so the bridge itself cannot notice.)
final class ValuesIterationToken<Value, Failure: Error>: Sendable {
  let bridge: ValuesBridge<Value, Failure>
  init(bridge: ValuesBridge<Value, Failure>) { self.bridge = bridge }
  deinit { bridge.cancel() }
}

/// Connects one subscription to one consumer.
///
/// Lock discipline: `buffer`, `terminal`, `waiter`, `subscription`, `started` and `cancelled` are read
/// and written only with `lock` held; a waiter is resumed after the lock is released. Values move
/// from the sending thread to the consuming task exactly once (the sender no longer touches
/// them), which is what makes handing over non-`Sendable` values safe.
final class ValuesBridge<Value, Failure: Error>: @unchecked Sendable {
  private let signal: Signal<Value, Failure>
  private let policy: SignalValues<Value, Failure>.BufferingPolicy
  private let lock = Lock()
  private var buffer = RingBuffer<Value>()
  private var terminal: Event<Value, Failure>?
  private var waiter: UnsafeContinuation<Handoff<Result<Value?, Failure>>, Never>?
  private var subscription: (any Disposable)?
  private var started = false
  private var cancelled = false

  init(signal: Signal<Value, Failure>, policy: SignalValues<Value, Failure>.BufferingPolicy) {
    self.signal = signal
    self.policy = policy
  }

  func next() async throws(Failure) -> Value? {
    let result: Handoff<Result<Value?, Failure>> = await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        lock.lock()
        if let value = buffer.popFirst() {
          lock.unlock()
          continuation.resume(returning: Handoff(.success(value)))
          return
        }
        if cancelled {
          lock.unlock()
          continuation.resume(returning: Handoff(.success(nil)))
          return
        }
        switch terminal {
        case .error(let error)?:
          lock.unlock()
          continuation.resume(returning: Handoff(.failure(error)))
          return
        case .completed?, .next?:
          lock.unlock()
          continuation.resume(returning: Handoff(.success(nil)))
          return
        case nil:
          break
        }
        waiter = continuation
        let mustStart = !started
        started = true
        lock.unlock()
        if mustStart { start() }
      }
    } onCancel: {
      stopDelivering()
    }
    let value = try result.value.get()
    if value == nil { disposeIfStopped() }
    return value
  }

  private func start() {
    let subscription = signal.subscribe(
      next: { [self] value in receive(.next(value)) },
      error: { [self] error in receive(.error(error)) },
      completed: { [self] in receive(.completed) },
      isolation: nil)
    lock.lock()
    if cancelled {
      lock.unlock()
      subscription.dispose()
      return
    }
    self.subscription = subscription
    lock.unlock()
  }

  private func receive(_ event: Event<Value, Failure>) {
    lock.lock()
    if cancelled || terminal != nil {
      lock.unlock()
      return
    }
    let waiter = self.waiter
    self.waiter = nil
    switch event {
    case .next(let value):
      if let waiter {
        lock.unlock()
        waiter.resume(returning: Handoff(.success(value)))
        return
      }
      store(value)
      lock.unlock()
    case .error(let error):
      terminal = event
      lock.unlock()
      waiter?.resume(returning: Handoff(.failure(error)))
    case .completed:
      terminal = event
      lock.unlock()
      waiter?.resume(returning: Handoff(.success(nil)))
    }
  }

  /// With `lock` held.
  private func store(_ value: Value) {
    switch policy {
    case .unbounded:
      buffer.append(value)
    case .bufferingOldest(let limit):
      if buffer.count < limit { buffer.append(value) }
    case .bufferingNewest(let limit):
      guard limit > 0 else { return }
      if buffer.count == limit { _ = buffer.popFirst() }
      buffer.append(value)
    }
  }

  /// Ends the iteration: disposes the subscription, drops the buffer, ends a waiting `next()`.
  /// Called when the iterator goes away, never from a task's cancellation handler.
  func cancel() {
    stopDelivering()
    disposeIfStopped()
  }

  /// Ends the iteration without disposing the subscription: drops the buffer, ignores every
  /// later event and ends a waiting `next()` with `nil`. The task's cancellation handler calls
  /// this, and the task itself disposes the subscription when its `next()` returns
  /// (``disposeIfStopped()``).
  ///
  /// A cancellation handler runs while the concurrency runtime holds the task's status lock.
  /// Disposing there would wait for a handler running on the sending thread (the dispose fence),
  /// and that handler may be resuming this task's continuation, which waits for the same lock:
  /// each thread would wait for the other for good.
  private func stopDelivering() {
    lock.lock()
    if cancelled {
      lock.unlock()
      return
    }
    cancelled = true
    let waiter = self.waiter
    self.waiter = nil
    var dropped = RingBuffer<Value>()
    swap(&dropped, &buffer)
    lock.unlock()
    waiter?.resume(returning: Handoff(.success(nil)))
    _ = dropped
  }

  /// Disposes the subscription once the iteration was stopped; does nothing before that.
  private func disposeIfStopped() {
    lock.lock()
    guard cancelled, let subscription else {
      lock.unlock()
      return
    }
    self.subscription = nil
    lock.unlock()
    subscription.dispose()
  }
}
