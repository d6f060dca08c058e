import RACSwift
import RACSwiftTesting
import Testing  // the source location `expectMarbles` takes by default

/// One input of the fuzzer: its bytes up to the first newline, read as UTF-8 (a malformed
/// sequence reads as U+FFFD), are a marble string; the bytes after the newline, if there is
/// one, a second marble string, which `expectMarbles` expects of the first one's cold signal.
struct MarbleInput {
  /// The marble string checked on its own and played by signals.
  let marbles: String
  /// The timeline expected of `marbles`'s cold signal, if the input has a second line.
  let expected: String?

  /// The input made of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
      marbles = String(decoding: bytes[..<newline], as: UTF8.self)
      expected = String(decoding: bytes[(newline + 1)...], as: UTF8.self)
    } else {
      marbles = String(decoding: bytes, as: UTF8.self)
      expected = nil
    }
  }

  /// Runs every check on the input (``MarbleCheck``); traps on the first that fails.
  func check() {
    let played = MarbleCheck(marbles).check()
    guard let expected else { return }
    let expectedTimeline = MarbleCheck(expected).check()
    if let played {
      MarbleCheck(marbles).checkDifference(played, expected: expected, parsed: expectedTimeline)
    }
  }
}

/// The failure `#` stands for in the checks.
enum Boom: Error, Equatable, Sendable {
  case boom
}

/// A timeline of the checks: string values, ``Boom`` errors.
typealias Timeline = MarbleTimeline<String, Boom>

/// A timeline's events, with their ticks.
typealias TimedEvents = [(tick: Int, event: Event<String, Boom>)]

/// The values of the checks: the digits and the letters `a` to `r` and `A` to `F`, most standing
/// for themselves, some for labels a diagram has to draw with care (a notation symbol, a negative
/// number, an empty label, a long one, one that two letters share); `é`, `*` and `👍🏽` are keys
/// that are not ASCII letters. The other letters stand for nothing: they are unknown values.
let marbleValues: [Character: String] = {
  var values: [Character: String] = [:]
  for symbol in "abcdefghijklmnopqrABCDEF0123456789" { values[symbol] = String(symbol) }
  let labels: [Character: String] = [
    "d": "-", "e": "", "h": "👍🏽", "k": "#!", "l": "apple", "m": "10", "n": "-7", "p": "(p)",
    "q": "|", "B": "a", "é": "é", "*": "star", "👍🏽": "thumbs",
  ]
  values.merge(labels) { _, label in label }
  return values
}()

/// The tick of the hot signals' schedulers: a 60 Hz frame, as a UI test may choose. Unlike the
/// default second, it is not a round number of attoseconds: whatever holds for one tick must hold
/// for it too.
let frame = Duration.seconds(1.0 / 60)

/// The characters that are not events: spaces, ticks, groups and the subscription.
let nonEvents: Set<Character> = [" ", "-", "(", ")", "^"]

/// The checks of one marble string: the oracle.
///
/// The string is parsed with every value and the error, and also with no error, with no values,
/// with neither, and as a never-failing timeline. Each parse either succeeds, and its timeline is
/// the one the notation describes, or throws a ``MarbleSyntaxError`` that points at the
/// character it names (``checkError(_:)``); a narrower parse fails exactly where the string uses
/// what it lacks. The string without its spaces parses the same; behind a `-`, one tick later
/// (or the same, relative to `^`), or with its error one column later. A string that parses is
/// played by cold and hot signals on ``TestScheduler``s, checked with `expectMarbles`, and drawn
/// as a ``MarbleDiagram``: each must show the timeline's events, at their ticks.
struct MarbleCheck {
  /// The string checked.
  let marbles: String
  /// Its characters.
  let characters: [Character]

  /// The checks of `marbles`.
  init(_ marbles: String) {
    self.marbles = marbles
    characters = Array(marbles)
  }

  /// Stops the process: a failed check is a finding.
  func failure(_ what: String) -> Never {
    fatalError("marble oracle: \(what)\n  marbles: \(marbles.debugDescription)")
  }

