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
    combiningSignal(first, second, rule: .zip, label: "+zip", shape: .prefix)
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
      label: "+zip", inputs: [first, second, third])
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
      label: "+zip", inputs: [first, second, third, fourth])
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

// A signal that cannot fail combines with failing ones without promoteError().
// Each overload is disfavored: a call whose inputs all fail alike, or none can, resolves to
// the forms above, as before; these only apply where those do not.
extension Signal where Value == Never {
  /// `Signal.zip` of two inputs whose first input cannot fail: the result fails as the other does,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let combined = Signal.zip(name, quota)
  /// // Signal<(String, Int), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>
  ) -> Signal<(A, B), Failure> {
    zip(first.promotedImplicitly(Failure.self), second)
  }

  /// `Signal.zip` of two inputs whose second input cannot fail: the result fails as the other does,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let combined = Signal.zip(available, terms)
  /// // Signal<(Bool, Bool), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>
  ) -> Signal<(A, B), Failure> {
    zip(first, second.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of three inputs whose first input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.zip(name, quota, avatar)
  /// // Signal<(String, Int, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    zip(first.promotedImplicitly(Failure.self), second, third)
  }

  /// `Signal.zip` of three inputs whose second input cannot fail: the result fails as the others
  /// do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.zip(available, terms, avatar)
  /// // Signal<(Bool, Bool, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    zip(first, second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.zip` of three inputs whose third input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.zip(available, quota, theme)
  /// // Signal<(Bool, Int, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    zip(first, second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of three inputs whose first and second inputs cannot fail: the result fails as
  /// the other does, with no `promoteError()` to write; it pairs and completes as the other forms
  /// do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.zip(name, terms, avatar)
  /// // Signal<(String, Bool, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    zip(first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.zip` of three inputs whose first and third inputs cannot fail: the result fails as the
  /// other does, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.zip(name, quota, theme)
  /// // Signal<(String, Int, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    zip(first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of three inputs whose second and third inputs cannot fail: the result fails as
  /// the other does, with no `promoteError()` to write; it pairs and completes as the other forms
  /// do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.zip(available, terms, theme)
  /// // Signal<(Bool, Bool, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    zip(first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of four inputs whose first input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(name, quota, avatar, plan)
  /// // Signal<(String, Int, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(first.promotedImplicitly(Failure.self), second, third, fourth)
  }

  /// `Signal.zip` of four inputs whose second input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(available, terms, avatar, plan)
  /// // Signal<(Bool, Bool, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(first, second.promotedImplicitly(Failure.self), third, fourth)
  }

  /// `Signal.zip` of four inputs whose third input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(available, quota, theme, plan)
  /// // Signal<(Bool, Int, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(first, second, third.promotedImplicitly(Failure.self), fourth)
  }

  /// `Signal.zip` of four inputs whose fourth input cannot fail: the result fails as the others do,
  /// with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(available, quota, avatar, locale)
  /// // Signal<(Bool, Int, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(first, second, third, fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of four inputs whose first and second inputs cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(name, terms, avatar, plan)
  /// // Signal<(String, Bool, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third, fourth
    )
  }

  /// `Signal.zip` of four inputs whose first and third inputs cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(name, quota, theme, plan)
  /// // Signal<(String, Int, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self), fourth
    )
  }

  /// `Signal.zip` of four inputs whose first and fourth inputs cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(name, quota, avatar, locale)
  /// // Signal<(String, Int, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second, third, fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.zip` of four inputs whose second and third inputs cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(available, terms, theme, plan)
  /// // Signal<(Bool, Bool, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self), fourth
    )
  }

  /// `Signal.zip` of four inputs whose second and fourth inputs cannot fail: the result fails as
  /// the others do, with no `promoteError()` to write; it pairs and completes as the other forms
  /// do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(available, terms, avatar, locale)
  /// // Signal<(Bool, Bool, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first, second.promotedImplicitly(Failure.self), third, fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.zip` of four inputs whose third and fourth inputs cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it pairs and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(available, quota, theme, locale)
  /// // Signal<(Bool, Int, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first, second, third.promotedImplicitly(Failure.self), fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.zip` of four inputs whose first, second and third inputs cannot fail: the result fails
  /// as the other does, with no `promoteError()` to write; it pairs and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.zip(name, terms, theme, plan)
  /// // Signal<(String, Bool, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self),
      third.promotedImplicitly(Failure.self), fourth)
  }

  /// `Signal.zip` of four inputs whose first, second and fourth inputs cannot fail: the result
  /// fails as the other does, with no `promoteError()` to write; it pairs and completes as the
  /// other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(name, terms, avatar, locale)
  /// // Signal<(String, Bool, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third,
      fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of four inputs whose first, third and fourth inputs cannot fail: the result fails
  /// as the other does, with no `promoteError()` to write; it pairs and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(name, quota, theme, locale)
  /// // Signal<(String, Int, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self),
      fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.zip` of four inputs whose second, third and fourth inputs cannot fail: the result
  /// fails as the other does, with no `promoteError()` to write; it pairs and completes as the
  /// other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.zip(available, terms, theme, locale)
  /// // Signal<(Bool, Bool, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func zip<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    zip(
      first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self),
      fourth.promotedImplicitly(Failure.self))
  }
}

extension Signal where Failure == Never {
  /// `zip(with:)` of a receiver that cannot fail and an `other` that can: the result fails as
  /// `other` does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let questions: Signal<String, Never> = …
  /// let answers: Signal<String, URLError> = …
  /// let pairs = questions.zip(with: answers)  // Signal<(String, String), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func zip<Other, E: Error>(with other: Signal<Other, E>) -> Signal<(Value, Other), E> {
    promotedImplicitly(E.self).zip(with: other)
  }
}

extension Signal {
  /// `zip(with:)` of a receiver that can fail and an `other` that cannot: the result fails as
  /// the receiver does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let answers: Signal<String, URLError> = …
  /// let timestamps: Signal<Date, Never> = …
  /// let stamped = answers.zip(with: timestamps)  // Signal<(String, Date), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func zip<Other>(with other: Signal<Other, Never>) -> Signal<(Value, Other), Failure> {
    zip(with: other.promotedImplicitly(Failure.self))
  }
}
