import Foundation
import RACSwift

/// Recorded events drawn as a marble diagram — one lane per signal — as text or as SVG.
///
/// ```swift
/// let left = scheduler.record(leftSignal)
/// let right = scheduler.record(rightSignal)
/// scheduler.run()
/// let diagram = MarbleDiagram(tick: scheduler.tick)
///   .lane("left", left)
///   .lane("right", right)
/// print(diagram.text)
/// // left   -1--2---|
/// // right  ---a---b|
/// try diagram.writeSVG(to: URL(fileURLWithPath: "merge.svg"))
/// ```
///
/// For a reader who has not seen the code, give it a ``ruler(_:)`` (numbered columns of one
/// width), a ``titled(_:)`` title and a meaning for each kind of label
/// (``labels(_:mean:)``); ``legend`` then explains every mark the diagram draws.
public struct MarbleDiagram: Sendable {
  /// One signal's timeline.
  public struct Lane: Sendable {
    /// The lane's title.
    public let name: String
    /// The events, with the tick each happened at.
    public let marks: [Mark]
    /// The tick at which the lane's subscription started (see
    /// ``RecordedEvents/subscriptionTime``); `nil` when it started before the diagram's first
    /// tick. When some lane of the diagram starts later than the first tick, ``text`` and ``svg``
    /// draw every lane from its start, marked `^`, and nothing before it.
    public let subscriptionTick: Int?
  }

  /// One event in a lane.
  public struct Mark: Sendable {
    /// The tick it happened at.
    public let tick: Int
    /// What happened.
    public let kind: Kind
  }

  /// The kinds of marks.
  public enum Kind: Sendable {
    /// A value, with its label.
    case value(String)
    /// Completion.
    case completed
    /// An error, with its description.
    case error(String)
    /// The subscriber disposed its subscription before the signal finished (see
    /// ``RecordedEvents/disposalTime``).
    case disposed
  }

  /// What some labels of a diagram stand for (see ``labels(_:mean:)``).
  public struct LabelMeaning: Sendable {
    /// The labels, as the reader sees them: `"T, F"`.
    public let labels: String
    /// What they stand for: `"true, false"`.
    public let meaning: String
  }

  /// The length of one tick.
  public let tick: Duration
  /// Where time zero is.
  public let start: Duration
  /// The lanes, top to bottom.
  public private(set) var lanes: [Lane] = []
  /// The diagram's title, if it has one (see ``titled(_:)``).
  public private(set) var title: String?
  /// What the labels stand for, in the order given (see ``labels(_:mean:)``).
  public private(set) var labelMeanings: [LabelMeaning] = []
  /// The title of the ruler line, if the diagram has one (see ``ruler(_:)``).
  var rulerTitle: String?

  /// An empty diagram whose columns are ticks of `tick`, counted from `start`.
  public init(tick: Duration, start: Duration = .zero) {
    self.tick = tick
    self.start = start
  }

  /// The diagram with one more lane for `recorded`; values are labelled with `label`
  /// (`String(describing:)` by default). The lane starts when the recording subscribed (see
  /// ``Lane/subscriptionTick``). A recording ended by ``RecordedEvents/dispose()`` before the
  /// signal finished ends with a ``Kind/disposed`` mark.
  public func lane<Value, Failure: Error>(
    _ name: String, _ recorded: RecordedEvents<Value, Failure>,
    label: (Value) -> String = { String(describing: $0) }
  ) -> MarbleDiagram {
    var copy = self
    var marks = recorded.events.map { event -> Mark in
      let at = column(of: event.time)
      switch event.event {
      case .next(let value): return Mark(tick: at, kind: .value(label(value)))
      case .completed: return Mark(tick: at, kind: .completed)
      case .error(let error): return Mark(tick: at, kind: .error(String(describing: error)))
      }
    }
    if let disposal = recorded.disposalTime {
      marks.append(Mark(tick: column(of: disposal), kind: .disposed))
    }
    let subscribed =
      recorded.subscriptionTime >= start ? column(of: recorded.subscriptionTime) : nil
    copy.lanes.append(Lane(name: name, marks: marks, subscriptionTick: subscribed))
    return copy
  }

  /// The diagram with a ruler line above the lanes in ``text`` — `title`, then the number of
  /// each column at the column's start — and every column of the text as wide as the widest
  /// mark in any lane and a space, so that a column reads as one tick, whatever it holds, and
  /// no two numbers or marks run together. ``svg`` shows `title` next to its column numbers.
  ///
  /// ```swift
  /// print(MarbleDiagram(tick: scheduler.tick).ruler("step").lane("first", first)
  ///   .lane("second", second).text)
  /// // step    0    1    2    3    4    5    6    7    8
  /// // first   -----1--------------2--------------3----|
  /// // second  ----------10-------(-7)------5----|
  /// ```
  public func ruler(_ title: String) -> MarbleDiagram {
    var copy = self
    copy.rulerTitle = title
    return copy
  }

