import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// How deep every chain in this file is: CONTRACT.md#bounded-stack promises 100,000, the full
/// scale; the quick scale (and a sanitizer's) builds 10,000, still far past what a 512 KiB thread
/// holds without the bounded-stack mechanism (see ``TestScale``). Each case is a test of its own,
/// so that one can be run alone with `--filter` — a stack overflow ends the whole process.
let deepChainDepth = TestScale.size(full: 100_000, quick: 10_000)

/// A chain of each operator built in a loop, `deepChainDepth` deep, subscribes, delivers and
/// disposes on a 512 KiB thread, in a debug build (CONTRACT.md#bounded-stack). The chain is built
/// and run on the small stack; the last references to it are dropped on a big one: releasing a
/// chain on the small stack is checked by ``releasingFitsSmallStack(chain:)``, for the operators
/// it lists.
@Suite(
  "Deep chains in constant stack (CONTRACT.md#bounded-stack)", .serialized,
  .checksLiveSubscriptions,
  .tags(.stack))
struct DeepChainTests {
  // MARK: flattenMap

  @Test("flattenMap on just")
  func flattenMapOnJust() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(0)
      for _ in 0..<deepChainDepth { signal = signal.flattenMap { .just($0 + 1) } }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == [.next(deepChainDepth), .completed])
  }

  @Test("flattenMap on an open source, disposed")
  func flattenMapDisposed() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    let disposalsBeforeDispose = await onSmallStackKeepingChain { keeper in
      var signal = openSource(sending: [0], disposals: disposals)
      for _ in 0..<deepChainDepth { signal = signal.flattenMap { .just($0 + 1) } }
      return subscribeAndDispose(signal, recorder: recorder, disposals: disposals, keeper: keeper)
    }
    #expect(recorder.events == [.next(deepChainDepth)])
    #expect(disposalsBeforeDispose == 0)
    #expect(disposals.count == 1)
  }

  // Each level's value climbs one merge per level: the merges guard their own delivery, since
  // the chain's checkpoints may all sit on the receivers' subscriptions (as under
  // AddressSanitizer, whose bigger frames make the guard defer by depth, not by count).
  @Test("flattenMap recursing into itself")
  func flattenMapRecursion() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      let signal = countdown(from: deepChainDepth)
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == [.next(0), .completed])
  }

  // MARK: Operators with a second signal

  // Each level has a trigger of its own: 100,000 subscribers of one subject would measure the
  // subject's subscriber list (each change copies it), not the stack.

  @Test("take(until:) subjects that never fire, disposed")
  func takeUntilNeverFiring() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    let disposalsBeforeDispose = await onSmallStackKeepingChain { keeper in
      var signal = openSource(sending: [1, 2, 3], disposals: disposals)
      for _ in 0..<deepChainDepth {
        let trigger = Subject<Void, Never>()
        keeper.keep(trigger)
        signal = signal.take(until: trigger)
      }
      return subscribeAndDispose(signal, recorder: recorder, disposals: disposals, keeper: keeper)
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3)])
    #expect(disposalsBeforeDispose == 0)
    #expect(disposals.count == 1)
  }

  @Test("take(until:) whose innermost trigger fires: the completion climbs every level")
  func takeUntilFiring() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    await onSmallStackKeepingChain { keeper in
      var signal = openSource(sending: [1, 2, 3], disposals: disposals)
      var innermost: Subject<Void, Never>?
      for _ in 0..<deepChainDepth {
        let trigger = Subject<Void, Never>()
        keeper.keep(trigger)
        if innermost == nil { innermost = trigger }
        signal = signal.take(until: trigger)
      }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
      innermost?.sendNext(())
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    #expect(disposals.count == 1)
  }

  @Test("catch on a failing subject catches the error once")
  func catchChain() async {
    let recorder = Recorder<Int, TestError>()
    let caught = AtomicCounter()
    await onSmallStackKeepingChain { keeper in
      let subject = Subject<Int, TestError>()
      var signal: Signal<Int, TestError> = subject
      for _ in 0..<deepChainDepth {
        signal = signal.catch { _ in
          caught.increment()
          return .empty
        }
      }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
      subject.sendNext(1)
      subject.sendNext(2)
      subject.sendError(TestError(code: 7))
    }
    #expect(recorder.events == [.next(1), .next(2), .completed])
    #expect(caught.count == 1)
  }

  @Test("then delivers the last signal's value")
  func thenChain() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(0)
      for value in 1...deepChainDepth { signal = signal.then { .just(value) } }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == [.next(deepChainDepth), .completed])
  }

  @Test("merge with empty, disposed")
  func mergeDisposed() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    let disposalsBeforeDispose = await onSmallStackKeepingChain { keeper in
      var signal = openSource(sending: [1, 2, 3], disposals: disposals)
      for _ in 0..<deepChainDepth { signal = signal.merge(.empty) }
      return subscribeAndDispose(signal, recorder: recorder, disposals: disposals, keeper: keeper)
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3)])
    #expect(disposalsBeforeDispose == 0)
    #expect(disposals.count == 1)
  }

  @Test("concat built in a loop")
  func concatChain() async {
    // Mostly empty inputs; ConcatChainTests has a value at every level.
    let step = max(1, deepChainDepth / 4)
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(0)
      for value in 1...deepChainDepth {
        signal = signal.concat(value.isMultiple(of: step) ? .just(value) : .empty)
      }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    let expected = stride(from: 0, through: deepChainDepth, by: step).map {
      Event<Int, Never>.next($0)
    }
    #expect(recorder.events == expected + [.completed])
  }

  @Test("switchToLatest of justs, disposed")
  func switchToLatestDisposed() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    let disposalsBeforeDispose = await onSmallStackKeepingChain { keeper in
      var signal = openSource(sending: [0], disposals: disposals)
      for _ in 0..<deepChainDepth {
        signal = signal.map { Signal<Int, Never>.just($0 + 1) }.switchToLatest()
      }
      return subscribeAndDispose(signal, recorder: recorder, disposals: disposals, keeper: keeper)
    }
    #expect(recorder.events == [.next(deepChainDepth)])
    #expect(disposalsBeforeDispose == 0)
    #expect(disposals.count == 1)
  }

  // MARK: One-input operators

  @Test("filter on just")
  func filterOnJust() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      var signal = Signal<Int, Never>.just(7)
      for _ in 0..<deepChainDepth { signal = signal.filter { _ in true } }
      keeper.keep(signal)
      keeper.keep(recorder.subscribe(to: signal))
    }
    #expect(recorder.events == [.next(7), .completed])
  }

  @Test("filter on a subject")
  func filterOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      chainOnSubject(sending: [1, 2, 3], recorder: recorder, keeper: keeper) {
        $0.filter { _ in true }
      }
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("map on a subject")
  func mapOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      chainOnSubject(sending: [1, 2, 3], recorder: recorder, keeper: keeper) { $0.map { $0 + 1 } }
    }
    let depth = deepChainDepth
    #expect(recorder.events == [.next(1 + depth), .next(2 + depth), .next(3 + depth), .completed])
  }

  @Test("scan on a subject")
  func scanOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      // Each scan keeps the first 1 and adds it to the second value: 1, then depth + 1.
      chainOnSubject(sending: [1, 1], recorder: recorder, keeper: keeper) { $0.scan(0, +) }
    }
    #expect(recorder.events == [.next(1), .next(deepChainDepth + 1), .completed])
  }

  @Test("take(Int.max) on a subject")
  func takeAllOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      chainOnSubject(sending: [1, 2, 3], recorder: recorder, keeper: keeper) { $0.take(Int.max) }
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("skip(0) on a subject")
  func skipNoneOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      chainOnSubject(sending: [1, 2, 3], recorder: recorder, keeper: keeper) { $0.skip(0) }
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("distinctUntilChanged on a subject")
  func distinctUntilChangedOnSubject() async {
    let recorder = Recorder<Int, Never>()
    await onSmallStackKeepingChain { keeper in
      chainOnSubject(sending: [1, 1, 2, 2, 3], recorder: recorder, keeper: keeper) {
        $0.distinctUntilChanged()
      }
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("deliver(on: ImmediateScheduler), disposed")
  func deliverOnImmediateDisposed() async {
    let recorder = Recorder<Int, Never>()
    let disposals = AtomicCounter()
    let disposalsBeforeDispose = await onSmallStackKeepingChain { keeper in
      let scheduler = ImmediateScheduler()
      var signal = openSource(sending: [1, 2, 3], disposals: disposals)
      for _ in 0..<deepChainDepth { signal = signal.deliver(on: scheduler) }
      return subscribeAndDispose(signal, recorder: recorder, disposals: disposals, keeper: keeper)
    }
    #expect(recorder.events == [.next(1), .next(2), .next(3)])
    #expect(disposalsBeforeDispose == 0)
    #expect(disposals.count == 1)
  }

  // MARK: Disposables

  @Test("nested CompoundDisposables disposed from the outermost")
  func nestedCompoundDisposables() async {
    let innermostDisposals = AtomicCounter()
    await onSmallStackKeepingChain { keeper in
      let outermost = CompoundDisposable()
      var current = outermost
      for _ in 1..<deepChainDepth {
        let inner = CompoundDisposable()
        current.add(inner)
        current = inner
      }
      current.add(AnyDisposable { innermostDisposals.increment() })
      keeper.keep(outermost)
      outermost.dispose()
    }
    #expect(innermostDisposals.count == 1)
  }

  // MARK: Releasing

  /// The chains whose operators keep their input in `source` (the operator template), a list of
  /// inputs (`ListSignal`: `concat`, `merge`), two inputs (`BinarySignal`: `combineLatest`,
  /// `zip`) or more (`CombiningSignal`) are released in bounded stack (through the stack guard),
  /// and so are the subscription objects of a completed chain (a merge's inner scopes hold their
  /// state through a `ChainReference`).
  enum ReleasedChain: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case filter, map, take, distinctUntilChanged, flattenMap, scan, doNext
    case mapError, `catch`, mapReplace, deliverOn, subscribeOn, concat, merge
    case combineLatest, zip, takeUntil, sample, withLatest, flattenMapFirst
    case combineLatestOfThree, zipOfFour, combineLatestOfArray
    // More operators of the stage template (CONTRIBUTING, "Writing an operator").
    case skip, compactMap, ignore, combinePrevious, tryMap, dematerialize
    case asOptional, mergeOfOptional, mergeTriggers
    var testDescription: String { rawValue }

    /// What the chain delivers for the subject's `1` and completion: a `sample` whose sampler
    /// never sends forwards no value, only the completion.
    var expectedEvents: [Event<Int, Never>] {
      self == .sample ? [.completed] : [.next(1), .completed]
    }

    func build(on subject: Subject<Int, Never>) -> Signal<Int, Never> {
      var signal: Signal<Int, Never> = subject
      for _ in 0..<deepChainDepth {
        switch self {
        case .filter: signal = signal.filter { _ in true }
        case .map: signal = signal.map { $0 }
        case .take: signal = signal.take(Int.max)
        case .distinctUntilChanged: signal = signal.distinctUntilChanged()
        case .flattenMap: signal = signal.flattenMap { .just($0) }
        case .scan: signal = signal.scan(0) { _, next in next }
        case .doNext: signal = signal.doNext { _ in }
        // Two operators a level: the subject cannot fail, so a failure type is promoted first.
        case .mapError:
          signal = signal.promoteError(TestError.self).mapError { _ in preconditionFailure() }
        case .catch: signal = signal.promoteError(TestError.self).catch { _ in .empty }
        case .mapReplace: signal = signal.mapReplace(1)
        case .deliverOn: signal = signal.deliver(on: ImmediateScheduler())
        case .subscribeOn: signal = signal.subscribe(on: ImmediateScheduler())
        case .concat: signal = signal.concat(.empty)
        case .merge: signal = signal.merge(.empty)
        // Two operators a level: the pair is mapped back to the chain's value.
        case .combineLatest: signal = signal.combineLatest(with: .just(0)).map { $0.0 }
        case .zip: signal = signal.zip(with: .just(0)).map { $0.0 }
        case .takeUntil: signal = signal.take(until: Signal<Int, Never>.never)
        case .sample: signal = signal.sample(Signal<Int, Never>.never)
        case .withLatest: signal = signal.withLatest(from: .just(0)).map { $0.0 }
        case .flattenMapFirst: signal = signal.flattenMapFirst { .just($0) }
        case .combineLatestOfThree:
          signal = Signal.combineLatest(signal, .just(0), .just(0)).map { $0.0 }
        case .zipOfFour: signal = Signal.zip(signal, .just(0), .just(0), .just(0)).map { $0.0 }
        case .combineLatestOfArray: signal = Signal.combineLatest([signal, .just(0)]).map { $0[0] }
        case .skip: signal = signal.skip(0)
        case .compactMap: signal = signal.compactMap { $0 }
        case .ignore: signal = signal.ignore(0)
        case .combinePrevious: signal = signal.combinePrevious(0) { _, next in next }
        case .tryMap:
          signal = signal.promoteError(TestError.self).tryMap { $0 }.ignoreErrors()
        // Two operators a level: the chain's events as values, and back.
        case .dematerialize: signal = signal.materialize().dematerialize()
        // Two operators a level: back to the chain's value type.
        case .asOptional: signal = signal.asOptional().skipNil()
        case .mergeOfOptional: signal = signal.merge(Signal<Int?, Never>.empty).skipNil()
        case .mergeTriggers:
          signal = Signal.merge(triggers: signal, Signal<String, Never>.empty).mapReplace(1)
        }
      }
      return signal
    }
  }

  @Test(
    "releasing a deep chain of an operator fits a 512 KiB thread",
    arguments: ReleasedChain.allCases)
  func releasingFitsSmallStack(chain: ReleasedChain) async {
    let recorder = Recorder<Int, Never>()
    await onSmallStack {
      let subject = Subject<Int, Never>()
      let signal = chain.build(on: subject)
      recorder.subscribe(to: signal)
      subject.sendNext(1)
      subject.sendCompleted()
      // `signal`, the last reference to the chain, is released here, on the small stack.
    }
    #expect(recorder.events == chain.expectedEvents)
  }
}

