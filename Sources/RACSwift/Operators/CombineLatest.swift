// The forms of two to four inputs, and those mixing inputs that cannot fail with failing ones,
// are generated into CombineLatest+Arities.swift by Scripts/generate-arities.py.

extension Signal where Value == Never {
  // Disfavored, so that where a fixed-arity form or a form mixing failing and non-failing inputs
  // applies the type checker settles on it without trying this one: with more than two forms
  // open for one call, Swift 6.3 tries the pack form in full whenever it is not disfavored (about
  // 30 times as long for `Signal.combineLatest(a, b).map { $0 + $1 }.filter { … }.map { String($0) }`).
  // It is still the only form for one input and for five or more.
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
  /// input it appears as. Two to four inputs are served by overloads that send the same
  /// but cost far less per value (Swift 6.3 does not specialize code over parameter packs).
  @inlinable @_disfavoredOverload
  public static func combineLatest<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var names: [AnyObject] = []
    for signal in repeat each signals { names.append(signal) }
    return combiningSignal(
      repeat each signals, rule: .latest, label: "+combineLatest", inputs: names)
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
    return combiningSignal(list, rule: .latest, label: "+combineLatest")
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
    combiningSignal(self, other, rule: .latest, label: "combineLatestWith:", shape: .infix)
  }
}
