extension Signal {
  /// Subscribes to the receiver again every time it completes, forever; an error ends it
  /// (RAC's `-repeat`). A receiver that completes synchronously is resubscribed in a loop, not by
  /// recursion (constant stack; RAC reached the same with recursive scheduling).
  ///
  /// ```swift
  /// Signal.just(1).repeat().take(3)  // 1, 1, 1
  /// ```
  @inlinable
  public func `repeat`() -> Signal<Value, Failure> {
    resubscribing(name: .input("repeat"), rule: .onCompletion)
  }

  /// Subscribes to the receiver again every time it fails, forever; completes when it completes
  /// (RAC's `-retry`).
  ///
  /// ```swift
  /// flakyRequest.retry()
  /// ```
  @inlinable
  public func retry() -> Signal<Value, Failure> {
    resubscribing(name: .input("retry"), rule: .onError(limit: nil))
  }

  /// Subscribes to the receiver again when it fails, at most `count` times, then forwards the
  /// error (RAC's `-retry:`, except that `retry(0)` does not retry — use ``retry()`` for
  /// forever).
  ///
  /// ```swift
  /// request.retry(3)  // up to four attempts
  /// ```
  @inlinable
  public func retry(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "retry count must not be negative")
    return resubscribing(name: .inputCount("retry:", count), rule: .onError(limit: count))
  }

  @inlinable
  func resubscribing(name: SignalNameNode, rule: ResubscribeRule) -> Signal<Value, Failure> {
    appending(subscribing: ResubscribingStage(rule: rule), name: name)
  }
}

/// The subscribing stage of `repeat` and `retry`: subscribes to the input again, by `rule`, each
/// time it ends (see ``ResubscribeState``).
@usableFromInline
struct ResubscribingStage<Value, Failure: Error>: SubscribingStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  @usableFromInline let rule: ResubscribeRule
  @inlinable init(rule: ResubscribeRule) { self.rule = rule }

  @inlinable
  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Value, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    ResubscribeState(source: input.source, rule: rule, sink: sink, scope: scope).subscribeAgain()
  }
}

/// When `repeat`/`retry` subscribe again.
@usableFromInline
enum ResubscribeRule: Sendable {
  case onCompletion
  case onError(limit: Int?)
}

/// One subscription to `repeat` or `retry`.
///
/// Lock discipline: subscribing again is a request to `trampoline`, whose looping thread
/// subscribes in a loop (a synchronous completion only adds a pass: constant stack). `retries`
/// is touched only by the sink of the one attempt running at a time, before it requests the
/// next attempt (``Trampoline`` orders the two).
@usableFromInline
final class ResubscribeState<Value, Failure: Error> {
  @usableFromInline let source: Signal<Value, Failure>
  @usableFromInline let rule: ResubscribeRule
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void
  @usableFromInline let scope: SubscriptionScope
  @usableFromInline let trampoline = Trampoline()
  @usableFromInline var retries = 0

  @inlinable
  init(
    source: Signal<Value, Failure>, rule: ResubscribeRule,
    sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope
  ) {
    self.source = source
    self.rule = rule
    self.sink = sink
    self.scope = scope
  }

  /// Subscribes to the source again: now, or — when a pass is already running, on this thread
  /// or another — right after it, on the thread running it.
  @inlinable
  func subscribeAgain() {
    trampoline.request { subscribeOnce() }
  }

  /// One pass of ``subscribeAgain()``: unless the subscription was disposed, subscribes to the
  /// source once, as a child of `scope`.
  @inlinable
  func subscribeOnce() {
    if scope.isDisposed { return }
    let attempt = scope.makeChild()
    source.subscribe(
      sink: { event in
        switch event {
        case .next:
          self.sink(&event)
        case .completed:
          if case .onCompletion = self.rule {
            self.scope.endChild(attempt)
            self.subscribeAgain()
          } else {
            self.sink(&event)
          }
        case .error:
          if case .onError(let limit) = self.rule, limit.map({ self.retries < $0 }) ?? true {
            self.retries += 1
            self.scope.endChild(attempt)
            self.subscribeAgain()
          } else {
            self.sink(&event)
          }
        }
      }, scope: attempt)
  }
}
