import RACSwift
import RACSwiftTesting

/// The failure of every signal of the library side: an error code.
struct ModelError: Error, Equatable, Sendable {
  let code: Int
}

/// Builds a case's chain with RACSwift operators on a `TestScheduler` (1 ms of the model is
/// 1 ms of virtual time), subscribes at time 0, advances to the disposal time, disposes, and
/// returns what the subscriber received.
struct LibraryRunner {
  let scheduler = TestScheduler(tick: .milliseconds(1))
  let differentialCase: DifferentialCase
  private let inners: [Signal<Int, ModelError>]
  /// The subject of each hot source (`nil` for cold ones), driven from the start.
  private let subjects: [Subject<Int, ModelError>?]

  init(_ differentialCase: DifferentialCase) {
    self.differentialCase = differentialCase
    subjects = differentialCase.leaves.map { [scheduler] leaf in
      guard leaf.isHot else { return nil }
      let subject = Subject<Int, ModelError>()
      for (time, event) in events(of: leaf) {
        scheduler.schedule(after: .milliseconds(time)) { subject.send(event) }
      }
      return subject
    }
    var inners: [Signal<Int, ModelError>] = []
    for inner in differentialCase.inners {
      inners.append(
        Self.build(
          inner, leaves: differentialCase.leaves, subjects: subjects, inners: [], on: scheduler))
    }
    self.inners = inners
  }

  /// What one run of the library showed.
  struct Run {
    /// The events the subscriber received up to its disposal, with their times (ms).
    var events: [(time: Int, kind: Kind)]
    /// How many events it received after its disposal (advancing 5 s further): must be 0.
    /// Not checked (0) when the chain keeps a replaying connection: that connection goes on
    /// after the horizon the model looked at (and may, say, `repeat()` a signal that now
    /// completes at once, forever).
    var eventsAfterDisposal: Int
    /// Subscriptions still live after the disposal, when the chain keeps none by design
    /// (`nil` when it shares its input with `replay`, `replayLast` or `replayLazily`, whose
    /// connection outlives the subscribers): must be 0.
    var liveSubscriptions: Int?
  }

  /// Subscribes at time 0, advances to the disposal time, disposes, then advances 5 s more
  /// (unless a replaying connection outlives the subscription).
  func run() -> Run {
    let keepsConnection = differentialCase.chain.keepsConnection
    let ledger = SubscriptionLedger()
    let (events, total): ([Recorded<Int, ModelError>], Int) = ledger.withLedger {
      let signal = Self.build(
        differentialCase.chain, leaves: differentialCase.leaves, subjects: subjects,
        inners: inners, on: scheduler)
      let recorder = scheduler.record(signal)
      scheduler.advance(to: .milliseconds(differentialCase.disposal))
      let events = recorder.events
      recorder.dispose()
      if !keepsConnection {
        scheduler.advance(to: .milliseconds(differentialCase.disposal + 5000))
      }
      return (events, recorder.events.count)
    }
    return Run(
      events: events.map { recorded in
        let (seconds, attoseconds) = recorded.time.components
        let time = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        switch recorded.event {
        case .next(let value): return (time, .next(value))
        case .error(let error): return (time, .error(error.code))
        case .completed: return (time, .completed)
        }
      },
      eventsAfterDisposal: total - events.count,
      liveSubscriptions: keepsConnection ? nil : ledger.liveCount)
  }

  private static func build(
    _ chain: Chain, leaves: [ColdTimeline], subjects: [Subject<Int, ModelError>?],
    inners: [Signal<Int, ModelError>], on scheduler: TestScheduler
  ) -> Signal<Int, ModelError> {
    func build(_ chain: Chain) -> Signal<Int, ModelError> {
      Self.build(chain, leaves: leaves, subjects: subjects, inners: inners, on: scheduler)
    }
    func inner(_ value: Int) -> Signal<Int, ModelError> {
      inners[innerIndex(value, count: inners.count)]
    }
    switch chain {
    case .source(let index):
      if let subject = subjects[index] { return subject }
      return coldSource(leaves[index], on: scheduler)
    case .map(let transform, let input):
      return build(input).map { transform($0) }
    case .filter(let isIncluded, let input):
      return build(input).filter { isIncluded($0) }
    case .scan(let initial, let input):
      return build(input).scan(initial) { ($0 + $1) % 1000 }
    case .take(let count, let input):
      return build(input).take(count)
    case .skip(let count, let input):
      return build(input).skip(count)
    case .takeWhile(let predicate, let input):
      return build(input).take(while: { predicate($0) })
    case .distinctUntilChanged(let input):
      return build(input).distinctUntilChanged()
    case .startWith(let value, let input):
      return build(input).startWith(value)
    case .materialize(let input):
      return build(input).materialize().map { event -> Int in
        switch event {
        case .next(let value): value
        case .completed: -1
        case .error(let error): -2 - error.code
        }
      }.promoteError(ModelError.self)
    case .concat(let first, let second):
      return build(first).concat(build(second))
    case .then(let first, let second):
      let next = build(second)
      return build(first).then { next }
    case .catchError(let input):
      return build(input).catch { inner($0.code) }
    case .retry(let count, let input):
      return count.map { build(input).retry($0) } ?? build(input).retry()
    case .merge(let first, let second):
      return build(first).merge(build(second))
    case .mergeTriggers(let first, let second):
      return Signal.merge(triggers: build(first), build(second).map { "\($0)" }).mapReplace(0)
    case .mergeOptional(let first, let second):
      return build(first).merge(build(second).asOptional()).map { $0 ?? -1 }
    case .combineLatest(let first, let second):
      return build(first).combineLatest(with: build(second)).map { pair($0, $1) }
    case .zip(let first, let second):
      return build(first).zip(with: build(second)).map { pair($0, $1) }
    case .takeUntil(let input, let trigger):
      return build(input).take(until: build(trigger))
    case .sample(let input, let sampler):
      return build(input).sample(build(sampler))
    case .withLatest(let input, let other):
      return build(input).withLatest(from: build(other)).map { pair($0, $1) }
    case .flattenMap(let outer):
      return build(outer).flattenMap { inner($0) }
    case .switchToLatest(let outer):
      return build(outer).map { inner($0) }.switchToLatest()
    case .concatInner(let outer):
      return build(outer).map { inner($0) }.concat()
    case .flattenMapFirst(let outer):
      return build(outer).flattenMapFirst { inner($0) }
    case .delay(let interval, let input):
      return build(input).delay(.milliseconds(interval), on: scheduler)
    case .throttle(let interval, let input):
      return build(input).throttle(.milliseconds(interval), on: scheduler)
    case .buffer(let interval, let input):
      return build(input).buffer(withTime: .milliseconds(interval), on: scheduler).map {
        encodeBatch($0)
      }
    case .timeout(let interval, let input):
      return build(input).timeout(
        .milliseconds(interval), on: scheduler, orFail: ModelError(code: timeoutCode))
    case .shared(let kind, let lag, let input):
      return lateSubscription(kind, lag: lag, to: build(input), on: scheduler)
    case .takeLast(let count, let input):
      return build(input).takeLast(count)
    case .skipWhile(let predicate, let input):
      return build(input).skip(while: { predicate($0) })
    case .combinePrevious(let start, let input):
      return build(input).combinePrevious(start) { pair($0, $1) }
    case .collect(let input):
      return build(input).collect().map { encodeBatch($0) }
    case .ignoreValues(let input):
      return build(input).ignoreValues()
    case .repeatForever(let input):
      return build(input).repeat()
    case .takeUntilReplacement(let input, let replacement):
      return build(input).take(untilReplacement: build(replacement))
    case .deliverOn(let input):
      return build(input).deliver(on: scheduler)
    case .subscribeOn(let input):
      return build(input).subscribe(on: scheduler)
    }
  }

