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
  /// input it appears as (A2-05).
  @inlinable
  public static func combineLatest<each V>(
    _ signals: repeat Signal<each V, Failure>
  ) -> Signal<(repeat each V), Failure> {
    var erased: [Signal<Any, Failure>] = []
    var names: [AnyObject] = []
    for signal in repeat each signals {
      erased.append(signal.erasedValues())
      names.append(signal)
    }
    let inputs = CombiningInputs<Any, (repeat each V), Failure>(
      signals: erased, rule: .latest, makeOutput: { tuple(from: $0, as: repeat (each V).self) })
    return Signal<(repeat each V), Failure>.combining(inputs, name: .many("+combineLatest", names))
  }

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
    var erased: [Signal<Any, Failure>] = []
    var names: [AnyObject] = []
    for signal in repeat each signals {
      erased.append(signal.erasedValues())
      names.append(signal)
    }
    let inputs = CombiningInputs<Any, (repeat each V), Failure>(
      signals: erased, rule: .zip, makeOutput: { tuple(from: $0, as: repeat (each V).self) })
    return Signal<(repeat each V), Failure>.combining(inputs, name: .many("+zip", names))
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
    let inputs = CombiningInputs<Element, [Element], Failure>(
      signals: list, rule: .latest, makeOutput: { $0 })
    return combining(inputs, name: .many("+combineLatest", list))
  }

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
    let inputs = CombiningInputs<Element, [Element], Failure>(
      signals: list, rule: .zip, makeOutput: { $0 })
    return combining(inputs, name: .many("+zip", list))
  }

  /// Pairs of the n-th values of the receiver and `other` (RAC's `-zipWith:`).
  ///
  /// ```swift
  /// requests.zip(with: responses)
  /// ```
  @inlinable
  public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    Signal<Never, Failure>.zip(self, other)
  }
}
