// The forms of two to four inputs, and those mixing inputs that cannot fail with failing ones,
// are generated into Zip+Arities.swift by Scripts/generate-arities.py.

extension Signal where Value == Never {
  // Disfavored, so that where a fixed-arity form or a form mixing failing and non-failing inputs
  // applies the type checker settles on it without trying this one: with more than two forms
  // open for one call, Swift 6.3 tries the pack form in full whenever it is not disfavored (about
  // 30 times as long for `Signal.zip(a, b).map { $0 + $1 }.filter { … }.map { String($0) }`).
  // It is still the only form for one input and for five or more.
  /// Tuples of the n-th value of every input (RAC's `+zip:`): values are buffered until every
  /// input has sent its n-th one. Fails as soon as an input fails; completes as soon as an input
  /// has completed and has nothing left buffered.
  ///
  /// ```swift
  /// Signal.zip(questions, answers).map { "\($0): \($1)" }
  /// ```
  ///
  /// Two to four inputs are served by overloads that send the same but cost far less per value
  /// (Swift 6.3 does not specialize code over parameter packs).
  @inlinable @_disfavoredOverload
  public static func zip<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var names: [AnyObject] = []
    for signal in repeat each signals { names.append(signal) }
    return combiningSignal(repeat each signals, rule: .zip, label: "+zip", inputs: names)
  }
}

extension Signal {
  /// Arrays of the n-th value of every signal (RAC's `+zip:` on a collection). No signals:
  /// completes at once.
  ///
  /// ```swift
  /// Signal.zip(downloads)  // [first of each], [second of each], …
  /// ```
  @inlinable
  public static func zip<S: Sequence, Element>(_ signals: S) -> Signal<[Element], Failure>
  where S.Element == Signal<Element, Failure>, Value == [Element] {
    let list = Array(signals)
    return combiningSignal(list, rule: .zip, label: "+zip")
  }

  /// Pairs of the n-th values of the receiver and `other` (RAC's `-zipWith:`).
  ///
  /// ```swift
  /// requests.zip(with: responses)
  /// ```
  @inlinable
  public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    combiningSignal(self, other, rule: .zip, label: "+zip", shape: .prefix)
  }
}