  /// The diagram with a title: ``svg`` shows it above the lanes.
  ///
  /// ```swift
  /// let diagram = MarbleDiagram(tick: scheduler.tick).titled("merge: both inputs, as they come")
  /// ```
  public func titled(_ title: String) -> MarbleDiagram {
    var copy = self
    copy.title = title
    return copy
  }

  /// The diagram with a line of its key saying what `labels` stand for: ``legend`` and ``svg``
  /// list it after the marks.
  ///
  /// ```swift
  /// let diagram = MarbleDiagram(tick: scheduler.tick).lane("enabled", enabled) { $0 ? "T" : "F" }
  ///   .labels("T, F", mean: "true, false")
  /// ```
  public func labels(_ labels: String, mean meaning: String) -> MarbleDiagram {
    var copy = self
    copy.labelMeanings.append(LabelMeaning(labels: labels, meaning: meaning))
    return copy
  }

  private func column(of time: Duration) -> Int { (time - start).ticks(of: tick) }

  /// The number of columns: up to the last mark or subscription of any lane.
  var length: Int {
    let ticks = lanes.flatMap { $0.marks.map(\.tick) + ($0.subscriptionTick.map { [$0] } ?? []) }
    return (ticks.max() ?? -1) + 1
  }

  /// Whether the lanes are drawn from their subscriptions, each marked `^`: when some lane's
  /// subscription started after the first tick (see ``Lane/subscriptionTick``).
  var marksSubscriptions: Bool { lanes.contains { ($0.subscriptionTick ?? 0) > 0 } }

  /// The tick a lane is drawn from: its subscription's when ``marksSubscriptions``, else the
  /// first.
  func drawnFrom(_ lane: Lane) -> Int { marksSubscriptions ? lane.subscriptionTick ?? 0 : 0 }

  /// Labels up to this many characters are drawn in full in ``text``; longer ones by their first
  /// character, explained once in a legend under the lanes.
  public static let fullLabelLimit = 3

  /// The characters that mean something in a diagram's text: a label holding one is not drawn
  /// as it is.
  private static let notation: Set<Character> = ["-", "|", "#", "(", ")", "!", ",", " ", "*"]

