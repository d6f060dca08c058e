// The reference model: what a subscription to a chain observes, computed from the recorded
// sources with small pure functions, one per operator (this file and the Model*.swift files).
// Times are milliseconds of virtual time; every function returns the events of one
// subscription made at `time` inside the cascade `cause` (see `Stamped`), up to the horizon.

extension ModelContext {
  /// What a subscription to `chain`, made at `time` inside the cascade `cause`, observes up to
  /// the horizon.
  func evaluate(_ chain: Chain, at time: Int, cause: Int) throws -> Timeline {
    try evaluateUnbounded(chain, at: time, cause: cause).upTo(horizon).endingAtFirstTerminal()
  }

  private func evaluateUnbounded(_ chain: Chain, at time: Int, cause: Int) throws -> Timeline {
    switch chain {
    case .source(let index) where leaves[index].isHot:
      return try hotSource(index, at: time, cause: cause)
    case .source(let index):
      // Cold: the recording again from this subscription; events at offset 0 are sent while
      // subscribing (in the subscribing cascade), each later one by its own scheduler action.
      return leaves[index].events.map {
        Stamped(
          time: time + $0.offset, cause: $0.offset == 0 ? cause : freshCause(), kind: $0.kind)
      }
    case .map(let transform, let input):
      return try evaluate(input, at: time, cause: cause).map(values: transform.callAsFunction)
    case .filter(let isIncluded, let input):
      return try evaluate(input, at: time, cause: cause).filter {
        if case .next(let value) = $0.kind { return isIncluded(value) }
        return true
      }
    case .scan(let initial, let input):
      return scan(initial, try evaluate(input, at: time, cause: cause))
    case .take(let count, let input):
      // take(0) completes at once without subscribing to its input.
      if count == 0 { return [Stamped(time: time, cause: cause, kind: .completed)] }
      return take(count, try evaluate(input, at: time, cause: cause))
    case .skip(let count, let input):
      return skip(count, try evaluate(input, at: time, cause: cause))
    case .takeWhile(let predicate, let input):
      return takeWhile(predicate, try evaluate(input, at: time, cause: cause))
    case .distinctUntilChanged(let input):
      return distinctUntilChanged(try evaluate(input, at: time, cause: cause))
    case .startWith(let value, let input):
      return [Stamped(time: time, cause: cause, kind: .next(value))]
        + (try evaluate(input, at: time, cause: cause))
    case .materialize(let input):
      return materialize(try evaluate(input, at: time, cause: cause))
    case .concat(let first, let second):
      return try concat(first, second, at: time, cause: cause)
    case .then(let first, let second):
      return try then(first, second, at: time, cause: cause)
    case .catchError(let input):
      return try catchError(input, at: time, cause: cause)
    case .retry(let count, let input):
      return try retry(count, input, at: time, cause: cause)
    case .merge(let first, let second), .mergeOptional(let first, let second):
      return try merge(first, second, at: time, cause: cause)
    case .mergeTriggers(let first, let second):
      return try merge(first, second, at: time, cause: cause).map(values: { _ in 0 })
    case .combineLatest(let first, let second):
      return try combineLatest(first, second, at: time, cause: cause)
    case .zip(let first, let second):
      return try zip(first, second, at: time, cause: cause)
    case .takeUntil(let input, let trigger):
      return try takeUntil(input, trigger: trigger, at: time, cause: cause)
    case .sample(let input, let sampler):
      return try sample(input, sampler: sampler, at: time, cause: cause)
    case .withLatest(let input, let other):
      return try withLatest(input, other: other, at: time, cause: cause)
    case .flattenMap(let outer):
      return try flattenMap(outer, at: time, cause: cause)
    case .switchToLatest(let outer):
      return try switchToLatest(outer, at: time, cause: cause)
    case .concatInner(let outer):
      return try concatInner(outer, at: time, cause: cause)
    case .flattenMapFirst(let outer):
      return try flattenMapFirst(outer, at: time, cause: cause)
    case .delay(let interval, let input):
      return try delay(interval, try evaluate(input, at: time, cause: cause))
    case .throttle(let interval, let input):
      return try throttle(interval, try evaluate(input, at: time, cause: cause))
    case .buffer(let interval, let input):
      return try buffer(interval, try evaluate(input, at: time, cause: cause))
    case .timeout(let interval, let input):
      return try timeout(interval, try evaluate(input, at: time, cause: cause), from: time)
    case .shared(let kind, let lag, let input):
      return try shared(kind, lag: lag, input, at: time, cause: cause)
    case .takeLast(let count, let input):
      return takeLast(count, try evaluate(input, at: time, cause: cause))
    case .skipWhile(let predicate, let input):
      return skipWhile(predicate, try evaluate(input, at: time, cause: cause))
    case .combinePrevious(let start, let input):
      return combinePrevious(start, try evaluate(input, at: time, cause: cause))
    case .collect(let input):
      return collect(try evaluate(input, at: time, cause: cause))
    case .ignoreValues(let input):
      return try evaluate(input, at: time, cause: cause).filter { $0.kind.isTerminal }
    case .repeatForever(let input):
      return try repeatForever(input, at: time, cause: cause)
    case .takeUntilReplacement(let input, let replacement):
      return try takeUntilReplacement(input, replacement: replacement, at: time, cause: cause)
    case .deliverOn(let input):
      return deliverOn(try evaluate(input, at: time, cause: cause))
    case .subscribeOn(let input):
      // Subscribed by an action of the scheduler: a cascade of its own, at the same time.
      return try evaluate(input, at: time, cause: freshCause())
    }
  }
}

extension ModelContext {
  /// A subscription at `time` to the hot source `leaves[index]`: what the subject sends later
  /// (each send one scheduler action, whatever the number of subscribers: they receive it in
  /// subscription order), or its terminal event at once if it already ended.
  func hotSource(_ index: Int, at time: Int, cause: Int) throws -> Timeline {
    var output: Timeline = []
    for (position, event) in leaves[index].events.enumerated() {
      if event.offset == time {
        throw Ambiguous(reason: "subscribed to a hot source at the time it sends")
      }
      if event.offset < time {
        if event.kind.isTerminal { return [Stamped(time: time, cause: cause, kind: event.kind)] }
        continue
      }
      output.append(Stamped(time: event.offset, cause: hotCause(index, position), kind: event.kind))
    }
    return output
  }

  /// The cause of the `position`-th send of hot source `index`: the same for every subscriber.
  private func hotCause(_ index: Int, _ position: Int) -> Int { -(index * 1000 + position + 1) }
}

extension Array where Element == Stamped {
  /// The timeline with every value transformed, times and causes kept.
  func map(values transform: (Int) -> Int) -> Timeline {
    map { event in
      guard case .next(let value) = event.kind else { return event }
      var mapped = event
      mapped.kind = .next(transform(value))
      return mapped
    }
  }
}
