public import RACSwift

/// A timeline written as a marble string, parsed: which events happen at which tick.
///
/// The notation: `-` is one tick of nothing; a letter or digit is a value (looked up in a
/// dictionary) in its own tick; `|` completion; `#` the error; `(ab)` several events in the same
/// tick; `^` (hot signals) the moment of subscription, tick zero — what comes before it happened
/// in the past. Spaces are ignored. `"--a--b--|"` sends `a` at tick 2, `b` at tick 5 and completes
/// at tick 8.
public struct MarbleTimeline<Value, Failure: Error> {
  /// The events, with the tick each happens at (relative to `^` when there is one).
  public let events: [(tick: Int, event: Event<Value, Failure>)]
  /// How many ticks the string spans (after `^`).
  public let length: Int

  /// Parses `marbles`; values come from `values`, and `#` stands for `error`.
  ///
  /// - Throws: ``MarbleSyntaxError``, pointing at the column of the problem.
  public init(
    _ marbles: String, values: [Character: Value] = [:], error: Failure? = nil
  ) throws(MarbleSyntaxError) {
    var events: [(tick: Int, event: Event<Value, Failure>)] = []
    var tick = 0
    var group: (column: Int, tick: Int)?
    var origin = 0
    for (offset, symbol) in marbles.enumerated() {
      let column = offset + 1
      func fail(_ problem: String) -> MarbleSyntaxError {
        MarbleSyntaxError(marbles: marbles, column: column, problem: problem)
      }
      let at = group?.tick ?? tick
      switch symbol {
      case " ":
        continue
      case "-":
        if group != nil { throw fail("'-' inside a group") }
      case "(":
        if let open = group {
          throw fail("'(' inside the group opened at column \(open.column)")
        }
        group = (column, tick)
        continue
      case ")":
        guard group != nil else { throw fail("')' without a matching '('") }
        group = nil
      case "^":
        if group != nil { throw fail("'^' inside a group") }
        origin = tick
      case "|":
        events.append((at, .completed))
      case "#":
        guard let error else { throw fail("'#' needs an error: pass one with `error:`") }
        events.append((at, .error(error)))
      default:
        guard let value = values[symbol] else {
          throw fail("no value for '\(symbol)': add it to `values:`")
        }
        events.append((at, .next(value)))
      }
      if group == nil { tick += 1 }
    }
    if let open = group {
      throw MarbleSyntaxError(
        marbles: marbles, column: open.column, problem: "'(' is never closed")
    }
    self.events = events.map { ($0.tick - origin, $0.event) }
    self.length = tick - origin
  }
}

/// A malformed marble string, with where the problem is.
public struct MarbleSyntaxError: Error, CustomStringConvertible, Sendable {
  /// The string that failed to parse.
  public let marbles: String
  /// The 1-based column of the problem.
  public let column: Int
  /// What is wrong.
  public let problem: String

  /// The problem, the string and a caret under the column.
  public var description: String {
    """
    marble syntax error at column \(column): \(problem)
      \(marbles)
      \(String(repeating: " ", count: column - 1))^
    """
  }
}

extension TestScheduler {
  /// A cold signal following `marbles`: each subscription schedules the events at their ticks
  /// from the moment of subscription.
  ///
  /// ```swift
  /// let clicks = scheduler.coldSignal("-a--b-|", values: ["a": 1, "b": 2])
  /// ```
  public func coldSignal<Value: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Value] = [:], error: Failure? = nil
  ) throws(MarbleSyntaxError) -> Signal<Value, Failure> {
    let timeline = try MarbleTimeline(marbles, values: values, error: error)
    let events = UncheckedBox(timeline.events)
    let tick = self.tick
    return Signal<Value, Failure> { subscriber in
      let scheduled = CompoundDisposable()
      for (at, event) in events.value where at >= 0 {
        let boxed = UncheckedBox(event)
        scheduled.add(self.schedule(after: tick * at) { subscriber.send(boxed.value) })
      }
      return scheduled
    }.setName("cold(\(marbles))")
  }

  /// A cold signal that never fails, following `marbles`.
  public func coldSignal<Value: Sendable>(
    _ marbles: String, values: [Character: Value] = [:]
  ) throws(MarbleSyntaxError) -> Signal<Value, Never> {
    try coldSignal(marbles, values: values, error: nil as Never?)
  }

  /// A hot signal following `marbles` from now: `^` is the current virtual time; events before it
  /// already happened (subscribers never see them), the others happen at their ticks whether or
  /// not anyone subscribed.
  ///
  /// ```swift
  /// let prices = scheduler.hotSignal("-a-^-b--c|", values: ["a": 1, "b": 2, "c": 3])
  /// ```
  public func hotSignal<Value: Sendable, Failure: Error>(
    _ marbles: String, values: [Character: Value] = [:], error: Failure? = nil
  ) throws(MarbleSyntaxError) -> Signal<Value, Failure> {
    let timeline = try MarbleTimeline(marbles, values: values, error: error)
    let subject = ReplaySubject<Value, Failure>(capacity: 0)
    for (at, event) in timeline.events where at >= 0 {
      let boxed = UncheckedBox(event)
      schedule(after: tick * at) { subject.send(boxed.value) }
    }
    return subject.setName("hot(\(marbles))")
  }

  /// A hot signal that never fails, following `marbles`.
  public func hotSignal<Value: Sendable>(
    _ marbles: String, values: [Character: Value] = [:]
  ) throws(MarbleSyntaxError) -> Signal<Value, Never> {
    try hotSignal(marbles, values: values, error: nil as Never?)
  }
}