  /// The diagram as text: a ``ruler(_:)`` line if it has one, then one line per lane, one column
  /// per tick, the columns aligned across lanes. `-` is time passing, a value is drawn by its
  /// label (its first character when longer than ``fullLabelLimit``, listed once underneath;
  /// `*` when that character, or a short label, holds one of the symbols), a negative number in
  /// parentheses (`(-7)`, so that its minus does not read as time passing), `|` is completion,
  /// `#` an error (its description listed underneath), `!` a disposal, `(…)` several events in
  /// one tick (comma-separated when a label is longer than one character). A mark stands at the
  /// start of its column; nothing is drawn after a lane's terminal event or disposal. When some
  /// lane's subscription started after the first tick, every lane is drawn from its
  /// subscription, marked `^` (as in a marble string), and is blank before it: `^(1|)` is a
  /// subscription that got a value and completion in the tick it started.
  ///
  /// Under a ruler every column has one width: the widest mark and a space. Without one, a
  /// column is one character wide unless it holds a wider mark, which gets a space after it.
  /// ``legend`` explains the marks a diagram draws.
  ///
  /// ```
  /// first   -1----2------3|
  /// second  --10--(-7)--5|
  /// ```
  public var text: String {
    let drawing = drawn
    let titles = lanes.map(\.name) + (rulerTitle.map { [$0] } ?? [])
    let nameWidth = titles.map(\.count).max() ?? 0
    func title(_ name: String) -> String {
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
    }
    var lines: [String] = []
    if let rulerTitle {
      lines.append(title(rulerTitle) + Self.rulerLine(columnWidths: drawing.columnWidths))
    }
    for (lane, laneCells) in zip(lanes, drawing.cells) {
      var line = title(lane.name)
      var ended = false
      let from = drawnFrom(lane)
      for (tick, width) in drawing.columnWidths.enumerated() {
        if ended || tick < from {
          line += String(repeating: " ", count: width)
          continue
        }
        let cell = laneCells[tick] ?? Cell(text: "-", ends: false)
        ended = cell.ends
        let padding = width - cell.text.count
        line += cell.text + String(repeating: ended ? " " : "-", count: padding)
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return (lines + drawing.notes).joined(separator: "\n")
  }

  /// The column numbers, each at the start of its column (a ruled column is always wider than
  /// its number).
  private static func rulerLine(columnWidths: [Int]) -> String {
    var line = ""
    for (tick, width) in columnWidths.enumerated() {
      line += String(tick).padding(toLength: width, withPad: " ", startingAt: 0)
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// What one lane draws in one tick, and whether the lane ends there.
  struct Cell {
    let text: String
    let ends: Bool
  }

  /// The text drawing: the cells of each lane, the column widths, the notes under the lanes and
  /// what was drawn, for ``legend``.
  struct Drawing {
    var cells: [[Cell?]] = []
    var columnWidths: [Int] = []
    var notes: [String] = []
    /// The labels drawn as they are, in order of appearance.
    var plainLabels: [String] = []
    var completed = false
    var failed = false
    var disposed = false
    /// A negative value alone in its tick, as drawn: `(-7)`.
    var negative: String?
    /// A tick with several events, as drawn; one with commas.
    var group: String?
    var commaGroup: String?
    /// A label drawn by its first character, as drawn; whether one was drawn as `*`.
    var abbreviated: String?
    var starred = false
    /// Whether a lane's start is marked `^`.
    var subscribed = false
  }

  /// The diagram drawn as text, with what was drawn.
  var drawn: Drawing {
    var drawing = Drawing()
    drawing.cells = lanes.map { lane in laneCells(of: lane, into: &drawing) }
    let widest = drawing.cells.flatMap { $0.map { $0?.text.count ?? 1 } }.max() ?? 1
    if rulerTitle != nil {
      // One width for every column: the widest mark and a space, and room for the number.
      let width = max(widest + 1, String(max(length - 1, 0)).count + 1)
      drawing.columnWidths = Array(repeating: width, count: length)
    } else {
      // A column holding a wider cell gets one more character, so that neighbouring labels
      // never run together ("10-2", not "102").
      drawing.columnWidths = (0..<length).map { tick in
        let widest = drawing.cells.map { $0[tick]?.text.count ?? 1 }.max() ?? 1
        return widest > 1 ? widest + 1 : 1
      }
    }
    return drawing
  }

  /// How ``text`` draws a value labelled `label`: the text, and whether it stands in
  /// parentheses when alone in its tick (a negative number); `nil` when the label cannot be
  /// drawn as it is and needs a note under the lanes.
  private static func drawnLabel(_ label: String) -> (text: String, parenthesised: Bool)? {
    guard !label.isEmpty, label.count <= fullLabelLimit else { return nil }
    if label.first == "-", label.count > 1, !label.dropFirst().contains(where: notation.contains) {
      return (label, true)
    }
    return label.contains(where: notation.contains) ? nil : (label, false)
  }

  /// The cells of `lane`, by tick (`nil` for an empty tick); notes in `drawing` what it drew
  /// and what needs explaining under the lanes.
  private func laneCells(of lane: Lane, into drawing: inout Drawing) -> [Cell?] {
    var symbols: [Int: [(text: String, parenthesised: Bool)]] = [:]
    var ends: Set<Int> = []
    for mark in lane.marks {
      let symbol: (text: String, parenthesised: Bool)
      switch mark.kind {
      case .completed:
        symbol = ("|", false)
        ends.insert(mark.tick)
        drawing.completed = true
      case .disposed:
        symbol = ("!", false)
        ends.insert(mark.tick)
        drawing.disposed = true
      case .error(let description):
        symbol = ("#", false)
        ends.insert(mark.tick)
        drawing.failed = true
        drawing.notes.appendOnce("# " + failureNote(lane: lane.name, tick: mark.tick, description))
      case .value(let label):
        if let drawn = Self.drawnLabel(label) {
          symbol = drawn
          drawing.plainLabels.appendOnce(label)
        } else {
          var text = "*"
          if label.count > Self.fullLabelLimit, let first = label.first,
            !Self.notation.contains(first)
          {
            text = String(first)
            if drawing.abbreviated == nil { drawing.abbreviated = text }
          } else {
            drawing.starred = true
          }
          symbol = (text, false)
          drawing.notes.appendOnce("\(text) in \(lane.name): \(label)")
        }
      }
      symbols[mark.tick, default: []].append(symbol)
    }
    var cells = [Cell?](repeating: nil, count: length)
    for (tick, list) in symbols.sorted(by: { $0.key < $1.key }) {
      let text: String
      if list.count == 1 {
        text = list[0].parenthesised ? "(\(list[0].text))" : list[0].text
        if list[0].parenthesised, drawing.negative == nil { drawing.negative = text }
      } else {
        let separator = list.contains { $0.text.count > 1 } ? "," : ""
        text = "(" + list.map(\.text).joined(separator: separator) + ")"
        if separator.isEmpty {
          if drawing.group == nil { drawing.group = text }
        } else if drawing.commaGroup == nil {
          drawing.commaGroup = text
        }
      }
      cells[tick] = Cell(text: text, ends: ends.contains(tick))
    }
    if marksSubscriptions, let start = lane.subscriptionTick {
      cells[start] = Cell(text: "^" + (cells[start]?.text ?? ""), ends: cells[start]?.ends ?? false)
      drawing.subscribed = true
    }
    return cells
  }

  /// What the marks of ``text`` mean — only those this diagram draws — then what its labels
  /// stand for (``labels(_:mean:)``), one per line, the symbols in a column. A column is called
  /// by the ruler's title (see ``ruler(_:)``), "tick" without one; under a ruler, the first line
  /// shows an empty column as drawn, its width included. A mark the key of ``svg`` shows too is
  /// explained there in the same words.
  ///
  /// ```
  /// -----  a step in which nothing happens (every step is 5 characters wide; a marble string
  ///        gives each tick one character)
  /// |      completed: the signal ended
  /// (-7)   a negative value, in parentheses so that its minus does not read as time
  /// 1, 10  the values of first and second
  /// ```
  public var legend: String {
    let entries = legendEntries
    let width = entries.map(\.symbol.count).max() ?? 0
    return entries.map { entry in
      entry.symbol.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.meaning
    }.joined(separator: "\n")
  }

  /// One line of ``legend``: a symbol as drawn, and what it means.
  public struct LegendEntry: Sendable, Equatable {
    /// The symbol, as ``text`` draws it: `"|"`, `"-----"`, `"(-7)"`, or labels: `"T, F"`.
    public let symbol: String
    /// What it means.
    public let meaning: String
  }

  /// The lines of ``legend``, for a reader that lays them out itself.
  public var legendEntries: [LegendEntry] {
    let drawing = drawn
    let column = rulerTitle ?? "tick"
    var entries: [(String, String)] = []
    if let width = drawing.columnWidths.first, rulerTitle != nil {
      entries.append(
        (
          String(repeating: "-", count: width),
          "a \(column) in which nothing happens (every \(column) is \(width) characters wide; "
            + "a marble string gives each tick one character)"
        ))
    } else if !drawing.columnWidths.isEmpty {
      entries.append(
        ("-", "a \(column) in which nothing happens (a wider mark widens its \(column))"))
    }
    if drawing.subscribed { entries.append(("^", Meaning.subscribed)) }
    if labelMeanings.isEmpty, !drawing.plainLabels.isEmpty {
      entries.append((drawing.plainLabels.prefix(2).joined(separator: ", "), Meaning.value))
    }
    if drawing.completed { entries.append(("|", Meaning.completed)) }
    if drawing.failed { entries.append(("#", Meaning.failed)) }
    if drawing.disposed { entries.append(("!", Meaning.disposed)) }
    if let group = drawing.group { entries.append((group, Meaning.group(column))) }
    if let group = drawing.commaGroup {
      entries.append((group, Meaning.group(column) + " (commas between longer labels)"))
    }
    if let negative = drawing.negative {
      entries.append(
        (negative, "a negative value, in parentheses so that its minus does not read as time"))
    }
    if let abbreviated = drawing.abbreviated {
      entries.append(
        (
          abbreviated,
          "a label over \(Self.fullLabelLimit) characters, by its first one (spelled out "
            + "under the diagram)"
        ))
    }
    if drawing.starred {
      entries.append(("*", "a label that cannot be drawn as it is (spelled out under the diagram)"))
    }
    entries += labelMeanings.map { ($0.labels, $0.meaning) }
    return entries.map { LegendEntry(symbol: $0.0, meaning: $0.1) }
  }

  /// What the marks mean, in the same words in ``legend`` and in the key of ``svg``.
  enum Meaning {
    static let subscribed =
      "subscribed: the row starts when its subscription does (^ as in a marble string)"
    static let value = "a value, by its label"
    static let completed = "completed: the signal ended"
    static let failed = "failed: the signal ended with an error (why is written under the diagram)"
    static let disposed =
      "disposed: the subscriber ended its subscription before the signal ended"
    /// The events of one column, called `column` ("step", "tick").
    static func group(_ column: String) -> String {
      "the events of one \(column), in the order they happened"
    }
  }

  /// Why lane `lane` failed, at `tick`, in the same words under ``text`` (after `#`) and in the
  /// key of ``svg`` (after a cross): "in save, at step 3: disk full".
  func failureNote(lane: String, tick: Int, _ description: String) -> String {
    "in \(lane), at \(rulerTitle ?? "tick") \(tick): \(description)"
  }

  /// Writes ``svg`` to the file at `url`, replacing it.
  ///
  /// ```swift
  /// try diagram.writeSVG(to: URL(fileURLWithPath: "merge.svg"))
  /// ```
  public func writeSVG(to url: URL) throws {
    try svg.write(to: url, atomically: true, encoding: .utf8)
  }
}

extension Array where Element: Equatable {
  /// Appends `element` unless it is already there: a legend explains each symbol once.
  fileprivate mutating func appendOnce(_ element: Element) {
    if !contains(element) { append(element) }
  }
}
