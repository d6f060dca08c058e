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
  }

  /// The length of one tick.
  public let tick: Duration
  /// Where time zero is.
  public let start: Duration
  /// The lanes, top to bottom.
  public private(set) var lanes: [Lane] = []

  /// An empty diagram whose columns are ticks of `tick`, counted from `start`.
  public init(tick: Duration, start: Duration = .zero) {
    self.tick = tick
    self.start = start
  }

  /// The diagram with one more lane for `recorded`; values are labelled with `label`
  /// (`String(describing:)` by default).
  public func lane<Value, Failure: Error>(
    _ name: String, _ recorded: RecordedEvents<Value, Failure>,
    label: (Value) -> String = { String(describing: $0) }
  ) -> MarbleDiagram {
    var copy = self
    let marks = recorded.events.map { event -> Mark in
      let at = Int((event.time - start) / tick)
      switch event.event {
      case .next(let value): return Mark(tick: at, kind: .value(label(value)))
      case .completed: return Mark(tick: at, kind: .completed)
      case .error(let error): return Mark(tick: at, kind: .error(String(describing: error)))
      }
    }
    copy.lanes.append(Lane(name: name, marks: marks))
    return copy
  }

  private var length: Int { (lanes.flatMap(\.marks).map(\.tick).max() ?? -1) + 1 }

  /// Labels up to this many characters are drawn in full in ``text``; longer ones by their first
  /// character, explained once in a legend under the lanes.
  public static let fullLabelLimit = 3

  /// The diagram as text: one line per lane, one column per tick, the columns aligned across
  /// lanes. `-` is time passing, a value is drawn by its label (its first character when longer
  /// than ``fullLabelLimit``, listed once underneath), `|` is completion, `#` an error (its
  /// description listed underneath), `(…)` several events in one tick (comma-separated when a
  /// label is longer than one character). Nothing is drawn after a lane's terminal event.
  ///
  /// ```
  /// first   -1---2--3|
  /// second  --10-4-5|
  /// ```
  public var text: String {
    var legend: [String] = []
    let cells = lanes.map { lane in laneCells(of: lane, legend: &legend) }
    // A column holding a wider cell gets one more character, so that neighbouring labels never
    // run together ("10-2", not "102").
    let columnWidths = (0..<length).map { tick in
      let widest = cells.map { $0[tick]?.text.count ?? 1 }.max() ?? 1
      return widest > 1 ? widest + 1 : 1
    }
    let nameWidth = lanes.map(\.name.count).max() ?? 0
    var lines: [String] = []
    for (lane, laneCells) in zip(lanes, cells) {
      var line = lane.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
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
    return (lines + legend).joined(separator: "\n")
  }

  /// What one lane draws in one tick, and whether the lane ends there.
  private struct Cell {
    let text: String
    let ends: Bool
  }

  /// The cells of `lane`, by tick (`nil` for an empty tick); adds what needs explaining to
  /// `legend`.
  private func laneCells(of lane: Lane, legend: inout [String]) -> [Cell?] {
    var symbols: [Int: [String]] = [:]
    var ends: Set<Int> = []
    for mark in lane.marks {
      let symbol: String
      switch mark.kind {
      case .completed:
        symbol = "|"
        ends.insert(mark.tick)
      case .error(let description):
        symbol = "#"
        ends.insert(mark.tick)
        legend.appendOnce("# in \(lane.name): \(description)")
      case .value(let label) where label.count <= Self.fullLabelLimit && !label.isEmpty:
        symbol = label
      case .value(let label):
        let first = label.first.map(String.init) ?? "?"
        symbol = "-|#() ".contains(first) ? "*" : first
        legend.appendOnce("\(symbol) in \(lane.name): \(label)")
      }
      symbols[mark.tick, default: []].append(symbol)
    }
    var cells = [Cell?](repeating: nil, count: length)
    for (tick, list) in symbols {
      let text =
        list.count == 1
        ? list[0]
        : "(" + list.joined(separator: list.contains { $0.count > 1 } ? "," : "") + ")"
      cells[tick] = Cell(text: text, ends: ends.contains(tick))
    }
    return cells
  }

  /// The diagram as an SVG document: a lane per signal, values as labelled pills sized to their
  /// labels, completion as a bar, an error as a cross (its description as a tooltip). Events in
  /// the same tick stand side by side; each column is as wide as its busiest lane needs.
  public var svg: String {
    let laneHeight = 60.0
    let gap = 4.0
    func markWidth(_ kind: Kind) -> Double {
      if case .value(let label) = kind { return max(28, 8 * Double(label.count) + 14) }
      return 20
    }
    // Column widths: the widest run of marks any lane has in the tick, plus margins.
    var columnWidths = [Double](repeating: 40, count: length)
    for lane in lanes {
      for (tick, marks) in Dictionary(grouping: lane.marks, by: \.tick) {
        let needed = marks.map { markWidth($0.kind) }.reduce(0, +) + gap * Double(marks.count - 1)
        columnWidths[tick] = max(columnWidths[tick], needed + 12)
      }
    }
    let nameWidth = 16.0 + Double(lanes.map(\.name.count).max() ?? 0) * 8.5
    var columnStarts: [Double] = []
    var position = nameWidth
    for columnWidth in columnWidths {
      columnStarts.append(position)
      position += columnWidth
    }
    let width = position + 24
    let height = laneHeight * Double(lanes.count) + 20
    var body = ""
    for (index, lane) in lanes.enumerated() {
      let y = 30 + laneHeight * Double(index)
      body += #"<text x="8" y="\#(y + 5)" class="name">\#(escape(lane.name))</text>"# + "\n"
      body +=
        #"<line x1="\#(nameWidth)" y1="\#(y)" x2="\#(width - 8)" y2="\#(y)" class="axis"/>"# + "\n"
      var nextX: [Int: Double] = [:]
      for mark in lane.marks {
        let markWidth = markWidth(mark.kind)
        let left = nextX[mark.tick] ?? columnStarts[mark.tick] + 6
        nextX[mark.tick] = left + markWidth + gap
        let x = left + markWidth / 2
        switch mark.kind {
        case .value(let label):
          body +=
            #"<rect x="\#(left)" y="\#(y - 14)" width="\#(markWidth)" height="28" rx="14" "#
            + #"class="value"/>"# + "\n"
          body += #"<text x="\#(x)" y="\#(y + 5)" class="label">\#(escape(label))</text>"# + "\n"
        case .completed:
          body +=
            #"<line x1="\#(x)" y1="\#(y - 14)" x2="\#(x)" y2="\#(y + 14)" class="end"/>"# + "\n"
        case .error(let description):
          body +=
            #"<g class="error"><title>\#(escape(description))</title>"#
            + #"<line x1="\#(x - 10)" y1="\#(y - 10)" x2="\#(x + 10)" y2="\#(y + 10)"/>"#
            + #"<line x1="\#(x - 10)" y1="\#(y + 10)" x2="\#(x + 10)" y2="\#(y - 10)"/></g>"# + "\n"
        }
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)">
      <style>
      .name { font: 14px monospace; }
      .axis { stroke: #444; stroke-width: 2; }
      .value { fill: #fde68a; stroke: #444; stroke-width: 2; }
      .label { font: 13px monospace; text-anchor: middle; }
      .end { stroke: #444; stroke-width: 3; }
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
