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
    appending(paired: TakeUntilStage(other: trigger), name: "takeUntil:")
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
    appending(paired: ReplacementStage(other: replacement), name: "takeUntilReplacement:")
  }
}

/// The stage of `take(until:)`: forwards the receiver until the trigger sends a value or
/// completes.
@usableFromInline
struct TakeUntilStage<Value, Failure: Error, Trigger, TriggerFailure: Error>: PairedStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  /// The trigger.
  @usableFromInline let other: Signal<Trigger, TriggerFailure>

  @inlinable init(other: Signal<Trigger, TriggerFailure>) { self.other = other }

  /// A trigger that fires at once leaves the receiver unsubscribed.
  @inlinable static var otherFirst: Bool { true }

  @inlinable
  func receive(
    _ event: PairedEvent<Value, Failure, Trigger, TriggerFailure>, state: inout Void,
    output: PairedOutput<Self>
  ) {
    switch event {
    case .input(let event): output.send(event)
    case .other(.next), .other(.completed):
      // The receiver stops at once, even while the completion is still on its way through a
      // later stage that delays it (`delay`, `deliver(on:)`).
      output.endInput()
      output.send(.completed)
    case .other(.error): break  // the trigger's errors are ignored
    }
  }
}

/// The stage of `take(untilReplacement:)`: forwards the receiver's values and errors until the
/// replacement sends, then only the replacement.
@usableFromInline
struct ReplacementStage<Value, Failure: Error>: PairedStage {
  @usableFromInline typealias Input = Value
  @usableFromInline typealias InputFailure = Failure
  /// The replacement.
  @usableFromInline let other: Signal<Value, Failure>

  @inlinable init(other: Signal<Value, Failure>) { self.other = other }

  /// A replacement that sends at once leaves the receiver unsubscribed.
  @inlinable static var otherFirst: Bool { true }

  @inlinable
  func receive(
    _ event: PairedEvent<Value, Failure, Value, Failure>, state: inout Void,
    output: PairedOutput<Self>
  ) {
    switch event {
    case .input(.completed): break  // the receiver's completion is not forwarded
    case .input(let event): output.send(event)
    case .other(let event):
      output.endInput()
      output.send(event)
    }
  }
}
