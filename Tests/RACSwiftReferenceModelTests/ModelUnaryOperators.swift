// Operators with one input that only look at its events one by one (RAC 2's stream operators).

extension ModelContext {
  /// Every running sum, from `initial` (RAC's `-scanWithStart:reduce:`).
  func scan(_ initial: Int, _ input: Timeline) -> Timeline {
    var sum = initial
    return input.map(values: { value in
      sum = (sum + value) % 1000
      return sum
    })
  }

  /// The first `count` values, then completion at the time (and in the cascade) of the last one
  /// (RAC's `-take:`). `count` > 0.
  func take(_ count: Int, _ input: Timeline) -> Timeline {
    var output: Timeline = []
    var taken = 0
    for event in input {
      output.append(event)
      guard case .next = event.kind else { break }
      taken += 1
      if taken == count {
        output.append(Stamped(time: event.time, cause: event.cause, kind: .completed))
        break
      }
    }
    return output
  }

  /// Everything but the first `count` values (RAC's `-skip:`).
  func skip(_ count: Int, _ input: Timeline) -> Timeline {
    var skipped = 0
    return input.filter { event in
      guard case .next = event.kind, skipped < count else { return true }
      skipped += 1
      return false
    }
  }

  /// The values while `predicate` holds; the first value failing it completes instead (RAC's
  /// `-takeWhileBlock:`).
  func takeWhile(_ predicate: Predicate, _ input: Timeline) -> Timeline {
    var output: Timeline = []
    for event in input {
      if case .next(let value) = event.kind, !predicate(value) {
        output.append(Stamped(time: event.time, cause: event.cause, kind: .completed))
        break
      }
      output.append(event)
    }
    return output
  }

  /// The values that differ from the one before; the first always passes (RAC's
  /// `-distinctUntilChanged`).
  func distinctUntilChanged(_ input: Timeline) -> Timeline {
    var previous: Int?
    return input.filter { event in
      guard case .next(let value) = event.kind else { return true }
      defer { previous = value }
      return value != previous
    }
  }

  /// Every event as a value, then completion (RAC's `-materialize`), encoded as `Chain` says.
  func materialize(_ input: Timeline) -> Timeline {
    var output: Timeline = []
    for event in input {
      switch event.kind {
      case .next:
        output.append(event)
      case .completed:
        output.append(Stamped(time: event.time, cause: event.cause, kind: .next(-1)))
        output.append(event)
      case .error(let code):
        output.append(Stamped(time: event.time, cause: event.cause, kind: .next(-2 - code)))
        output.append(Stamped(time: event.time, cause: event.cause, kind: .completed))
      }
    }
    return output
  }

  /// The last `count` values, sent when the input completes, then completion (RAC's
  /// `-takeLast:`); an error is forwarded alone.
  func takeLast(_ count: Int, _ input: Timeline) -> Timeline {
    guard let end = input.terminal, end.kind == .completed else {
      return input.filter { $0.kind.isTerminal }
    }
    let values = input.filter { !$0.kind.isTerminal }.suffix(count)
    return values.map { Stamped(time: end.time, cause: end.cause, kind: $0.kind) } + [end]
  }

  /// The values from the first one failing `predicate` on (RAC's `-skipWhileBlock:`).
  func skipWhile(_ predicate: Predicate, _ input: Timeline) -> Timeline {
    var skipping = true
    return input.filter { event in
      guard case .next(let value) = event.kind, skipping else { return true }
      skipping = predicate(value)
      return !skipping
    }
  }

  /// Each value with the one before (`start` before the first), encoded by `pair` (RAC's
  /// `-combinePreviousWithStart:reduce:`).
  func combinePrevious(_ start: Int, _ input: Timeline) -> Timeline {
    var previous = start
    return input.map(values: { value in
      defer { previous = value }
      return pair(previous, value)
    })
  }

  /// All values as one batch when the input completes (empty if none), encoded by
  /// `encodeBatch` (RAC's `-collect`); an error is forwarded alone.
  func collect(_ input: Timeline) -> Timeline {
    guard let end = input.terminal, end.kind == .completed else {
      return input.filter { $0.kind.isTerminal }
    }
    let values = input.compactMap { event -> Int? in
      if case .next(let value) = event.kind { return value }
      return nil
    }
    return [Stamped(time: end.time, cause: end.cause, kind: .next(encodeBatch(values))), end]
  }

  /// Every event delivered again by an action of the scheduler at the same time (RAC's
  /// `-deliverOn:`): a cascade of its own, one per cascade of the input.
  func deliverOn(_ input: Timeline) -> Timeline {
    var causes: [Int: Int] = [:]
    return input.map { event in
      let cause = causes[event.cause] ?? freshCause()
      causes[event.cause] = cause
      return Stamped(time: event.time, cause: cause, kind: event.kind)
    }
  }
}
