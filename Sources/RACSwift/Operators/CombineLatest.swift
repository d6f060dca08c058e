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
    combiningSignal(first, second, rule: .latest, label: "+combineLatest", shape: .prefix)
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
      label: "+combineLatest", inputs: [first, second, third])
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
      label: "+combineLatest", inputs: [first, second, third, fourth])
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

// A signal that cannot fail combines with failing ones without promoteError().
// Each overload is disfavored: a call whose inputs all fail alike, or none can, resolves to
// the forms above, as before; these only apply where those do not.
extension Signal where Value == Never {
  /// `Signal.combineLatest` of two inputs whose first input cannot fail: the result fails as the
  /// other does, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let combined = Signal.combineLatest(name, quota)
  /// // Signal<(String, Int), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>
  ) -> Signal<(A, B), Failure> {
    combineLatest(first.promotedImplicitly(Failure.self), second)
  }

  /// `Signal.combineLatest` of two inputs whose second input cannot fail: the result fails as the
  /// other does, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let combined = Signal.combineLatest(available, terms)
  /// // Signal<(Bool, Bool), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>
  ) -> Signal<(A, B), Failure> {
    combineLatest(first, second.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of three inputs whose first input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.combineLatest(name, quota, avatar)
  /// // Signal<(String, Int, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(first.promotedImplicitly(Failure.self), second, third)
  }

  /// `Signal.combineLatest` of three inputs whose second input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.combineLatest(available, terms, avatar)
  /// // Signal<(Bool, Bool, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(first, second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.combineLatest` of three inputs whose third input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.combineLatest(available, quota, theme)
  /// // Signal<(Bool, Int, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(first, second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of three inputs whose first and second inputs cannot fail: the result
  /// fails as the other does, with no `promoteError()` to write; it sends and completes as the
  /// other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let combined = Signal.combineLatest(name, terms, avatar)
  /// // Signal<(String, Bool, Image), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third)
  }

  /// `Signal.combineLatest` of three inputs whose first and third inputs cannot fail: the result
  /// fails as the other does, with no `promoteError()` to write; it sends and completes as the
  /// other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.combineLatest(name, quota, theme)
  /// // Signal<(String, Int, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of three inputs whose second and third inputs cannot fail: the result
  /// fails as the other does, with no `promoteError()` to write; it sends and completes as the
  /// other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let combined = Signal.combineLatest(available, terms, theme)
  /// // Signal<(Bool, Bool, Theme), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>
  ) -> Signal<(A, B, C), Failure> {
    combineLatest(
      first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of four inputs whose first input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(name, quota, avatar, plan)
  /// // Signal<(String, Int, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(first.promotedImplicitly(Failure.self), second, third, fourth)
  }

  /// `Signal.combineLatest` of four inputs whose second input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(available, terms, avatar, plan)
  /// // Signal<(Bool, Bool, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(first, second.promotedImplicitly(Failure.self), third, fourth)
  }

  /// `Signal.combineLatest` of four inputs whose third input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(available, quota, theme, plan)
  /// // Signal<(Bool, Int, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(first, second, third.promotedImplicitly(Failure.self), fourth)
  }

  /// `Signal.combineLatest` of four inputs whose fourth input cannot fail: the result fails as the
  /// others do, with no `promoteError()` to write; it sends and completes as the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(available, quota, avatar, locale)
  /// // Signal<(Bool, Int, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(first, second, third, fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of four inputs whose first and second inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(name, terms, avatar, plan)
  /// // Signal<(String, Bool, Image, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third, fourth
    )
  }

  /// `Signal.combineLatest` of four inputs whose first and third inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(name, quota, theme, plan)
  /// // Signal<(String, Int, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self), fourth
    )
  }

  /// `Signal.combineLatest` of four inputs whose first and fourth inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(name, quota, avatar, locale)
  /// // Signal<(String, Int, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second, third, fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.combineLatest` of four inputs whose second and third inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(available, terms, theme, plan)
  /// // Signal<(Bool, Bool, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self), fourth
    )
  }

  /// `Signal.combineLatest` of four inputs whose second and fourth inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(available, terms, avatar, locale)
  /// // Signal<(Bool, Bool, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first, second.promotedImplicitly(Failure.self), third, fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.combineLatest` of four inputs whose third and fourth inputs cannot fail: the result
  /// fails as the others do, with no `promoteError()` to write; it sends and completes as the other
  /// forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(available, quota, theme, locale)
  /// // Signal<(Bool, Int, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first, second, third.promotedImplicitly(Failure.self), fourth.promotedImplicitly(Failure.self)
    )
  }

  /// `Signal.combineLatest` of four inputs whose first, second and third inputs cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it sends and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let plan: Signal<Plan, URLError> = …
  /// let combined = Signal.combineLatest(name, terms, theme, plan)
  /// // Signal<(String, Bool, Theme, Plan), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Failure>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self),
      third.promotedImplicitly(Failure.self), fourth)
  }

  /// `Signal.combineLatest` of four inputs whose first, second and fourth inputs cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it sends and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let terms: Signal<Bool, Never> = …
  /// let avatar: Signal<Image, URLError> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(name, terms, avatar, locale)
  /// // Signal<(String, Bool, Image, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Never>, _ third: Signal<C, Failure>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second.promotedImplicitly(Failure.self), third,
      fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of four inputs whose first, third and fourth inputs cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it sends and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let quota: Signal<Int, URLError> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(name, quota, theme, locale)
  /// // Signal<(String, Int, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Never>, _ second: Signal<B, Failure>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first.promotedImplicitly(Failure.self), second, third.promotedImplicitly(Failure.self),
      fourth.promotedImplicitly(Failure.self))
  }

  /// `Signal.combineLatest` of four inputs whose second, third and fourth inputs cannot fail: the
  /// result fails as the other does, with no `promoteError()` to write; it sends and completes as
  /// the other forms do.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let terms: Signal<Bool, Never> = …
  /// let theme: Signal<Theme, Never> = …
  /// let locale: Signal<Locale, Never> = …
  /// let combined = Signal.combineLatest(available, terms, theme, locale)
  /// // Signal<(Bool, Bool, Theme, Locale), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public static func combineLatest<A, B, C, D>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Never>, _ third: Signal<C, Never>,
    _ fourth: Signal<D, Never>
  ) -> Signal<(A, B, C, D), Failure> {
    combineLatest(
      first, second.promotedImplicitly(Failure.self), third.promotedImplicitly(Failure.self),
      fourth.promotedImplicitly(Failure.self))
  }
}

extension Signal where Failure == Never {
  /// `combineLatest(with:)` of a receiver that cannot fail and an `other` that can: the result
  /// fails as `other` does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let name: Signal<String, Never> = …
  /// let available: Signal<Bool, URLError> = …
  /// let form = name.combineLatest(with: available)  // Signal<(String, Bool), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func combineLatest<Other, E: Error>(
    with other: Signal<Other, E>
  ) -> Signal<(Value, Other), E> {
    promotedImplicitly(E.self).combineLatest(with: other)
  }
}

extension Signal {
  /// `combineLatest(with:)` of a receiver that can fail and an `other` that cannot: the result
  /// fails as the receiver does, with no `promoteError()` to write.
  ///
  /// ```swift
  /// let available: Signal<Bool, URLError> = …
  /// let name: Signal<String, Never> = …
  /// let form = available.combineLatest(with: name)  // Signal<(Bool, String), URLError>
  /// ```
  @inlinable @_disfavoredOverload
  public func combineLatest<Other>(
    with other: Signal<Other, Never>
  ) -> Signal<(Value, Other), Failure> {
    combineLatest(with: other.promotedImplicitly(Failure.self))
  }
}