// MARK: - Helpers

/// A cold source that sends `values` when subscribed and then stays open until its subscription
/// is disposed, which it counts in `disposals`: the bottom of the chains that never complete.
private func openSource(sending values: [Int], disposals: AtomicCounter) -> Signal<Int, Never> {
  Signal { subscriber in
    for value in values { subscriber.sendNext(value) }
    return AnyDisposable { disposals.increment() }
  }
}

/// Subscribes `recorder` to the never-completing `signal`, disposes the subscription and keeps
/// both in `keeper`. Returns how many disposals the bottom source counted before `dispose()`.
private func subscribeAndDispose(
  _ signal: Signal<Int, Never>, recorder: Recorder<Int, Never>, disposals: AtomicCounter,
  keeper: ChainKeeper
) -> Int {
  keeper.keep(signal)
  let subscription = recorder.subscribe(to: signal)
  keeper.keep(subscription)
  let before = disposals.count
  subscription.dispose()
  return before
}

/// Builds `deepChainDepth` levels of `level` on a subject, subscribes `recorder`, sends `values`
/// then completes the subject, and keeps the chain and its subscription in `keeper`. The subject
/// makes the chain non-synchronous: every value travels it after the subscription.
private func chainOnSubject(
  sending values: [Int], recorder: Recorder<Int, Never>, keeper: ChainKeeper,
  _ level: (Signal<Int, Never>) -> Signal<Int, Never>
) {
  let subject = Subject<Int, Never>()
  var signal: Signal<Int, Never> = subject
  for _ in 0..<deepChainDepth { signal = level(signal) }
  keeper.keep(signal)
  keeper.keep(recorder.subscribe(to: signal))
  for value in values { subject.sendNext(value) }
  subject.sendCompleted()
}

/// `n` nested `flattenMap`s made while the signal runs: each level's inner signal is the next
/// level, down to `just(0)`.
private func countdown(from n: Int) -> Signal<Int, Never> {
  n == 0 ? .just(0) : .just(n).flattenMap { _ in countdown(from: n - 1) }
}
