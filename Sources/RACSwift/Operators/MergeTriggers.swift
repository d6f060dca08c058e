// Signals used as triggers — whose values nobody reads — merged whatever their value types, as
// RAC's `+merge:` merged any signals. The forms mixing triggers that cannot fail with failing ones
// are in MergeTriggers+NeverFailing.swift.

extension Signal where Value == Void {
  /// One `()` for each value of either trigger, merged as they arrive, whatever the two value
  /// types (RAC's `[a merge:b]` of signals used only as triggers). Completes when both complete;
  /// the first error ends both.
  ///
  /// ```swift
  /// let reloads = Signal.merge(triggers: $query.signal, pullToRefresh)  // String, Void
  /// reloads.flattenMap { _ in service.photos() }
  /// ```
  @inlinable
  public static func merge<A, B>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Failure>
  ) -> Signal<Void, Failure> {
    merge([first.triggering(), second.triggering()], name: .inputs("+merge", .prefix))
  }

  /// One `()` for each value of any of three triggers, merged as they arrive, whatever their
  /// value types. Completes when all complete; the first error ends all.
  ///
  /// ```swift
  /// let dayChanges = NotificationCenter.default.signal(forName: .NSCalendarDayChanged)
  /// let reloads = Signal.merge(triggers: $query.signal, dayChanges, pullToRefresh)
  /// ```
  @inlinable
  public static func merge<A, B, C>(
    triggers first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<Void, Failure> {
    merge(
      [first.triggering(), second.triggering(), third.triggering()],
      name: .inputs("+merge", .prefix))
  }

  // Disfavored, as `combineLatest`'s pack form is: where a form of two or three triggers applies,
  // the type checker settles on it without trying this one in full.
  /// One `()` for each value of any of `triggers`, merged as they arrive, whatever their value
  /// types (RAC's `+merge:` of signals used only as triggers). Completes when all complete; the
  /// first error ends all. The triggers are subscribed in order.
  ///
  /// ```swift
  /// Signal.merge(triggers: taps, swipes, keyPresses, $query.signal)
  /// ```
  ///
  /// Two and three triggers are served by overloads that cost less per value (Swift 6.3 does not
  /// specialize code over parameter packs).
  @inlinable @_disfavoredOverload
  public static func merge<each Trigger>(
    triggers: repeat Signal<each Trigger, Failure>
  ) -> Signal<Void, Failure> {
    var list: [Signal<Void, Failure>] = []
    for trigger in repeat each triggers { list.append(trigger.triggering()) }
    return merge(list, name: .inputs("+merge", .prefix))
  }
}

extension Signal {
  /// The receiver as a trigger: `()` for each value, the same terminal event. Named as the
  /// receiver, so that `Signal.merge(triggers: a, b)` reads `+merge: (a, b)`, as RAC's merge of
  /// the same signals did.
  @inlinable
  func triggering() -> Signal<Void, Failure> {
    appending(MapReplaceStage<Value, Void, Failure>(()), name: .alias(nil))
  }
}
