// Operators over a signal of signals: each outer value `v` stands for the inner chain
// `inners[v % inners.count]`, subscribed when the operator takes it up.

/// The lanes of a higher-order operator: the outer events, each followed by the events its
/// inner subscription sends at once (in the same cascade), then one lane per inner subscription
/// for the rest of its events.
private struct HigherOrderLanes {
  var spine: [Tagged] = []
  var rest: [[Tagged]] = []

  /// Adds inner subscription number `index` (its tag is `index + 1`), made by `trigger`.
  mutating func add(inner events: Timeline, index: Int, madeBy trigger: Stamped) {
    let synchronous = events.prefix { $0.time == trigger.time && $0.cause == trigger.cause }
    spine += Array(synchronous).tagged(index + 1)
    rest.append(Array(events.dropFirst(synchronous.count)).tagged(index + 1))
  }

  func interleaved() throws -> [Tagged] { try interleave([spine] + rest) }
}

extension ModelContext {
  /// The lanes of `outer` with an inner chain subscribed for each of its values, when the value
  /// arrives (what `flattenMap` and `switchToLatest` both do; they differ in what they observe).
  private func subscribingEveryInner(_ outer: Chain, at time: Int, cause: Int) throws
    -> HigherOrderLanes
  {
    var lanes = HigherOrderLanes()
    var inners = 0
    for event in try evaluate(outer, at: time, cause: cause) {
      lanes.spine.append(Tagged(input: 0, event: event))
      guard case .next(let value) = event.kind else { continue }
      let events = try evaluate(inner(for: value), at: event.time, cause: event.cause)
      lanes.add(inner: events, index: inners, madeBy: event)
      inners += 1
    }
    return lanes
  }

  /// Every inner chain subscribed as its value arrives, all merged; any error ends it;
  /// completes when the outer and every inner have completed (RAC's `-flattenMap:`).
  func flattenMap(_ outer: Chain, at time: Int, cause: Int) throws -> Timeline {
    let lanes = try subscribingEveryInner(outer, at: time, cause: cause)
    var output: Timeline = []
    var running = 0
    var outerCompleted = false
    for tagged in try lanes.interleaved() {
      let event = tagged.event
      switch (tagged.input, event.kind) {
      case (0, .next): running += 1
      case (_, .next): output.append(event)
      case (_, .error): return output + [event]
      case (0, .completed): outerCompleted = true
      case (_, .completed): running -= 1
      }
      if outerCompleted, running == 0, event.kind == .completed { return output + [event] }
    }
    return output
  }

  /// Only the latest inner chain: each outer value disposes the inner before it; errors of the
  /// outer and of the latest inner end it; completes when the outer and the latest inner have
  /// completed (RAC's `-switchToLatest`).
  func switchToLatest(_ outer: Chain, at time: Int, cause: Int) throws -> Timeline {
    let lanes = try subscribingEveryInner(outer, at: time, cause: cause)
    var output: Timeline = []
    var latest = 0  // the tag of the latest inner; 0 before the first
    var latestCompleted = true
    var outerCompleted = false
    for tagged in try lanes.interleaved() {
      let event = tagged.event
      if tagged.input == 0 {
        switch event.kind {
        case .next:
          latest += 1
          latestCompleted = false
        case .error: return output + [event]
        case .completed: outerCompleted = true
        }
      } else {
        guard tagged.input == latest else { continue }  // disposed: nothing observed
        switch event.kind {
        case .next: output.append(event)
        case .error: return output + [event]
        case .completed: latestCompleted = true
        }
      }
      if outerCompleted, latestCompleted, event.kind == .completed { return output + [event] }
    }
    return output
  }

