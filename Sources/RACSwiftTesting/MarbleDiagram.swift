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
public struct MarbleDiagram: Sendable {
  /// One signal's timeline.
  public struct Lane: Sendable {
    /// The lane's title.
    public let name: String
    /// The events, with the tick each happened at.
    public let marks: [Mark]
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

  /// The length of one tick.
  public let tick: Duration
  /// Where time zero is.
  public let start: Duration
  /// The lanes, top to bottom.
  public private(set) var lanes: [Lane] = []
  /// The title of the ruler line, if the diagram has one (see ``ruler(_:)``).
  private var rulerTitle: String?

  /// An empty diagram whose columns are ticks of `tick`, counted from `start`.
  public init(tick: Duration, start: Duration = .zero) {
    self.tick = tick
    self.start = start
  }

  /// The diagram with one more lane for `recorded`; values are labelled with `label`
  /// (`String(describing:)` by default). A recording ended by ``RecordedEvents/dispose()``
  /// before the signal finished ends with a ``Kind/disposed`` mark.
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
    copy.lanes.append(Lane(name: name, marks: marks))
    return copy
  }

  /// The diagram with a ruler line above the lanes in ``text`` — `title`, then the number of
  /// each column at the column's start — so that a column wider than one character still reads
  /// as one tick. Columns 0 to 9 may be one character wide; past 9, each column is at least as
  /// wide as its number and a space. ``svg`` shows `title` next to its column numbers.
  ///
  /// ```swift
  /// print(MarbleDiagram(tick: scheduler.tick).ruler("step").lane("first", first)
  ///   .lane("second", second).text)
  /// // step    012  34    5678
  /// // first   -1----2------3|
  /// // second  --10--(-7)--5|
  /// ```
  public func ruler(_ title: String) -> MarbleDiagram {
    var copy = self
    copy.rulerTitle = title
    return copy
  }

  private func column(of time: Duration) -> Int { Int((time - start) / tick) }

  private var length: Int { (lanes.flatMap(\.marks).map(\.tick).max() ?? -1) + 1 }

  /// Labels up to this many characters are drawn in full in ``text``; longer ones by their first
  /// character, explained once in a legend under the lanes.
  public static let fullLabelLimit = 3

  /// The characters that mean something in a diagram's text: a label holding one is not drawn
  /// as it is.
  private static let notation: Set<Character> = ["-", "|", "#", "(", ")", "!", ",", " ", "*"]

