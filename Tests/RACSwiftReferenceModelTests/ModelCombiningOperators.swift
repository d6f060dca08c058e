// Operators with two inputs subscribed together, the first input first.

extension ModelContext {
  /// Both inputs' values as they arrive; the first error ends it; completes when both have
  /// (RAC's `-merge:`).
  func merge(_ first: Chain, _ second: Chain, at time: Int, cause: Int) throws -> Timeline {
    let events = try interleave([
      try evaluate(first, at: time, cause: cause).tagged(0),
      try evaluate(second, at: time, cause: cause).tagged(1),
    ])
    var output: Timeline = []
    var completed = 0
    for tagged in events {
      let event = tagged.event
      switch event.kind {
      case .next: output.append(event)
      case .error: return output + [event]
      case .completed:
        completed += 1
        if completed == 2 { return output + [event] }
      }
    }
    return output
  }

  /// On each value of either input, once both have sent one, the latest pair, encoded
  /// `(a * 1000 + b) % 1_000_000`; the first error ends it; completes when both have completed
  /// (RAC's `-combineLatestWith:`).
  func combineLatest(_ first: Chain, _ second: Chain, at time: Int, cause: Int) throws
    -> Timeline
  {
    let events = try interleave([
      try evaluate(first, at: time, cause: cause).tagged(0),
      try evaluate(second, at: time, cause: cause).tagged(1),
    ])
    var latest: [Int?] = [nil, nil]
    var output: Timeline = []
    var completed = 0
    for tagged in events {
      let event = tagged.event
      switch event.kind {
      case .next(let value):
        latest[tagged.input] = value
        if let a = latest[0], let b = latest[1] {
          output.append(Stamped(time: event.time, cause: event.cause, kind: .next(pair(a, b))))
        }
      case .error: return output + [event]
      case .completed:
        completed += 1
        if completed == 2 { return output + [event] }
      }
    }
    return output
  }

  /// Pairs of the n-th values, encoded as `combineLatest`'s; the first error ends it; completes
  /// as soon as an input has completed with none of its values left waiting for a partner
  /// (RAC's `-zipWith:`).
  func zip(_ first: Chain, _ second: Chain, at time: Int, cause: Int) throws -> Timeline {
    let events = try interleave([
      try evaluate(first, at: time, cause: cause).tagged(0),
      try evaluate(second, at: time, cause: cause).tagged(1),
    ])
    var waiting: [[Int]] = [[], []]
    var completed = [false, false]
    var output: Timeline = []
    for tagged in events {
      let event = tagged.event
      switch event.kind {
      case .next(let value):
        waiting[tagged.input].append(value)
        if !waiting[0].isEmpty, !waiting[1].isEmpty {
          let a = waiting[0].removeFirst()
          let b = waiting[1].removeFirst()
          output.append(Stamped(time: event.time, cause: event.cause, kind: .next(pair(a, b))))
        }
      case .error: return output + [event]
      case .completed: completed[tagged.input] = true
      }
      if (0...1).contains(where: { completed[$0] && waiting[$0].isEmpty }) {
        return output + [Stamped(time: event.time, cause: event.cause, kind: .completed)]
      }
    }
    return output
  }

  /// The input until the trigger sends a value or completes, then completion; the trigger's
  /// error is ignored; the trigger is subscribed first, so one that fires at once means the
  /// input is never subscribed (RAC's `-takeUntil:`).
  func takeUntil(_ input: Chain, trigger: Chain, at time: Int, cause: Int) throws -> Timeline {
    let triggerEvents = try evaluate(trigger, at: time, cause: cause)
    if let first = triggerEvents.first, first.time == time, first.cause == cause,
      !isError(first.kind)
    {
      return [Stamped(time: time, cause: cause, kind: .completed)]
    }
    let events = try interleave([
      triggerEvents.tagged(0), try evaluate(input, at: time, cause: cause).tagged(1),
    ])
    var output: Timeline = []
    for tagged in events {
      let event = tagged.event
      if tagged.input == 0 {
        if isError(event.kind) { continue }
        return output + [Stamped(time: event.time, cause: event.cause, kind: .completed)]
      }
      output.append(event)
      if event.kind.isTerminal { break }
    }
    return output
  }

  /// On each value of the sampler, the input's latest value (none before its first); ends when
  /// either side ends (RAC's `-sample:`). The input is subscribed first.
  func sample(_ input: Chain, sampler: Chain, at time: Int, cause: Int) throws -> Timeline {
    let events = try interleave([
      try evaluate(input, at: time, cause: cause).tagged(0),
      try evaluate(sampler, at: time, cause: cause).tagged(1),
    ])
    var latest: Int?
    var output: Timeline = []
    for tagged in events {
      let event = tagged.event
      switch (tagged.input, event.kind) {
      case (0, .next(let value)): latest = value
      case (_, .next):
        if let latest {
          output.append(Stamped(time: event.time, cause: event.cause, kind: .next(latest)))
        }
      default: return output + [event]
      }
    }
    return output
  }

  /// Each of the input's values paired with the other's latest value, encoded
  /// `(a * 1000 + b) % 1_000_000` (none before the other's first value); the other's error ends
  /// it, its completion does not; ends when the input ends. The other is subscribed first, so an
  /// error it sends at once means the input is never subscribed (RxSwift's `withLatestFrom`).
  func withLatest(_ input: Chain, other: Chain, at time: Int, cause: Int) throws -> Timeline {
    let otherEvents = try evaluate(other, at: time, cause: cause)
    if let last = otherEvents.last, isError(last.kind), last.time == time, last.cause == cause {
      return [last]
    }
    let events = try interleave([
      otherEvents.tagged(0), try evaluate(input, at: time, cause: cause).tagged(1),
    ])
    var latest: Int?
    var output: Timeline = []
    for tagged in events {
      let event = tagged.event
      switch (tagged.input, event.kind) {
      case (0, .next(let value)): latest = value
      case (0, .completed): continue
      case (1, .next(let value)):
        if let latest {
          output.append(
            Stamped(time: event.time, cause: event.cause, kind: .next(pair(value, latest))))
        }
      default: return output + [event]
      }
    }
    return output
  }

  /// The input's values and error until the replacement sends anything; from then on only
  /// the replacement, its completion included; the input's completion is not forwarded. The
  /// replacement is subscribed first, so one that sends at once means the input is never
  /// subscribed (RAC's `-takeUntilReplacement:`).
  func takeUntilReplacement(_ input: Chain, replacement: Chain, at time: Int, cause: Int) throws
    -> Timeline
  {
    let replacementEvents = try evaluate(replacement, at: time, cause: cause)
    if let first = replacementEvents.first, first.time == time, first.cause == cause {
      return replacementEvents
    }
    let events = try interleave([
      replacementEvents.tagged(0), try evaluate(input, at: time, cause: cause).tagged(1),
    ])
    var output: Timeline = []
    var replaced = false
    for tagged in events {
      let event = tagged.event
      if tagged.input == 0 {
        replaced = true
        output.append(event)
        if event.kind.isTerminal { break }
      } else if !replaced, event.kind != .completed {
        output.append(event)
        if event.kind.isTerminal { break }
      }
    }
    return output
  }

  private func isError(_ kind: Kind) -> Bool {
    if case .error = kind { return true }
    return false
  }
}

/// The encoding of a pair of values as one (`combineLatest`, `zip`).
func pair(_ a: Int, _ b: Int) -> Int { (a * 1000 + b) % 1_000_000 }