  /// The inner chain of an outer value, while none runs: a value that arrives while the inner
  /// chain of an earlier one runs is dropped; any error ends it; completes when the outer and
  /// the running inner have completed (RxSwift's `flatMapFirst`).
  func flattenMapFirst(_ outer: Chain, at time: Int, cause: Int) throws -> Timeline {
    var spine: [Tagged] = []
    var lanes: [[Tagged]] = []
    // How the inner subscribed last ended: completed (and whether in the cascade that subscribed
    // it, so in the spine), or never (still running, or failed): then no later one starts.
    var runningEnd: (event: Stamped, inSpine: Bool)?
    var blocked = false
    for event in try evaluate(outer, at: time, cause: cause) {
      spine.append(Tagged(input: 0, event: event))
      guard case .next(let value) = event.kind, !blocked else { continue }
      if let end = runningEnd,
        end.event.time > event.time
          || (end.event.time == event.time && !(end.inSpine && end.event.cause == event.cause))
      {
        guard end.event.time > event.time else {
          throw Ambiguous(reason: "flattenMapFirst: \(end.event) and \(event) at one time")
        }
        continue  // an inner chain runs: dropped
      }
      let tag = lanes.count + 1
      let events = try evaluate(inner(for: value), at: event.time, cause: event.cause)
      let synchronous = events.prefix { $0.time == event.time && $0.cause == event.cause }
      spine += Array(synchronous).tagged(tag)
      lanes.append(Array(events.dropFirst(synchronous.count)).tagged(tag))
      runningEnd = events.terminal.flatMap {
        $0.kind == .completed ? ($0, $0.time == event.time && $0.cause == event.cause) : nil
      }
      blocked = runningEnd == nil
    }
    var output: Timeline = []
    var completedInners = 0
    var outerCompleted = false
    for tagged in try interleave([spine] + lanes) {
      let event = tagged.event
      switch (tagged.input, event.kind) {
      case (0, .next): break
      case (_, .next): output.append(event)
      case (_, .error): return output + [event]
      case (0, .completed): outerCompleted = true
      case (_, .completed): completedInners += 1
      }
      if outerCompleted, completedInners == lanes.count, event.kind == .completed {
        return output + [event]
      }
    }
    return output
  }

  /// The inner chains one after another: each is subscribed when the one before has completed
  /// (at once if none is running); any error ends it; completes when the outer and every inner
  /// have completed (RAC's `-concat` on a signal of signals).
  func concatInner(_ outer: Chain, at time: Int, cause: Int) throws -> Timeline {
    var spine: [Tagged] = []
    var lanes: [[Tagged]] = []
    // How the inner subscribed last ended: completed (and whether in the cascade that subscribed
    // it, so in the spine), or never (still running, or failed): then no later one starts.
    var previousEnd: (event: Stamped, inSpine: Bool)?
    var blocked = false
    var values = 0
    for event in try evaluate(outer, at: time, cause: cause) {
      spine.append(Tagged(input: 0, event: event))
      guard case .next(let value) = event.kind else { continue }
      values += 1
      if blocked { continue }
      let tag = values
      let events: Timeline
      if let end = previousEnd,
        end.event.time > event.time
          || (end.event.time == event.time && !(end.inSpine && end.event.cause == event.cause))
      {
        guard end.event.time > event.time else {
          throw Ambiguous(reason: "concat: \(end.event) and \(event) at one time")
        }
        // Waits for the one before; subscribed in the cascade of its completion, so its events
        // follow that completion in the same lane.
        events = try evaluate(inner(for: value), at: end.event.time, cause: end.event.cause)
        lanes[lanes.count - 1] += events.tagged(tag)
        previousEnd = events.terminal.flatMap { $0.kind == .completed ? ($0, false) : nil }
      } else {
        // Nothing running: subscribed at once, in the cascade of the outer value.
        events = try evaluate(inner(for: value), at: event.time, cause: event.cause)
        let synchronous = events.prefix { $0.time == event.time && $0.cause == event.cause }
        spine += Array(synchronous).tagged(tag)
        lanes.append(Array(events.dropFirst(synchronous.count)).tagged(tag))
        previousEnd = events.terminal.flatMap {
          $0.kind == .completed ? ($0, $0.time == event.time && $0.cause == event.cause) : nil
        }
      }
      blocked = previousEnd == nil
    }
    var output: Timeline = []
    var completedInners = 0
    var outerCompleted = false
    for tagged in try interleave([spine] + lanes) {
      let event = tagged.event
      switch (tagged.input, event.kind) {
      case (0, .next): break
      case (_, .next): output.append(event)
      case (_, .error): return output + [event]
      case (0, .completed): outerCompleted = true
      case (_, .completed): completedInners += 1
      }
      if outerCompleted, completedInners == values, event.kind == .completed {
        return output + [event]
      }
    }
    return output
  }
}