  /// The diagram as text: one line per lane, one column per tick, the columns aligned across
  /// lanes (a ``ruler(_:)`` line numbers them). `-` is time passing, a value is drawn by its
  /// label (its first character when longer than ``fullLabelLimit``, listed once underneath;
  /// `*` when that character, or a short label, holds one of the symbols), a negative number in
  /// parentheses (`(-7)`, so that its minus does not read as time passing), `|` is completion,
  /// `#` an error (its description listed underneath), `!` a disposal, `(…)` several events in
  /// one tick (comma-separated when a label is longer than one character). Nothing is drawn
  /// after a lane's terminal event or disposal. ``legend`` says this in a few lines.
  ///
  /// ```
  /// first   -1----2------3|
  /// second  --10--(-7)--5|
  /// ```
  public var text: String {
    var notes: [String] = []
    let cells = lanes.map { lane in laneCells(of: lane, notes: &notes) }
    // A column holding a wider cell gets one more character, so that neighbouring labels never
    // run together ("10-2", not "102"). Under a ruler that counts past 9, a column from 9 on is
    // at least as wide as its number and a space, so that every column is numbered.
    let columnWidths = (0..<length).map { tick in
      let widest = cells.map { $0[tick]?.text.count ?? 1 }.max() ?? 1
      let width = widest > 1 ? widest + 1 : 1
      guard rulerTitle != nil, length > 10, tick >= 9 else { return width }
      return max(width, String(tick).count + 1)
    }
    let titles = lanes.map(\.name) + (rulerTitle.map { [$0] } ?? [])
    let nameWidth = titles.map(\.count).max() ?? 0
    func title(_ name: String) -> String {
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
    }
    var lines: [String] = []
    if let rulerTitle {
      lines.append(title(rulerTitle) + Self.rulerLine(columnWidths: columnWidths))
    }
    for (lane, laneCells) in zip(lanes, cells) {
      var line = title(lane.name)
      var ended = false
      for (tick, width) in columnWidths.enumerated() {
        if ended {
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
    return (lines + notes).joined(separator: "\n")
  }

  /// The column numbers, each at the start of its column where it fits (``text`` makes every
  /// column wide enough): single digits side by side, longer numbers with a space before and
  /// after.
  private static func rulerLine(columnWidths: [Int]) -> String {
    var line = ""
    var position = 0
    var lastNumberLength = 0
    for (tick, width) in columnWidths.enumerated() {
      let number = String(tick)
      let gap = line.isEmpty || (number.count == 1 && lastNumberLength == 1) ? 0 : 1
      if position >= line.count + gap {
        line += String(repeating: " ", count: position - line.count) + number
        lastNumberLength = number.count
      }
      position += width
    }
    return line
  }

  /// What one lane draws in one tick, and whether the lane ends there.
  private struct Cell {
    let text: String
    let ends: Bool
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

  /// `label` as ``svg`` writes it in a value's pill: a negative number in parentheses, as in
  /// ``text``.
  private static func svgLabel(_ label: String) -> String {
    label.count > 1 && label.first == "-" ? "(\(label))" : label
  }

  /// The cells of `lane`, by tick (`nil` for an empty tick); adds what needs explaining to
  /// `notes`.
  private func laneCells(of lane: Lane, notes: inout [String]) -> [Cell?] {
    var symbols: [Int: [(text: String, parenthesised: Bool)]] = [:]
    var ends: Set<Int> = []
    for mark in lane.marks {
      let symbol: (text: String, parenthesised: Bool)
      switch mark.kind {
      case .completed:
        symbol = ("|", false)
        ends.insert(mark.tick)
      case .disposed:
        symbol = ("!", false)
        ends.insert(mark.tick)
      case .error(let description):
        symbol = ("#", false)
        ends.insert(mark.tick)
        notes.appendOnce("# in \(lane.name): \(description)")
      case .value(let label):
        if let drawn = Self.drawnLabel(label) {
          symbol = drawn
        } else {
          var text = "*"
          if label.count > Self.fullLabelLimit, let first = label.first,
            !Self.notation.contains(first)
          {
            text = String(first)
          }
          symbol = (text, false)
          notes.appendOnce("\(text) in \(lane.name): \(label)")
        }
      }
      symbols[mark.tick, default: []].append(symbol)
    }
    var cells = [Cell?](repeating: nil, count: length)
    for (tick, list) in symbols {
      let text: String
      if list.count == 1 {
        text = list[0].parenthesised ? "(\(list[0].text))" : list[0].text
      } else {
        let separator = list.contains { $0.text.count > 1 } ? "," : ""
        text = "(" + list.map(\.text).joined(separator: separator) + ")"
      }
      cells[tick] = Cell(text: text, ends: ends.contains(tick))
    }
    return cells
  }

  /// What the symbols of ``text`` mean, in a few lines; a column is called by the ruler's title
  /// (see ``ruler(_:)``), "tick" without one.
  public var legend: String {
    let column = rulerTitle ?? "tick"
    return """
      -      a \(column) in which nothing happens
      |  #  !  completed, failed (why is spelled out below), disposed by the subscriber
      1, ok  a value, by its label (over \(Self.fullLabelLimit) characters: its first one, spelled out below)
      (ab)   the events of one \(column), in order; commas between longer labels: (10,|)
      (-7)   a negative value: parenthesised, so that its minus does not read as time passing
      """
  }

  /// The diagram as an SVG document: column numbers along the top over dashed column guides,
  /// then a lane per signal, its axis ending where the lane ends; values as labelled pills sized
  /// to their labels (a negative number in parentheses, as in ``text``), completion as a bar, an
  /// error as a cross (its description as a tooltip), a disposal as a dashed bar. Events in the
  /// same tick stand side by side in a dashed outline, centred in their column; each column is
  /// as wide as its busiest lane needs.
  public var svg: String {
    let laneHeight = 60.0
    let top = 28.0
    let gap = 4.0
    let groupPadding = 6.0
    func markWidth(_ kind: Kind) -> Double {
      if case .value(let label) = kind {
        return max(28, 8 * Double(Self.svgLabel(label).count) + 14)
      }
      return 20
    }
    let groups = lanes.map { lane in
      Dictionary(grouping: lane.marks, by: \.tick).mapValues { marks in
        let width = marks.map { markWidth($0.kind) }.reduce(0, +) + gap * Double(marks.count - 1)
        return (marks: marks, width: width)
      }
    }
    // Column widths: the widest group any lane has in the tick, its outline and margins.
    var columnWidths = [Double](repeating: 40, count: length)
    for laneGroups in groups {
      for (tick, group) in laneGroups {
        let outline = group.marks.count > 1 ? 2 * groupPadding : 0
        columnWidths[tick] = max(columnWidths[tick], group.width + outline + 12)
      }
    }
    let titles = lanes.map(\.name) + (rulerTitle.map { [$0] } ?? [])
    let nameWidth = 16.0 + Double(titles.map(\.count).max() ?? 0) * 8.5
    var columnStarts: [Double] = []
    var position = nameWidth + 10
    for columnWidth in columnWidths {
      columnStarts.append(position)
      position += columnWidth
    }
    let width = position + 16
    let height = top + laneHeight * Double(lanes.count) + 8
    var body = ""
    if let rulerTitle {
      body += #"<text x="8" y="18" class="name">\#(escape(rulerTitle))</text>"# + "\n"
    }
    for (tick, start) in columnStarts.enumerated() {
      let centre = start + columnWidths[tick] / 2
      body += #"<text x="\#(centre)" y="18" class="step">\#(tick)</text>"# + "\n"
      body +=
        #"<line x1="\#(start)" y1="\#(top - 2)" x2="\#(start)" y2="\#(height - 4)" class="guide"/>"#
        + "\n"
    }
    if let last = columnStarts.last, let lastWidth = columnWidths.last {
      let end = last + lastWidth
      body +=
        #"<line x1="\#(end)" y1="\#(top - 2)" x2="\#(end)" y2="\#(height - 4)" class="guide"/>"#
        + "\n"
    }
    for (index, lane) in lanes.enumerated() {
      let y = top + 30 + laneHeight * Double(index)
      var marksBody = ""
      var axisEnd = width - 8
      for (tick, group) in groups[index].sorted(by: { $0.key < $1.key }) {
        var left = columnStarts[tick] + (columnWidths[tick] - group.width) / 2
        if group.marks.count > 1 {
          marksBody +=
            #"<rect x="\#(left - groupPadding)" y="\#(y - 19)" "#
            + #"width="\#(group.width + 2 * groupPadding)" height="38" rx="19" class="group"/>"#
            + "\n"
        }
        for mark in group.marks {
          let markWidth = markWidth(mark.kind)
          let x = left + markWidth / 2
          left += markWidth + gap
          switch mark.kind {
          case .value(let label):
            marksBody +=
              #"<rect x="\#(x - markWidth / 2)" y="\#(y - 14)" width="\#(markWidth)" "#
              + #"height="28" rx="14" class="value"/>"# + "\n"
            marksBody +=
              #"<text x="\#(x)" y="\#(y + 5)" class="label">\#(escape(Self.svgLabel(label)))</text>"#
              + "\n"
          case .completed:
            axisEnd = x
            marksBody +=
              #"<line x1="\#(x)" y1="\#(y - 14)" x2="\#(x)" y2="\#(y + 14)" class="end"/>"# + "\n"
          case .disposed:
            axisEnd = x
            marksBody +=
              #"<g class="disposed"><title>disposed by the subscriber</title>"#
              + #"<line x1="\#(x)" y1="\#(y - 14)" x2="\#(x)" y2="\#(y + 14)"/></g>"# + "\n"
          case .error(let description):
            axisEnd = x
            marksBody +=
              #"<g class="error"><title>\#(escape(description))</title>"#
              + #"<line x1="\#(x - 10)" y1="\#(y - 10)" x2="\#(x + 10)" y2="\#(y + 10)"/>"#
              + #"<line x1="\#(x - 10)" y1="\#(y + 10)" x2="\#(x + 10)" y2="\#(y - 10)"/></g>"#
              + "\n"
          }
        }
      }
      body += #"<text x="8" y="\#(y + 5)" class="name">\#(escape(lane.name))</text>"# + "\n"
      body +=
        #"<line x1="\#(nameWidth)" y1="\#(y)" x2="\#(axisEnd)" y2="\#(y)" class="axis"/>"# + "\n"
      body += marksBody
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)">
      <style>
      .name { font: 14px monospace; }
      .step { font: 11px monospace; fill: #666; text-anchor: middle; }
      .guide { stroke: #ccc; stroke-width: 1; stroke-dasharray: 3 3; }
      .axis { stroke: #444; stroke-width: 2; }
      .group { fill: none; stroke: #888; stroke-width: 1.5; stroke-dasharray: 4 3; }
      .value { fill: #fde68a; stroke: #444; stroke-width: 2; }
      .label { font: 13px monospace; text-anchor: middle; }
      .end { stroke: #444; stroke-width: 3; }
      .disposed line { stroke: #444; stroke-width: 3; stroke-dasharray: 4 3; }
      .error line { stroke: #b91c1c; stroke-width: 3; }
      </style>
      \(body)</svg>

      """
  }

  /// Writes ``svg`` to the file at `url`, replacing it.
  ///
  /// ```swift
  /// try diagram.writeSVG(to: URL(fileURLWithPath: "merge.svg"))
  /// ```
  public func writeSVG(to url: URL) throws {
    try svg.write(to: url, atomically: true, encoding: .utf8)
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}

extension Array where Element: Equatable {
  /// Appends `element` unless it is already there: a legend explains each symbol once.
  fileprivate mutating func appendOnce(_ element: Element) {
    if !contains(element) { append(element) }
  }
}
