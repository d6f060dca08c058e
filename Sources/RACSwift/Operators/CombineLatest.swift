extension Signal where Value == Never {
  /// Tuples of the latest value of every input, sent whenever any input sends once all have
  /// sent (RAC's `+combineLatest:`). Fails as soon as an input fails; completes when all have
  /// completed. Works for any number of inputs of any value types:
  ///
  /// ```swift
  /// let form = Signal.combineLatest(username, password, acceptedTerms)
  ///   .map { name, password, accepted in !name.isEmpty && password.count >= 8 && accepted }
  /// ```
  ///
  /// Each input is subscribed separately, so a cold input with side effects runs them once per
  /// input it appears as (A2-05). Two to four inputs are served by overloads that send the same
  /// but cost far less per value (Swift 6.3 does not specialize code over parameter packs).
  @inlinable
  public static func combineLatest<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var names: [AnyObject] = []
    for signal in repeat each signals { names.append(signal) }
    return combiningSignal(
      repeat each signals, rule: .latest, name: .many("+combineLatest", names))
  }
}

extension Signal where Value == Never {
  /// `Signal.combineLatest` of two inputs: what the variadic form sends (pairs of the latest
  /// values, once both have sent; fails at once; completes when both have), without its cost per
  /// value (Swift 6.3 does not specialize code over parameter packs: about 240 instructions per
  /// value here, 5,600 there).
  ///
  /// ```swift
  /// Signal.combineLatest(username, password).map { !$0.isEmpty && $1.count >= 8 }
  /// ```
  @inlinable
  public static func combineLatest<A, B>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>
  ) -> Signal<(A, B), Failure> {
    combiningSignal(
      PairInputs<A, B, Failure>.self, (first, second), rule: .latest,
      name: .many("+combineLatest", [first, second]))
  }

  /// `Signal.combineLatest` of three inputs, without the variadic form's cost per value.
  ///
  /// ```swift
  /// Signal.combineLatest(username, password, acceptedTerms).map { !$0.isEmpty && $2 }
  /// ```
  @inlinable
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    combiningSignal(
      TripleInputs<A, B, C, Failure>.self, (first, second, third), rule: .latest,
      name: .many("+combineLatest", [first, second, third]))
  }

  /// `Signal.combineLatest` of four inputs, without the variadic form's cost per value.
  ///
  /// ```swift
  /// Signal.combineLatest(street, city, postcode, country).map { "\($0), \($1) \($2), \($3)" }
  /// ```
  @inlinable
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combiningSignal(
      QuadInputs<A, B, C, D, Failure>.self, (first, second, third, fourth), rule: .latest,
      name: .many("+combineLatest", [first, second, third, fourth]))
  }
}

extension Signal {
  /// Arrays of the latest value of every signal, sent whenever any sends once all have sent
  /// (RAC's `+combineLatest:` on a collection). No signals: completes at once.
  ///
  /// ```swift
  /// Signal.combineLatest(fields.map(\.isValid)).map { $0.allSatisfy { $0 } }
  /// ```
  @inlinable
  public static func combineLatest<S: Sequence, Element>(_ signals: S) -> Signal<[Element], Failure>
  where S.Element == Signal<Element, Failure>, Value == [Element] {
    let list = Array(signals)
    return combiningSignal(list, rule: .latest, name: .many("+combineLatest", list))
  }

  /// Pairs of the latest values of the receiver and `other`, sent whenever either sends once
  /// both have sent (RAC's `-combineLatestWith:`). Fails as soon as either fails; completes when
  /// both have completed.
  ///
  /// ```swift
  /// username.combineLatest(with: password).map { !$0.isEmpty && !$1.isEmpty }
  /// ```
  @inlinable
  public func combineLatest<Other>(
    with other: Signal<Other, Failure>
  ) -> Signal<(Value, Other), Failure> {
    combiningSignal(
      PairInputs<Value, Other, Failure>.self, (self, other), rule: .latest,
      name: .binary(self, "combineLatestWith:", other))
  }
}
