extension Signal where Value == Never {
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
  @inlinable
  public static func zip<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var names: [AnyObject] = []
    for signal in repeat each signals { names.append(signal) }
    return combiningSignal(repeat each signals, rule: .zip, name: .many("+zip", names))
  }
}

extension Signal where Value == Never {
  /// `Signal.zip` of two inputs: what the variadic form sends (pairs of the n-th values; fails
  /// at once; completes once an input has completed with nothing left buffered), without its
  /// cost per value (Swift 6.3 does not specialize code over parameter packs).
  ///
  /// ```swift
  /// Signal.zip(questions, answers).map { "\($0): \($1)" }
  /// ```
  @inlinable
  public static func zip<A, B>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>
  ) -> Signal<(A, B), Failure> {
    combiningSignal(
      PairInputs<A, B, Failure>.self, (first, second), rule: .zip,
      name: .many("+zip", [first, second]))
  }

  /// `Signal.zip` of three inputs, without the variadic form's cost per value.
  ///
  /// ```swift
  /// Signal.zip(requests, responses, timings).map { "\($0) → \($1) in \($2)" }
  /// ```
  @inlinable
  public static func zip<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    combiningSignal(
      TripleInputs<A, B, C, Failure>.self, (first, second, third), rule: .zip,
      name: .many("+zip", [first, second, third]))
  }

  /// `Signal.zip` of four inputs, without the variadic form's cost per value.
  ///
  /// ```swift
  /// Signal.zip(north, east, south, west).map { max($0, $1, $2, $3) }
  /// ```
  @inlinable
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combiningSignal(
      QuadInputs<A, B, C, D, Failure>.self, (first, second, third, fourth), rule: .zip,
      name: .many("+zip", [first, second, third, fourth]))
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
    combiningSignal(
      PairInputs<Value, Other, Failure>.self, (self, other), rule: .zip,
      name: .many("+zip", [self, other]))
  }
}