  /// A cold signal replaying `timeline` from each subscription, each event a scheduler action.
  private static func coldSource(_ timeline: ColdTimeline, on scheduler: TestScheduler)
    -> Signal<Int, ModelError>
  {
    let events = events(of: timeline)
    return Signal { subscriber in
      let scheduled = CompoundDisposable()
      for (offset, event) in events {
        if offset == 0 {
          subscriber.send(event)
        } else {
          scheduled.add(scheduler.schedule(after: .milliseconds(offset)) { subscriber.send(event) })
        }
      }
      return scheduled
    }
  }

  /// Per subscription: shares `input` as `kind` says, then subscribes `lag` later and forwards
  /// what that late subscriber receives.
  private static func lateSubscription(
    _ kind: ShareKind, lag: Int, to input: Signal<Int, ModelError>, on scheduler: TestScheduler
  ) -> Signal<Int, ModelError> {
    Signal { subscriber in
      let subscription = CompoundDisposable()
      let shared: Signal<Int, ModelError>
      switch kind {
      case .publish:
        let connection = input.publish()
        subscription.add(connection.connect())
        shared = connection.signal
      case .replay:
        shared = input.replay()
      case .replayLast:
        shared = input.replayLast()
      case .replayLazily:
        shared = input.replayLazily()
        subscription.add(shared.subscribe(next: { _ in }))
      }
      subscription.add(
        scheduler.schedule(after: .milliseconds(lag)) {
          subscription.add(shared.subscribe(subscriber))
        })
      return subscription
    }
  }
}

/// The events of a recorded source as the library's, at their offsets.
private func events(of timeline: ColdTimeline) -> [(offset: Int, event: Event<Int, ModelError>)] {
  timeline.events.map {
    switch $0.kind {
    case .next(let value): ($0.offset, .next(value))
    case .error(let code): ($0.offset, .error(ModelError(code: code)))
    case .completed: ($0.offset, .completed)
    }
  }
}

extension Chain {
  /// Whether the chain shares an input through a replaying connection, which stays connected
  /// after every subscriber is gone (RAC's rule for `replay`, `replayLast`, `replayLazily`).
  var keepsConnection: Bool {
    switch self {
    case .source: false
    case .shared(let kind, _, let input): kind != .publish || input.keepsConnection
    case .map(_, let c), .filter(_, let c), .scan(_, let c), .take(_, let c), .skip(_, let c),
      .takeWhile(_, let c), .distinctUntilChanged(let c), .startWith(_, let c),
      .flattenMap(let c), .switchToLatest(let c), .concatInner(let c), .flattenMapFirst(let c),
      .catchError(let c),
      .retry(_, let c), .materialize(let c), .delay(_, let c), .throttle(_, let c),
      .buffer(_, let c), .timeout(_, let c), .takeLast(_, let c), .skipWhile(_, let c),
      .combinePrevious(_, let c), .collect(let c), .ignoreValues(let c), .repeatForever(let c),
      .deliverOn(let c), .subscribeOn(let c):
      c.keepsConnection
    case .concat(let a, let b), .merge(let a, let b), .mergeTriggers(let a, let b),
      .mergeOptional(let a, let b), .combineLatest(let a, let b),
      .zip(let a, let b), .takeUntil(let a, let b), .sample(let a, let b),
      .withLatest(let a, let b), .then(let a, let b), .takeUntilReplacement(let a, let b):
      a.keepsConnection || b.keepsConnection
    }
  }
}
