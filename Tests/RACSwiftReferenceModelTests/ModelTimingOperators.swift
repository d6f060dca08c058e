// Operators with timers. A timer's action is a cascade of its own (a fresh cause); a timer due at
// the same time as an input event is ``Ambiguous``.

extension ModelContext {
  /// Values and completion `interval` later; an error at once, dropping what is still delayed
  /// (RAC's `-delay:`). Timers set in one cascade fire in one cascade, in order.
  func delay(_ interval: Int, _ input: Timeline) throws -> Timeline {
    var delayed: Timeline = []
    var timerCauses: [Int: Int] = [:]
    for event in input {
      if case .error = event.kind {
        if delayed.contains(where: { $0.time == event.time }) {
          throw Ambiguous(reason: "delay: a delayed event due with \(event)")
        }
        return delayed.filter { $0.time < event.time } + [event]
      }
      let timerCause = timerCauses[event.cause] ?? freshCause()
      timerCauses[event.cause] = timerCause
      delayed.append(Stamped(time: event.time + interval, cause: timerCause, kind: event.kind))
    }
    return delayed
  }

  /// A value only once `interval` has passed without a newer one; completion sends the pending
  /// value first; an error drops it (RAC's `-throttle:`).
  func throttle(_ interval: Int, _ input: Timeline) throws -> Timeline {
    var output: Timeline = []
    var pending: (value: Int, due: Int)?
    for event in input {
      if let waiting = pending {
        if waiting.due == event.time {
          throw Ambiguous(reason: "throttle: timer due with \(event)")
        }
        if waiting.due < event.time {
          output.append(Stamped(time: waiting.due, cause: freshCause(), kind: .next(waiting.value)))
          pending = nil
        }
      }
      switch event.kind {
      case .next(let value):
        pending = (value, event.time + interval)
      case .completed:
        if let waiting = pending {
          output.append(Stamped(time: event.time, cause: event.cause, kind: .next(waiting.value)))
        }
        return output + [event]
      case .error:
        return output + [event]
      }
    }
    if let waiting = pending {
      output.append(Stamped(time: waiting.due, cause: freshCause(), kind: .next(waiting.value)))
    }
    return output
  }

  /// Batches of values, each sent `interval` after its first value; completion sends the
  /// batch collected so far first (nothing when empty); an error drops it (RAC's
  /// `-bufferWithTime:onScheduler:`). Batches are encoded by `encodeBatch`.
  func buffer(_ interval: Int, _ input: Timeline) throws -> Timeline {
    var output: Timeline = []
    var batch: [Int] = []
    var due: Int?
    func flush(at time: Int, cause: Int) {
      output.append(Stamped(time: time, cause: cause, kind: .next(encodeBatch(batch))))
      batch = []
      due = nil
    }
    for event in input {
      if let flushTime = due {
        if flushTime == event.time { throw Ambiguous(reason: "buffer: timer due with \(event)") }
        if flushTime < event.time { flush(at: flushTime, cause: freshCause()) }
      }
      switch event.kind {
      case .next(let value):
        if batch.isEmpty { due = event.time + interval }
        batch.append(value)
      case .completed:
        if !batch.isEmpty { flush(at: event.time, cause: event.cause) }
        return output + [event]
      case .error:
        return output + [event]
      }
    }
    if let flushTime = due { flush(at: flushTime, cause: freshCause()) }
    return output
  }

  /// The input, unless it has not finished `interval` after the subscription (at `start`):
  /// then the timeout error (RAC's `-timeout:onScheduler:`).
  func timeout(_ interval: Int, _ input: Timeline, from start: Int) throws -> Timeline {
    let deadline = start + interval
    var output: Timeline = []
    for event in input {
      if event.time == deadline { throw Ambiguous(reason: "timeout: due with \(event)") }
      if event.time > deadline { break }
      output.append(event)
      if event.kind.isTerminal { return output }
    }
    return output + [Stamped(time: deadline, cause: freshCause(), kind: .error(timeoutCode))]
  }

  /// What a late subscriber, subscribed `lag` after the input was shared (in a timer's
  /// cascade), sees: a plain subject sends only later events, a replaying one first what it
  /// kept; every subject remembers its terminal event and sends it to a late subscriber (the
  /// library's decision, unlike RAC 2's `RACSubject`).
  func shared(_ kind: ShareKind, lag: Int, _ input: Chain, at time: Int, cause: Int) throws
    -> Timeline
  {
    let source = try evaluate(input, at: time, cause: cause)
    let late = time + lag
    if source.contains(where: { $0.time == late }) {
      throw Ambiguous(reason: "shared: late subscription with a source event")
    }
    let lateCause = freshCause()
    let before = source.filter { $0.time < late }
    var output: Timeline = []
    let kept = before.filter { !$0.kind.isTerminal }
    switch kind {
    case .publish: break
    case .replay, .replayLazily: output = kept
    case .replayLast: output = kept.suffix(1)
    }
    if let end = before.terminal { output.append(end) }
    output = output.map { Stamped(time: late, cause: lateCause, kind: $0.kind) }
    return output + source.filter { $0.time > late }
  }
}
