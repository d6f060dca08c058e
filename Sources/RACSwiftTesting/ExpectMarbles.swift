public import RACSwift
public import Testing

extension TestScheduler {
  /// Records `signal` from now until the end of `marbles`, and records a test issue unless it
  /// sent exactly the events `marbles` describes, at the same ticks. The issue shows both
  /// timelines one above the other:
  ///
  /// ```
  /// marbles differ
  ///   expected: --a--b--|
  ///   actual:   --a-----b|
  /// ```
  ///
  /// ```swift
  /// let clicks = try scheduler.coldSignal("-a-b-|", values: ["a": 1, "b": 2])
  /// scheduler.expectMarbles(clicks.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20])
  /// ```
  ///
  /// - Returns: whether the timelines matched.
  @discardableResult
  public func expectMarbles<Value: Equatable, Failure: Error & Equatable>(
    _ signal: Signal<Value, Failure>, _ marbles: String, values: [Character: Value] = [:],
    error: Failure? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let expected: MarbleTimeline<Value, Failure>
    do {
      expected = try MarbleTimeline(marbles, values: values, error: error)
    } catch {
      Issue.record("\(error)", sourceLocation: sourceLocation)
      return false
    }
    let start = now
    let recorder = record(signal)
    advance(to: start + tick * max(expected.length - 1, 0))
    recorder.dispose()
    let actual = recorder.events.map { recorded in
      (tick: ticks(from: start, to: recorded.time), event: recorded.event)
    }
    let matches =
      actual.count == expected.events.count
      && zip(actual, expected.events).allSatisfy { pair in
        pair.0.tick == pair.1.tick && pair.0.event == pair.1.event
      }
    if !matches {
      var label = MarbleLabels(values: values, error: error)
      let expectedText = MarbleRenderer.render(
        expected.events, length: expected.length, label: { label.symbol(for: $0) })
      let actualText = MarbleRenderer.render(
        actual, length: expected.length, label: { label.symbol(for: $0) })
      var message = "marbles differ\n  expected: \(expectedText)\n  actual:   \(actualText)"
      if !label.unknown.isEmpty { message += "\n  (?: \(label.unknown.joined(separator: ", ")))" }
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return matches
  }

  /// ``expectMarbles(_:_:values:error:sourceLocation:)`` for a signal that never fails.
  @discardableResult
  public func expectMarbles<Value: Equatable>(
    _ signal: Signal<Value, Never>, _ marbles: String, values: [Character: Value] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    expectMarbles(
      signal.promoteError(NeverError.self), marbles, values: values, error: nil,
      sourceLocation: sourceLocation)
  }

  /// How many ticks from `start` to `time` (rounded down).
  func ticks(from start: Duration, to time: Duration) -> Int {
    (time - start).ticks(of: tick)
  }
}

/// `expectMarbles(signal, marbles, values:, scheduler:)`, as a free function.
///
/// ```swift
/// expectMarbles(signal, "--a--b--|", values: ["a": 1, "b": 2], scheduler: scheduler)
/// ```
@discardableResult
public func expectMarbles<Value: Equatable, Failure: Error & Equatable>(
  _ signal: Signal<Value, Failure>, _ marbles: String, values: [Character: Value] = [:],
  error: Failure? = nil, scheduler: TestScheduler,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  scheduler.expectMarbles(
    signal, marbles, values: values, error: error, sourceLocation: sourceLocation)
}

/// An error type no signal sends, to compare `Never`-failing signals.
public struct NeverError: Error, Equatable, Sendable {}

/// Turns values back into the letters of a marble string.
struct MarbleLabels<Value: Equatable, Failure: Error & Equatable> {
  /// The values with their letters, in the letters' order: sorted once, not for each event of a
  /// failure message.
  let values: [(key: Character, value: Value)]
  let error: Failure?
  private(set) var unknown: [String] = []

  init(values: [Character: Value], error: Failure?) {
    self.values = values.sorted { $0.key < $1.key }
    self.error = error
  }

  mutating func symbol(for event: Event<Value, Failure>) -> String {
    switch event {
    case .completed: return "|"
    case .error(let failure):
      if failure == error { return "#" }
      unknown.append("error \(failure)")
      return "#"
    case .next(let value):
      if let key = values.first(where: { $0.value == value })?.key {
        return String(key)
      }
      unknown.append("\(value)")
      return "?"
    }
  }
}

/// Writes timelines in marble notation.
enum MarbleRenderer {
  /// `events` (with their ticks) as a marble string at least `length` ticks long.
  static func render<Value, Failure: Error>(
    _ events: [(tick: Int, event: Event<Value, Failure>)], length: Int,
    label: (Event<Value, Failure>) -> String
  ) -> String {
    var byTick: [Int: [String]] = [:]
    for (tick, event) in events { byTick[tick, default: []].append(label(event)) }
    let end = max(length, (byTick.keys.max() ?? -1) + 1)
    var text = ""
    for tick in 0..<end {
      switch byTick[tick] {
      case nil: text += "-"
      case let symbols? where symbols.count == 1: text += symbols[0]
      case let symbols?: text += "(" + symbols.joined() + ")"
      }
    }
    return text
  }

}
