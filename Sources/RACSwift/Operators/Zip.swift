extension Signal where Value == Never {
  /// Tuples of the n-th value of every input (RAC's `+zip:`): values are buffered until every
  /// input has sent its n-th one. Fails as soon as an input fails; completes as soon as an input
  /// has completed and has nothing left buffered.
  ///
  /// ```swift
  /// Signal.zip(questions, answers).map { "\($0): \($1)" }
  /// ```
  @inlinable
  public static func zip<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var names: [AnyObject] = []
    for signal in repeat each signals { names.append(signal) }
    return combiningSignal(repeat each signals, rule: .zip, name: .many("+zip", names))
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
    return combiningSignal(list, rule: .zip, name: .many("+zip", list))
  }

  /// Pairs of the n-th values of the receiver and `other` (RAC's `-zipWith:`).
  ///
  /// ```swift
  /// requests.zip(with: responses)
  /// ```
  @inlinable
  public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    combiningSignal(self, other, rule: .zip, name: .many("+zip", [self, other]))
  }
}