  /// Traps with `what` unless `condition` holds.
  func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { failure(what()) }
  }

  /// `string` parsed with `values` and `error`.
  static func parse(
    _ string: String, values: [Character: String] = marbleValues, error: Boom? = .boom
  ) -> Result<Timeline, MarbleSyntaxError> {
    Result { () throws(MarbleSyntaxError) in
      try Timeline(string, values: values, error: error)
    }
  }

  /// Runs every check; returns the timeline of the string parsed with every value and the error,
  /// if it parses.
  func check() -> Timeline? {
    let full = Self.parse(marbles)
    switch full {
    case .success(let timeline): checkTimeline(timeline, values: marbleValues, error: .boom)
    case .failure(let error): checkError(error)
    }
    let withoutError = Self.parse(marbles, error: nil)
    checkNarrower(withoutError, values: marbleValues, error: nil, than: full)
    checkNarrower(Self.parse(marbles, values: [:]), values: [:], error: .boom, than: full)
    checkNarrower(Self.parse(marbles, values: [:], error: nil), values: [:], error: nil, than: full)
    checkNeverFailing(like: withoutError)
    checkEdits(of: full)
    guard case .success(let timeline) = full else { return nil }
    checkSignals(timeline, withoutError: withoutError)
    return timeline
  }

  // MARK: Parsing

  /// A syntax error is about `marbles`, points at a character of it (1-based), names that
  /// character in its problem, and describes itself with the problem, the string and a caret.
  func checkError(_ error: MarbleSyntaxError) {
    expect(error.marbles == marbles, "the error is about \(error.marbles.debugDescription)")
    expect(
      (1...max(characters.count, 1)).contains(error.column) && !characters.isEmpty,
      "column \(error.column) is outside the string's \(characters.count) characters")
    expect(!error.problem.isEmpty, "the problem at column \(error.column) is empty")
    let symbol = characters[error.column - 1]
    expect(
      error.problem.containsBytes(of: "'\(symbol)'"),
      "column \(error.column) points at \(String(symbol).debugDescription), but the problem is "
        + error.problem.debugDescription)
    let description = error.description
    expect(
      description.containsBytes(of: error.problem) && description.containsBytes(of: marbles)
        && description.hasSuffix("^"),
      "the description lacks the problem, the string or the caret: "
        + description.debugDescription)
  }

  /// A timeline that parsed holds the events the notation describes: one per value, `|` and `#`,
  /// in the order of the string, the values looked up in `values`; each at its tick, in order,
  /// before the end. A tick is a character that is not a space, or a group; ticks count from
  /// `^`, from the start without one. (A string with several `^` is only held to the order and
  /// bounds: the notation does not say which one counts.)
  func checkTimeline(_ timeline: Timeline, values: [Character: String], error: Boom?) {
    let ticks = timeline.events.map(\.tick)
    expect(
      (0...characters.count).contains(timeline.length),
      "length \(timeline.length) for \(characters.count) characters")
    expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 <= $1 }, "ticks out of order: \(ticks)")
    expect(
      ticks.allSatisfy { (-characters.count..<timeline.length).contains($0) },
      "ticks \(ticks) outside the string's length \(timeline.length)")
    let symbols = characters.filter { !nonEvents.contains($0) }
    expect(
      symbols.count == timeline.events.count,
      "\(timeline.events.count) events for the symbols \(symbols)")
    for (symbol, (_, event)) in zip(symbols, timeline.events) {
      let wanted: Event<String, Boom>?
      switch symbol {
      case "|": wanted = .completed
      case "#": wanted = error.map { .error($0) }
      default: wanted = values[symbol].map { .next($0) }
      }
      expect(event == wanted, "\(String(symbol).debugDescription) parsed as \(event)")
    }
    let subscriptions = characters.filter { $0 == "^" }.count
    guard subscriptions <= 1 else { return }
    var tick = 0
    var origin = 0
    var inGroup = false
    var wantedTicks: [Int] = []
    for symbol in characters where symbol != " " {
      switch symbol {
      case "(": inGroup = true
      case ")": inGroup = false
      case "^": origin = tick
      case "-": break
      default: wantedTicks.append(tick)
      }
      if !inGroup && symbol != "(" { tick += 1 }
    }
    expect(
      ticks == wantedTicks.map { $0 - origin },
      "ticks \(ticks), not \(wantedTicks.map { $0 - origin })")
    expect(
      timeline.length == tick - origin, "length \(timeline.length), not \(tick - origin)")
  }

  /// A parse with fewer values, or without the error, than `full`: it fails where `full` does;
  /// where `full` parses, it parses the same timeline, or fails at the first symbol it has no
  /// event for.
  func checkNarrower(
    _ narrower: Result<Timeline, MarbleSyntaxError>, values: [Character: String], error: Boom?,
    than full: Result<Timeline, MarbleSyntaxError>
  ) {
    let missing = characters.firstIndex { symbol in
      if nonEvents.contains(symbol) || symbol == "|" { return false }
      return symbol == "#" ? error == nil : values[symbol] == nil
    }
    switch (full, narrower) {
    case (.failure, .success):
      failure(
        "parses with \(values.count) values and error \(String(describing: error)), "
          + "but not with all of them")
    case (.failure, .failure(let narrowerError)):
      checkError(narrowerError)
    case (.success(let timeline), .success(let narrowerTimeline)):
      expect(missing == nil, "parses without the event at column \((missing ?? 0) + 1)")
      expect(
        sameTimeline(narrowerTimeline, timeline),
        "parses differently with \(values.count) values and error \(String(describing: error))")
    case (.success, .failure(let narrowerError)):
      checkError(narrowerError)
      expect(
        missing.map { $0 + 1 } == narrowerError.column,
        "fails at column \(narrowerError.column), not at the first symbol without an event, "
          + "column \(missing.map { String($0 + 1) } ?? "none")")
    }
  }

  /// The never-failing timeline parses like `withoutError` (every value, no error).
  func checkNeverFailing(like withoutError: Result<Timeline, MarbleSyntaxError>) {
    let neverFailing = Result { () throws(MarbleSyntaxError) in
      try MarbleTimeline<String, Never>(marbles, values: marbleValues)
    }
    switch (withoutError, neverFailing) {
    case (.success(let timeline), .success(let never)):
      expect(
        never.length == timeline.length
          && never.events.map { "\($0.tick) \($0.event)" }
            == timeline.events.map { "\($0.tick) \($0.event)" },
        "the never-failing timeline differs")
    case (.failure(let error), .failure(let neverError)):
      expect(
        neverError.column == error.column && neverError.problem == error.problem,
        "the never-failing parse fails differently: \(neverError)")
    default:
      failure("only one of the never-failing parse and the parse without an error succeeds")
    }
  }

  /// Edits whose effect the notation fixes: without its spaces the string parses the same; one
  /// `-` in front moves every tick one later (none, relative to `^`) and a problem one column
  /// later. Skipped where the edit would join characters (a combining mark, flags).
  func checkEdits(of full: Result<Timeline, MarbleSyntaxError>) {
    let spaceless = String(characters.filter { $0 != " " })
    if spaceless.count == characters.count(where: { $0 != " " }) && spaceless != marbles {
      switch (full, Self.parse(spaceless)) {
      case (.success(let timeline), .success(let other)):
        expect(sameTimeline(timeline, other), "parses differently without its spaces")
      case (.failure, .failure): break
      default: failure("only one of the string and the string without spaces parses")
      }
    }
    let delayed = "-" + marbles
    guard delayed.count == characters.count + 1 else { return }
    let subscribes = characters.contains("^")
    switch (full, Self.parse(delayed)) {
    case (.success(let timeline), .success(let later)):
      let shift = subscribes ? 0 : 1
      expect(
        later.length == timeline.length + shift
          && later.events.elementsEqual(
            timeline.events, by: { $0.tick == $1.tick + shift && $0.event == $1.event }),
        "behind a '-', the timeline does not move by \(shift) tick")
    case (.failure(let error), .failure(let later)):
      expect(
        later.column == error.column + 1,
        "behind a '-', the problem is at column \(later.column), not \(error.column + 1)")
    default: failure("only one of the string and the string behind a '-' parses")
    }
  }

  /// Whether two timelines have the same length and events at the same ticks.
  func sameTimeline(_ one: Timeline, _ other: Timeline) -> Bool {
    one.length == other.length
      && one.events.elementsEqual(other.events) { $0.tick == $1.tick && $0.event == $1.event }
  }

  // MARK: Signals

  /// What a subscriber at tick zero receives of `timeline`: its events from tick zero on, up to
  /// the first terminal one.
  func received(_ timeline: Timeline) -> TimedEvents {
    var events: TimedEvents = []
    for (tick, event) in timeline.events where tick >= 0 {
      events.append((tick, event))
      if event.isTerminal { break }
    }
    return events
  }

  /// `events` as recorded by a subscription at tick `start` of a scheduler whose tick is `tick`.
  func recorded(_ events: TimedEvents, from start: Int, tick: Duration) -> [Recorded<String, Boom>]
  {
    events.map { Recorded(time: tick * (start + $0.tick), event: $0.event) }
  }

  /// Plays `timeline` (the string with every value and the error) with the signals made from the
  /// string: a cold signal gives each subscriber its events from its subscription; a hot one
  /// (ticking in ``frame``s) from its creation. `expectMarbles` of either and the string says
  /// whether they match: whether no event is before `^` or after the first terminal one. The
  /// never-failing forms agree with the parse `withoutError`. The recordings, drawn, show the
  /// same events at the same ticks.
  func checkSignals(_ timeline: Timeline, withoutError: Result<Timeline, MarbleSyntaxError>) {
    let events = received(timeline)
    let matches = events.count == timeline.events.count

    let scheduler = TestScheduler()
    let cold = signal { try scheduler.coldSignal(marbles, values: marbleValues, error: Boom.boom) }
    let first = scheduler.record(cold)
    scheduler.advance(by: scheduler.tick)
    let second = scheduler.record(cold)
    scheduler.run()
    expect(
      first.events == recorded(events, from: 0, tick: scheduler.tick),
      "the cold signal sent \(first.events)")
    expect(
      second.events == recorded(events, from: 1, tick: scheduler.tick),
      "the cold signal sent \(second.events) to a subscriber one tick later")
    first.dispose()
    second.dispose()

    let hotScheduler = TestScheduler(tick: frame)
    let hot = signal {
      try hotScheduler.hotSignal(marbles, values: marbleValues, error: Boom.boom)
    }
    let listener = hotScheduler.record(hot)
    hotScheduler.run()
    expect(
      listener.events == recorded(events, from: 0, tick: hotScheduler.tick),
      "the hot signal sent \(listener.events)")
    listener.dispose()

    checkDiagram(
      lanes: [("cold", first, 0), ("one tick later", second, 1)], events: events,
      tick: scheduler.tick)
    checkDiagram(lanes: [("hot", listener, 0)], events: events, tick: hotScheduler.tick)

    let coldExpecting = TestScheduler()
    let coldMatches = coldExpecting.expectMarbles(
      signal { try coldExpecting.coldSignal(marbles, values: marbleValues, error: Boom.boom) },
      marbles, values: marbleValues, error: .boom)
    expect(coldMatches == matches, "expectMarbles of the cold signal said \(coldMatches)")
    let hotExpecting = TestScheduler(tick: frame)
    let hotMatches = expectMarbles(
      signal { try hotExpecting.hotSignal(marbles, values: marbleValues, error: Boom.boom) },
      marbles, values: marbleValues, error: .boom, scheduler: hotExpecting)
    expect(hotMatches == matches, "expectMarbles of the hot signal said \(hotMatches)")

    checkNeverFailingSignals(like: withoutError, matches: matches)
  }

  /// The never-failing `coldSignal`, `hotSignal` and `expectMarbles`: where the string parses
  /// without an error they agree with `matches`; elsewhere the signals throw the parse's error.
  func checkNeverFailingSignals(
    like withoutError: Result<Timeline, MarbleSyntaxError>, matches: Bool
  ) {
    // One scheduler each: the hot signal's events happen as its scheduler advances.
    let coldScheduler = TestScheduler()
    let hotScheduler = TestScheduler()
    let cold = Result { () throws(MarbleSyntaxError) -> Signal<String, Never> in
      try coldScheduler.coldSignal(marbles, values: marbleValues)
    }
    let hot = Result { () throws(MarbleSyntaxError) -> Signal<String, Never> in
      try hotScheduler.hotSignal(marbles, values: marbleValues)
    }
    switch (withoutError, cold, hot) {
    case (.success, .success(let cold), .success(let hot)):
      let coldMatches = coldScheduler.expectMarbles(cold, marbles, values: marbleValues)
      expect(coldMatches == matches, "expectMarbles of the never-failing cold signal failed")
      let hotMatches = expectMarbles(hot, marbles, values: marbleValues, scheduler: hotScheduler)
      expect(hotMatches == matches, "expectMarbles of the never-failing hot signal failed")
    case (.failure(let error), .failure(let coldError), .failure(let hotError)):
      expect(
        coldError.column == error.column && hotError.column == error.column,
        "the never-failing signals fail at columns \(coldError.column) and \(hotError.column), "
          + "the parse at \(error.column)")
    default:
      failure("the never-failing signals and the parse without an error disagree")
    }
  }

  /// `make()`'s signal; a syntax error is a finding, as the string parsed.
  func signal(_ make: () throws -> Signal<String, Boom>) -> Signal<String, Boom> {
    do {
      return try make()
    } catch {
      failure("the string parsed, but its signal throws \(error)")
    }
  }

  /// The recordings drawn: each lane's marks are its events at their ticks (`events` moved by
  /// the lane's start), then `!` if it was disposed before a terminal event; the text has a line
  /// per lane, and the ruled text, its legend and its SVG render.
  func checkDiagram(
    lanes: [(name: String, recording: RecordedEvents<String, Boom>, start: Int)],
    events: TimedEvents, tick: Duration
  ) {
    var diagram = MarbleDiagram(tick: tick)
    for lane in lanes { diagram = diagram.lane(lane.name, lane.recording) }
    for (lane, drawn) in zip(lanes, diagram.lanes) {
      var marks = drawn.marks[...]
      if let disposal = lane.recording.disposalTime {
        let terminated = events.last?.event.isTerminal ?? false
        let drawnAt = marks.last.map { tick * $0.tick }
        expect(
          !terminated && drawnAt == disposal,
          "lane \(lane.name) ends with \(String(describing: marks.last)), disposed at \(disposal)")
        marks = marks.dropLast()
      }
      let wanted = events.map { timed -> String in
        switch timed.event {
        case .next(let value): "\(timed.tick + lane.start) value(\(value))"
        case .completed: "\(timed.tick + lane.start) completed"
        case .error(let error): "\(timed.tick + lane.start) error(\(error))"
        }
      }
      let drawnMarks = marks.map { mark -> String in
        switch mark.kind {
        case .value(let label): "\(mark.tick) value(\(label))"
        case .completed: "\(mark.tick) completed"
        case .error(let description): "\(mark.tick) error(\(description))"
        case .disposed: "\(mark.tick) disposed"
        }
      }
      expect(drawnMarks == wanted, "lane \(lane.name) draws \(drawnMarks), not \(wanted)")
    }
    let lines = diagram.text.split(separator: "\n", omittingEmptySubsequences: false)
    expect(
      lines.count >= lanes.count
        && zip(lines, lanes).allSatisfy { $0.hasPrefix($1.name) },
      "the diagram's text does not start with a line per lane: \(diagram.text.debugDescription)")
    let ruled = diagram.ruler("tick").titled("fuzz").labels("a, b", mean: "values")
    expect(
      ruled.text.hasPrefix("tick") && !ruled.legend.isEmpty && !ruled.svg.isEmpty,
      "the ruled diagram does not render")
  }

  // MARK: expectMarbles with another string

  /// `expectMarbles` of the cold signal of `marbles` (`played`) and `expected` (`parsed`, if it
  /// parses) says whether the events received until the end of `expected` are its events.
  func checkDifference(
    _ played: Timeline, expected: String, parsed: Timeline?
  ) {
    let scheduler = TestScheduler()
    let cold = signal { try scheduler.coldSignal(marbles, values: marbleValues, error: Boom.boom) }
    let result = scheduler.expectMarbles(cold, expected, values: marbleValues, error: .boom)
    guard let parsed else {
      expect(!result, "expectMarbles of a string that does not parse passed")
      return
    }
    let end = max(parsed.length - 1, 0)
    let actual = received(played).filter { $0.tick <= end }
    let wanted = actual.elementsEqual(parsed.events) { $0.tick == $1.tick && $0.event == $1.event }
    expect(
      result == wanted, "expectMarbles against \(expected.debugDescription) said \(result)")
  }
}

extension String {
  /// Whether `other`'s UTF-8 bytes appear in a row in this string's: unlike `contains`, blind to
  /// where characters begin and end (a combining mark after a quote joins it).
  func containsBytes(of other: String) -> Bool {
    let haystack = Array(utf8)
    let needle = Array(other.utf8)
    guard needle.count <= haystack.count else { return false }
    guard let first = needle.first else { return true }
    return (0...haystack.count - needle.count).contains { start in
      haystack[start] == first && haystack[start..<start + needle.count].elementsEqual(needle)
    }
  }
}
