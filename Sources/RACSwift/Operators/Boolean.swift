extension Signal where Value == Bool {
  /// Inverts each value (RAC's `-not`).
  ///
  /// ```swift
  /// isLoading.not()
  /// ```
  public func not() -> Signal<Bool, Failure> {
    appending(MapStage { !$0 }, name: .input("not"))
  }

  /// Whether all the latest values of `signals` are `true`, sent whenever any of them sends once
  /// all have (RAC's `-and` on combined booleans).
  ///
  /// ```swift
  /// let canSubmit = Signal.and(isNameValid, isPasswordValid, acceptedTerms)
  /// ```
  public static func and(_ signals: Signal<Bool, Failure>...) -> Signal<Bool, Failure> {
    Signal<[Bool], Failure>.combineLatest(signals).and()
  }

  /// Whether any of the latest values of `signals` is `true` (RAC's `-or` on combined booleans).
  ///
  /// ```swift
  /// let isBusy = Signal.or(isSaving, isLoading)
  /// ```
  public static func or(_ signals: Signal<Bool, Failure>...) -> Signal<Bool, Failure> {
    Signal<[Bool], Failure>.combineLatest(signals).or()
  }
}

extension Signal where Value == [Bool] {
  /// Whether every value of each array is `true` (RAC's `-and`).
  ///
  /// ```swift
  /// Signal.combineLatest([a, b]).and()
  /// ```
  public func and() -> Signal<Bool, Failure> {
    appending(MapStage { $0.allSatisfy { $0 } }, name: .input("and"))
  }

  /// Whether any value of each array is `true` (RAC's `-or`).
  ///
  /// ```swift
  /// Signal.combineLatest([isSaving, isLoading]).or()
  /// ```
  public func or() -> Signal<Bool, Failure> {
    appending(MapStage { $0.contains(true) }, name: .input("or"))
  }
}

extension Signal {
  /// `true` as soon as any value arrives (then completes), `false` if the receiver finishes
  /// without one — completes or fails: the result never fails (RAC's `-any`).
  ///
  /// ```swift
  /// searchResults.any()  // did anything come back?
  /// ```
  public func any() -> Signal<Bool, Never> {
    decide(name: .input("any"), onValue: { _ in true }, onEnd: false)
  }

  /// `true` at the first value passing `predicate`, `false` if the receiver finishes (completes
  /// or fails) without one (RAC's `-any:`).
  ///
  /// ```swift
  /// scores.any { $0 >= 100 }  // did anyone reach 100?
  /// ```
  public func any(
    _ predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Bool, Never> {
    isolated(to: isolation).decide(
      name: .input("any:"), onValue: { predicate($0) ? true : nil }, onEnd: false)
  }

  /// `true` if the receiver completes with every value passing `predicate`; `false` at the first
  /// value failing it, or on error (RAC's `-all:`).
  ///
  /// ```swift
  /// uploads.all { $0.succeeded }  // true only if every upload succeeded
  /// ```
  public func all(
    _ predicate: @escaping (Value) -> Bool, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<Bool, Never> {
    isolated(to: isolation).decide(
      name: .input("all:"), onValue: { predicate($0) ? nil : false }, onEnd: true,
      errorResult: false)
  }

  /// Sends one Boolean and completes: the first non-nil `onValue`, or `onEnd` at completion
  /// (`errorResult` on error).
  func decide(
    name: SignalNameNode, onValue: @escaping (Value) -> Bool?, onEnd: Bool,
    errorResult: Bool = false
  ) -> Signal<Bool, Never> {
    appending(
      subscribing: DecideStage(onValue: onValue, onEnd: onEnd, errorResult: errorResult),
      name: name)
  }
}

/// The subscribing stage of `any` and `all`: sends the first non-nil `onValue`, or `onEnd` at
/// completion (`errorResult` on error), then completes and ends the input's subscription.
struct DecideStage<Input, InputFailure: Error>: SubscribingStage {
  typealias Value = Bool
  typealias Failure = Never
  let onValue: (Input) -> Bool?
  let onEnd: Bool
  let errorResult: Bool

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<Bool, Never>.Sink, scope: SubscriptionScope
  ) {
    let onValue = self.onValue
    let onEnd = self.onEnd
    let errorResult = self.errorResult
    let guardState = TerminalGuard(sink: sink)
    let child = scope.makeChild()
    func finish(_ answer: Bool) {
      guardState.send(.next(answer))
      guardState.send(.completed)
      scope.endChild(child)
    }
    input.subscribe(
      sink: { event in
        switch event {
        case .next(let value): if let answer = onValue(value) { finish(answer) }
        case .error: finish(errorResult)
        case .completed: finish(onEnd)
        }
      }, scope: child)
  }
}
