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
/// try diagram.svg.write(to: URL(fileURLWithPath: "merge.svg"), atomically: true, encoding: .utf8)
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

  /// The diagram as text: one line per lane, `-` for an empty tick, a value's label (its first
  /// character when longer, listed underneath), `|` completion, `#` error, `(…)` for several
  /// events in one tick.
  public var text: String {
    let width = lanes.map(\.name.count).max() ?? 0
    var legend: [String] = []
    var lines: [String] = []
    for lane in lanes {
      var symbols: [Int: [String]] = [:]
      for mark in lane.marks {
        let symbol: String
        switch mark.kind {
        case .completed: symbol = "|"
        case .error(let description):
          symbol = "#"
          legend.append("# in \(lane.name): \(description)")
        case .value(let label):
          symbol = label.count == 1 ? label : String(label.first ?? "?")
          if label.count != 1 { legend.append("\(symbol) in \(lane.name): \(label)") }
        }
        symbols[mark.tick, default: []].append(symbol)
      }
      var line = lane.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
      for tick in 0..<length {
        switch symbols[tick] {
        case nil: line += "-"
        case let list? where list.count == 1: line += list[0]
        case let list?: line += "(" + list.joined() + ")"
        }
      }
      lines.append(line)
    }
    return (lines + legend).joined(separator: "\n")
  }

  /// The diagram as an SVG document: a lane per signal, values as labelled circles, completion as
  /// a bar, an error as a cross.
  public var svg: String {
    let column = 48.0
    let laneHeight = 60.0
    let nameWidth = 16.0 + Double(lanes.map(\.name.count).max() ?? 0) * 8
    let width = nameWidth + column * Double(length + 1)
    let height = laneHeight * Double(lanes.count) + 20
    var body = ""
    for (index, lane) in lanes.enumerated() {
      let y = 30 + laneHeight * Double(index)
      body += #"<text x="8" y="\#(y + 5)" class="name">\#(escape(lane.name))</text>"# + "\n"
      body +=
        #"<line x1="\#(nameWidth)" y1="\#(y)" x2="\#(width - 8)" y2="\#(y)" class="axis"/>"# + "\n"
      for mark in lane.marks {
        let x = nameWidth + column * (Double(mark.tick) + 0.5)
        switch mark.kind {
        case .value(let label):
          body += #"<circle cx="\#(x)" cy="\#(y)" r="14" class="value"/>"# + "\n"
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

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
