extension Signal {
  /// Forwards the receiver until `trigger` sends a value or completes, then completes and
  /// disposes both (RAC's `-takeUntil:`). The trigger is subscribed first, so one that fires
  /// at once means the receiver is never subscribed; the trigger's errors are ignored.
  ///
  /// ```swift
  /// uploadProgress.take(until: cancelButton.triggers)
  /// ```
  @inlinable
  public func take<T, E: Error>(until trigger: Signal<T, E>) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Signal<T, E>>
    return Op(name: .inputWithState("takeUntil:"), source: self, parameter: trigger) {
      signal, sink, scope in
      let op = Op.cast(signal)
      let output = SerializedEventSink(sink: sink, scope: scope)
      let triggerScope = scope.makeChild()
      let inputScope = scope.makeChild()
      op.parameter.subscribe(
        sink: { event in
          switch event {
          case .next, .completed:
            // The receiver stops at once, even while the completion is still on its way
            // through a later stage that delays it (`delay`, `deliver(on:)`).
            scope.endChild(inputScope)
            output.send(.completed)
          case .error: scope.endChild(triggerScope)
          }
        }, scope: triggerScope)
      if scope.isDisposed || inputScope.isDisposed { return }
      op.subscribeInput(sink: { output.send($0) }, scope: inputScope)
    }
  }

  /// Forwards the receiver's values and errors until `replacement` sends any event, then
  /// disposes the receiver and forwards only the replacement — its values, error and completion
  /// (RAC's `-takeUntilReplacement:`). The receiver's completion is not forwarded. The
  /// replacement is subscribed first, so one that sends at once means the receiver is never
  /// subscribed.
  ///
  /// ```swift
  /// cachedResults.take(untilReplacement: freshResults)
  /// ```
  @inlinable
  public func take(untilReplacement replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
    typealias Op = UnarySignal<Value, Failure, Value, Failure, Signal<Value, Failure>>
    return Op(
      name: .inputWithState("takeUntilReplacement:"), source: self,
      parameter: replacement
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let state = ReplacementState(sink: sink, scope: scope)
      op.parameter.subscribe(
        sink: { state.perform(.replacement($0)) }, scope: state.replacementScope)
      // A replacement that has already sent ended the receiver's scope: the receiver is never
      // subscribed (its work would run for nothing).
      if scope.isDisposed || state.originalScope.isDisposed { return }
      op.subscribeInput(sink: { state.perform(.original($0)) }, scope: state.originalScope)
    }
  }
}

/// An event of `take(untilReplacement:)`.
@usableFromInline
enum ReplacementOperation<Value, Failure: Error> {
  case original(Event<Value, Failure>)
  case replacement(Event<Value, Failure>)
}

/// One subscription to `take(untilReplacement:)`: both inputs' events pass, as operations, through
/// its ``SerializedSink`` base.
///
/// Lock discipline: ``SerializedSink``'s; `replaced` is touched only by the owner of the gate,
/// the scopes are immutable.
@usableFromInline
final class ReplacementState<Value, Failure: Error>:
  SerializedSink<Value, Failure, ReplacementOperation<Value, Failure>>, @unchecked Sendable
{
  /// The receiver's subscription, ended when it completes or is replaced.
  @usableFromInline let originalScope: SubscriptionScope
  /// The replacement's subscription.
  @usableFromInline let replacementScope: SubscriptionScope
  /// Whether the replacement has sent an event. Owner of the gate only.
  @usableFromInline @exclusivity(unchecked) var replaced = false

  /// The state of a subscription delivering to `sink`, for the subscription of `scope`.
  @inlinable
  override init(sink: @escaping (inout Event<Value, Failure>) -> Void, scope: SubscriptionScope) {
    self.originalScope = scope.makeChild()
    self.replacementScope = scope.makeChild()
    super.init(sink: sink, scope: scope)
  }

  /// Runs `operation` serialized with the other input's (from either input's thread).
  @inlinable
  func perform(_ operation: ReplacementOperation<Value, Failure>) {
    perform(operation) { execute($0) }
  }

  /// Owner of the gate only, through ``SerializedSink/perform(_:_:)`` (so not after the output
  /// finished or the scope was disposed).
  @inlinable
  func execute(_ operation: ReplacementOperation<Value, Failure>) {
    switch operation {
    case .original(let event):
      if replaced { return }
      switch event {
      case .next, .error: deliver(event)
      case .completed: scope.endChild(originalScope)
      }
    case .replacement(let event):
      if !replaced {
        replaced = true
        scope.endChild(originalScope)
      }
      deliver(event)
    }
  }
}
