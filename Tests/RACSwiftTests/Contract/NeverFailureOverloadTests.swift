import RACSwift
import RACSwiftTesting
import Testing

/// Operators with a general form and forms that join a signal that cannot fail with failing ones
/// (or take one back) must still be callable without annotations when every signal involved
/// cannot fail: each call below is written as an app would write it, and its events are checked.
@Suite("Overloads resolve where failures are Never", .checksLiveSubscriptions)
struct NeverFailureOverloadTests {
  // The inputs of the static `merge`, `combineLatest` and `zip` forms: `n` cannot fail, `f` can;
  // the number is the value each sends.
  let n1 = Signal.just(1)
  let n2 = Signal.just(2)
  let n3 = Signal.just(3)
  let n4 = Signal.just(4)
  let f1 = Signal<Int, TestError>.just(1)
  let f2 = Signal<Int, TestError>.just(2)
  let f3 = Signal<Int, TestError>.just(3)
  let f4 = Signal<Int, TestError>.just(4)

  /// Subscribes a recorder to `signal` and returns what it recorded (the inputs here are
  /// synchronous, so everything has arrived by then).
  private func events<Value, Failure>(
    _ signal: Signal<Value, Failure>
  ) -> [Event<Value, Failure>] {
    let recorder = Recorder<Value, Failure>()
    recorder.subscribe(to: signal)
    return recorder.events
  }

  /// Checks that `signal` sends `expected` and completes, and that its failure type is `Failure`
  /// (a separate generic parameter, so that it cannot steer which overload made `signal`).
  private func check<Value: Equatable, SignalFailure: Equatable, Failure>(
    _ signal: Signal<Value, SignalFailure>, _ expected: [Value], failing _: Failure.Type,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(SignalFailure.self == Failure.self, sourceLocation: sourceLocation)
    #expect(
      events(signal) == expected.map { .next($0) } + [.completed], sourceLocation: sourceLocation)
  }

  // MARK: flattenMap

  @Test("flattenMap: never-failing outer and inner signals")
  func flattenMapNever() {
    let result = Signal.from([1, 2]).flattenMap { Signal.from([$0, $0 * 10]) }
    #expect(events(result) == [.next(1), .next(10), .next(2), .next(20), .completed])
  }

  @Test("flattenMap: a never-failing outer signal with failing inner signals")
  func flattenMapNeverToFailing() {
    let result = Signal.from([1, 2]).flattenMap { value in
      value == 1 ? Signal.just(value) : Signal<Int, TestError>.error(TestError())
    }
    #expect(events(result) == [.next(1), .error(TestError())])
  }

  @Test("flattenMap: a failing outer signal with never-failing inner signals")
  func flattenMapFailingToNever() {
    let source = Signal<Int, TestError>.from([1, 2]).concat(.error(TestError()))
    let result = source.flattenMap { Signal.just($0 * 2) }
    #expect(events(result) == [.next(2), .next(4), .error(TestError())])
  }

  // MARK: flatten, concat, switchToLatest

  @Test("flatten and concat: never-failing signals of never-failing signals")
  func flattenAndConcatNever() {
    let outer = Signal.from([Signal.from([1, 2]), Signal.just(3)])
    #expect(events(outer.flatten()) == [.next(1), .next(2), .next(3), .completed])
    #expect(events(outer.flatten(maxConcurrent: 1)) == [.next(1), .next(2), .next(3), .completed])
    #expect(events(outer.concat()) == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("switchToLatest: never-failing outer and inner signals")
  func switchToLatestNever() {
    let outer = Signal.from([Signal.from([1, 2]), Signal.just(3)])
    #expect(events(outer.switchToLatest()) == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("switchToLatest: a never-failing outer signal of failing inner signals")
  func switchToLatestNeverToFailing() {
    let outer = Signal.from([Signal<Int, TestError>.just(1), .error(TestError())])
    #expect(events(outer.switchToLatest()) == [.next(1), .error(TestError())])
  }

  @Test("switchToLatest: a failing outer signal of never-failing inner signals")
  func switchToLatestFailingToNever() {
    let outer = Signal<Signal<Int, Never>, TestError>.just(.from([1, 2]))
      .concat(.error(TestError()))
    #expect(events(outer.switchToLatest()) == [.next(1), .next(2), .error(TestError())])
  }

  @Test("Signal.if and Signal.switch over never-failing signals")
  func ifAndSwitchNever() {
    let chosen = Signal.if(Signal.from([true, false]), then: .just(1), else: .just(2))
    #expect(events(chosen) == [.next(1), .next(2), .completed])
    let switched = Signal.switch(
      Signal.from(["a", "z"]), cases: ["a": .just(1)], default: .just(0))
    #expect(events(switched) == [.next(1), .next(0), .completed])
  }

  // MARK: merge

  @Test("merge: an instance call where both signals cannot fail")
  func mergeInstanceNever() {
    let result = Signal.from([1, 2]).merge(Signal.just(3))
    #expect(events(result) == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("merge: an instance call joining a never-failing signal and a failing one, either way")
  func mergeInstanceMixed() {
    let failing = Signal<Int, TestError>.error(TestError())
    #expect(events(Signal.just(1).merge(failing)) == [.next(1), .error(TestError())])
    #expect(events(failing.merge(Signal.just(1))) == [.error(TestError())])
  }

  @Test("merge: the static forms of two and three inputs, every mix of failing and not")
  func mergeStaticEveryMix() {
    check(Signal.merge(n1, n2), [1, 2], failing: Never.self)
    check(Signal.merge(n1, f2), [1, 2], failing: TestError.self)
    check(Signal.merge(f1, n2), [1, 2], failing: TestError.self)
    check(Signal.merge(f1, f2), [1, 2], failing: TestError.self)
    check(Signal.merge(n1, n2, n3), [1, 2, 3], failing: Never.self)
    check(Signal.merge(n1, n2, f3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(n1, f2, n3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(n1, f2, f3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(f1, n2, n3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(f1, n2, f3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(f1, f2, n3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge(f1, f2, f3), [1, 2, 3], failing: TestError.self)
    check(Signal.merge([n1, n2]), [1, 2], failing: Never.self)
    check(Signal.merge(n1, n2, n3, n1), [1, 2, 3, 1], failing: Never.self)
  }

  // MARK: combineLatest and zip

  @Test("combineLatest: two to four inputs, every mix of inputs that cannot fail and failing ones")
  func combineLatestEveryMix() {
    check(Signal.combineLatest(n1, n2).map { [$0, $1] }, [[1, 2]], failing: Never.self)
    check(Signal.combineLatest(n1, f2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.combineLatest(f1, n2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.combineLatest(f1, f2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.combineLatest(n1, n2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: Never.self)
    check(
      Signal.combineLatest(n1, n2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.combineLatest(n1, n2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: Never.self)
    check(
      Signal.combineLatest(n1, n2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, n2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, n2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(n1, f2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, n2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(
      Signal.combineLatest(f1, f2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]],
      failing: TestError.self)
    check(Signal.combineLatest([n1, n2]), [[1, 2]], failing: Never.self)
  }

  @Test("combineLatest(with:): both cannot fail, or one of them can")
  func combineLatestWithEveryMix() {
    let never = Signal.just(1)
    let failing = Signal<Int, TestError>.just(2)
    check(never.combineLatest(with: never).map { [$0, $1] }, [[1, 1]], failing: Never.self)
    check(never.combineLatest(with: failing).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(failing.combineLatest(with: never).map { [$0, $1] }, [[2, 1]], failing: TestError.self)
    check(
      failing.combineLatest(with: failing).map { [$0, $1] }, [[2, 2]], failing: TestError.self)
  }

  @Test("zip: two to four inputs, every mix of inputs that cannot fail and failing ones")
  func zipEveryMix() {
    check(Signal.zip(n1, n2).map { [$0, $1] }, [[1, 2]], failing: Never.self)
    check(Signal.zip(n1, f2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.zip(f1, n2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.zip(f1, f2).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(Signal.zip(n1, n2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: Never.self)
    check(Signal.zip(n1, n2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(n1, f2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(n1, f2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(f1, n2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(f1, n2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(f1, f2, n3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(Signal.zip(f1, f2, f3).map { [$0, $1, $2] }, [[1, 2, 3]], failing: TestError.self)
    check(
      Signal.zip(n1, n2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: Never.self)
    check(
      Signal.zip(n1, n2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, n2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, n2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, f2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, f2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, f2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(n1, f2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, n2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, n2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, n2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, n2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, f2, n3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, f2, n3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, f2, f3, n4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(
      Signal.zip(f1, f2, f3, f4).map { [$0, $1, $2, $3] }, [[1, 2, 3, 4]], failing: TestError.self)
    check(Signal.zip([n1, n2]), [[1, 2]], failing: Never.self)
  }

  @Test("zip(with:): both cannot fail, or one of them can")
  func zipWithEveryMix() {
    let never = Signal.just(1)
    let failing = Signal<Int, TestError>.just(2)
    check(never.zip(with: never).map { [$0, $1] }, [[1, 1]], failing: Never.self)
    check(never.zip(with: failing).map { [$0, $1] }, [[1, 2]], failing: TestError.self)
    check(failing.zip(with: never).map { [$0, $1] }, [[2, 1]], failing: TestError.self)
    check(failing.zip(with: failing).map { [$0, $1] }, [[2, 2]], failing: TestError.self)
  }

  // MARK: flattenMapFirst

  @Test("flattenMapFirst: a receiver that cannot fail to failing inner signals, and the reverse")
  func flattenMapFirstForms() {
    check(n1.flattenMapFirst { _ in f2 }, [2], failing: TestError.self)
    check(f1.flattenMapFirst { _ in n2 }, [2], failing: TestError.self)
    check(n1.flattenMapFirst { _ in n2 }, [2], failing: Never.self)
  }

  // MARK: withLatest(from:)

  @Test("withLatest(from:): both sides, either side or neither able to fail")
  func withLatestForms() {
    let sums = { (pair: (Int, Int)) in pair.0 + pair.1 }
    check(n1.withLatest(from: n2).map(sums), [3], failing: Never.self)
    check(f1.withLatest(from: f2).map(sums), [3], failing: TestError.self)
    check(f1.withLatest(from: n2).map(sums), [3], failing: TestError.self)
    check(n1.withLatest(from: f2).map(sums), [3], failing: TestError.self)
  }

  // MARK: What RAC's id typing hid

  @Test("from: a Sendable sequence, and one of non-Sendable values, either failure type")
  func fromSendableOrNot() {
    let client = APIClient()
    check(Signal.from([client]), [client], failing: Never.self)
    check(Signal<APIClient, TestError>.from([client]), [client], failing: TestError.self)
    check(Signal.from([1, 2]), [1, 2], failing: Never.self)
    check(Signal<Int, TestError>.from(1...2), [1, 2], failing: TestError.self)
  }

  /// Checks that `signal` sends `count` triggers and completes, and that its failure type is
  /// `Failure`.
  private func checkTriggers<SignalFailure: Equatable, Failure>(
    _ signal: Signal<Void, SignalFailure>, count: Int, failing _: Failure.Type,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    check(
      signal.mapReplace(0), Array(repeating: 0, count: count), failing: Failure.self,
      sourceLocation: sourceLocation)
  }

  /// The name of the static type of a value, whatever its dynamic type.
  private func staticType<T>(_: T) -> String { "\(T.self)" }

  @Test("merge(triggers:): two to four triggers of different types, every mix of failing and not")
  func mergeTriggersEveryMix() {
    let nWord = Signal.just("a")
    let fWord = Signal<String, TestError>.just("a")
    let nTap = Signal.just(())
    let fTap = Signal<Void, TestError>.just(())
    checkTriggers(Signal.merge(triggers: n1, nWord), count: 2, failing: Never.self)
    checkTriggers(Signal.merge(triggers: n1, fWord), count: 2, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, nWord), count: 2, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, fWord), count: 2, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: n1, nWord, nTap), count: 3, failing: Never.self)
    checkTriggers(Signal.merge(triggers: n1, nWord, fTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: n1, fWord, nTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: n1, fWord, fTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, nWord, nTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, nWord, fTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, fWord, nTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: f1, fWord, fTap), count: 3, failing: TestError.self)
    checkTriggers(Signal.merge(triggers: n1, nWord, nTap, n2), count: 4, failing: Never.self)
    checkTriggers(Signal.merge(triggers: f1, fWord, fTap, f2), count: 4, failing: TestError.self)
    // The plain merges of one value type are untouched.
    check(Signal.merge(n1, n2), [1, 2], failing: Never.self)
    #expect(staticType(Signal.merge(n1, n2)) == "\(Signal<Int, Never>.self)")
  }

  @Test("startWith(()) on a Void trigger: the Void value is spelled ()")
  func startWithVoid() {
    let received = events(Signal.just(()).startWith(()).mapReplace(0))
    #expect(received == [.next(0), .next(0), .completed])
  }

  @Test("merge of T with T?: either way round sends T?; merges of one type keep their type")
  func mergeOptionalForms() {
    let plain = Signal.just(1)
    let optional = Signal<Int?, Never>.just(nil)
    #expect(staticType(plain.merge(plain)) == "\(Signal<Int, Never>.self)")
    #expect(staticType(optional.merge(optional)) == "\(Signal<Int?, Never>.self)")
    #expect(staticType(plain.merge(optional)) == "\(Signal<Int?, Never>.self)")
    #expect(staticType(optional.merge(plain)) == "\(Signal<Int?, Never>.self)")
    #expect(staticType(plain.merge(.just(2))) == "\(Signal<Int, Never>.self)")
    #expect(events(plain.merge(optional)) == [.next(1), .next(nil), .completed])
    #expect(events(optional.merge(plain)) == [.next(nil), .next(1), .completed])
    // A literal operand is made a Signal<Int?, Never>, for merge(_:), not lifted.
    #expect(optional.merge(.just(2)).name == "[+just: nil] -merge: +just: Optional(2)")
    // Failures mix as before, where the value types agree.
    check(plain.merge(f1), [1, 1], failing: TestError.self)
    check(f1.merge(plain), [1, 1], failing: TestError.self)
  }

  @Test("asOptional from a signal that cannot fail and from a failing one")
  func asOptionalForms() {
    check(Signal.just(1).asOptional(), [1], failing: Never.self)
    check(f1.asOptional(), [1], failing: TestError.self)
  }

  // MARK: Sequencing, errors, triggers

  @Test("concat, then and startWith on never-failing signals")
  func sequencingNever() {
    #expect(events(Signal.just(1).concat(Signal.just(2))) == [.next(1), .next(2), .completed])
    #expect(events(Signal.concat([Signal.just(1), .just(2)])) == [.next(1), .next(2), .completed])
    #expect(events(Signal.just(1).then { Signal.just(2) }) == [.next(2), .completed])
    #expect(events(Signal.just(1).startWith(0)) == [.next(0), .next(1), .completed])
  }

  @Test("catch and catchTo from a failing signal to a never-failing one")
  func catchToNever() {
    let failing = Signal<Int, TestError>.error(TestError())
    #expect(events(failing.catch { _ in Signal.just(1) }) == [.next(1), .completed])
    #expect(events(failing.catchTo(Signal.just(2))) == [.next(2), .completed])
    #expect(events(failing.ignoreErrors()) == [.completed])
  }

  @Test("promoteError and materialize/dematerialize on a never-failing signal")
  func promoteAndDematerializeNever() {
    let promoted = Signal.from([1]).promoteError(TestError.self)
    #expect(events(promoted) == [.next(1), .completed])
    #expect(events(Signal.from([1]).materialize().dematerialize()) == [.next(1), .completed])
    let failingEvents = Signal.from([Event<Int, TestError>.next(1), .error(TestError())])
    #expect(events(failingEvents.dematerialize()) == [.next(1), .error(TestError())])
  }

  @Test("take(until:) and sample with never-failing triggers")
  func triggersNever() {
    let values = Subject<Int, Never>()
    let trigger = Subject<Void, Never>()
    let taken = Recorder<Int, Never>()
    taken.subscribe(to: values.take(until: trigger))
    let sampled = Recorder<Int, Never>()
    sampled.subscribe(to: values.sample(trigger))
    values.sendNext(1)
    trigger.sendNext(())
    #expect(taken.events == [.next(1), .completed])
    #expect(sampled.events == [.next(1)])
    values.sendCompleted()
    trigger.sendCompleted()
    #expect(sampled.events == [.next(1), .completed])
  }

  @Test("retry and repeat of never-failing signals")
  func retryNever() {
    #expect(events(Signal.just(1).retry()) == [.next(1), .completed])
    #expect(events(Signal.just(1).retry(2)) == [.next(1), .completed])
    #expect(events(Signal.just(1).repeat().take(2)) == [.next(1), .next(1), .completed])
  }

  // MARK: Constructors, properties and commands

  @Test("just and from without annotations make signals that cannot fail")
  func constructorsNever() {
    let one = Signal.just(1)
    let many = Signal.from([1, 2])
    #expect(events(one) == [.next(1), .completed])
    #expect(events(many) == [.next(1), .next(2), .completed])
  }

  @Test("<~ binds never-failing signals to plain and optional properties")
  func bindingsNever() {
    let property = MutableProperty(0)
    let first = property <~ Signal.from([1, 2])
    #expect(property.value == 2)
    let optional = MutableProperty<Int?>(nil)
    let second = optional <~ Signal.from([3, 4])
    #expect(optional.value == 4)
    let third = optional <~ Signal.from([5, nil])
    #expect(optional.value == nil)
    first.dispose()
    second.dispose()
    third.dispose()
  }

  @Test("Command with and without input, from work that cannot fail")
  func commandsNever() {
    let refresh = Command(scheduler: ImmediateScheduler()) { Signal.just(1) }
    let refreshed = Recorder<Int, CommandError<Never>>()
    refreshed.subscribe(to: refresh.execute())
    #expect(refreshed.events == [.next(1), .completed])
    let double = Command(scheduler: ImmediateScheduler()) { (value: Int) in Signal.just(value * 2) }
    let doubled = Recorder<Int, CommandError<Never>>()
    doubled.subscribe(to: double.execute(21))
    #expect(doubled.events == [.next(42), .completed])
  }

  // MARK: Other overload families, on signals that cannot fail

  @Test("startWith, ignore and mapReplace: the Sendable form and the isolated form")
  func sendableOrIsolatedForms() {
    let source = Signal.from([1, 1, 2])
    #expect(events(source.startWith(0)) == [.next(0), .next(1), .next(1), .next(2), .completed])
    #expect(events(source.ignore(1)) == [.next(2), .completed])
    #expect(events(source.mapReplace("x")) == [.next("x"), .next("x"), .next("x"), .completed])
    var disposals = 0
    _ = events(source.doDisposed { disposals += 1 })
    #expect(disposals == 1)
  }

  @Test("aggregate and scan with and without an index")
  func foldsWithAndWithoutIndex() {
    let source = Signal.from([1, 2, 3])
    #expect(events(source.aggregate(0, +)) == [.next(6), .completed])
    #expect(
      events(source.aggregate(0) { sum, value, index in sum + value * index }) == [
        .next(8), .completed,
      ])
    #expect(events(source.aggregate(startFactory: { 0 }, +)) == [.next(6), .completed])
    #expect(events(source.scan(0, +)) == [.next(1), .next(3), .next(6), .completed])
    #expect(
      events(source.scan(0) { sum, _, index in sum + index }) == [
        .next(0), .next(1), .next(3), .completed,
      ])
  }

  @Test("take and skip by count, by predicate, and take(until:) a signal")
  func takeAndSkipForms() {
    let source = Signal.from([1, 2, 3])
    #expect(events(source.take(1)) == [.next(1), .completed])
    #expect(events(source.take(while: { $0 < 2 })) == [.next(1), .completed])
    #expect(events(source.take(until: { $0 > 1 })) == [.next(1), .completed])
    #expect(events(source.take(until: Signal.just(()))) == [.completed])
    #expect(events(source.skip(2)) == [.next(3), .completed])
    #expect(events(source.skip(while: { $0 < 2 })) == [.next(2), .next(3), .completed])
    #expect(events(source.skip(until: { $0 > 2 })) == [.next(3), .completed])
  }

  @Test("any with and without a predicate, distinctUntilChanged with and without one")
  func predicateOrNot() {
    let source = Signal.from([1, 1, 2])
    #expect(events(source.any()) == [.next(true), .completed])
    #expect(events(source.any { $0 > 2 }) == [.next(false), .completed])
    #expect(events(source.distinctUntilChanged()) == [.next(1), .next(2), .completed])
    #expect(events(source.distinctUntilChanged { $0 == $1 }) == [.next(1), .next(2), .completed])
  }

  @Test("first and toArray: the blocking form outside async code")
  func blockingForms() {
    let source = Signal.from([1, 2])
    #expect(source.first() == 1)
    #expect(source.firstOrDefault(0) == 1)
    #expect(source.toArray() == [1, 2])
  }

  @Test("first and toArray: the async form in async code")
  func asyncForms() async {
    let source = Signal.from([1, 2])
    #expect(await source.first() == 1)
    #expect(await source.firstOrDefault(0) == 1)
    #expect(await source.toArray() == [1, 2])
  }

  @Test("marble signals and expectMarbles: the never-failing forms, and mixed with a failing one")
  func marblesNever() throws {
    let scheduler = TestScheduler()
    let clicks = try scheduler.coldSignal("-a-b-|", values: ["a": 1, "b": 2])
    #expect(scheduler.expectMarbles(clicks.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20]))
    let failing = try scheduler.coldSignal("--c-#", values: ["c": 3], error: TestError())
    #expect(
      scheduler.expectMarbles(
        clicks.merge(failing), "-acb#", values: ["a": 1, "b": 2, "c": 3], error: TestError()))
    let prices = try scheduler.hotSignal("-a-|", values: ["a": 5])
    #expect(expectMarbles(prices, "-a-|", values: ["a": 5], scheduler: scheduler))
  }
}
