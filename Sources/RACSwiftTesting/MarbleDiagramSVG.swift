import Foundation

extension MarbleDiagram {
  /// The diagram as an SVG document that reads on its own: the ``titled(_:)`` title, column
  /// numbers along the top over dashed column guides, a lane per signal — its axis ending where
  /// the lane ends, and, when some lane's subscription started after the first tick, starting
  /// where the lane's subscription did, over a caret (`^` in ``text``) — then a key. Values are
  /// labelled pills sized to their labels (a negative number as it is: only the text needs
  /// parentheses), completion is a bar, an error a red cross, a disposal a purple no-entry sign;
  /// events in the same tick stand side by side in a dashed outline, centred in their column,
  /// and each column is as wide as its busiest lane needs. The key shows each kind of mark the
  /// diagram uses, beside what it means in the words of ``legend``, then what the labels stand
  /// for (``labels(_:mean:)``) and why each lane that failed failed, as ``text`` writes it
  /// under the lanes; every meaning starts at one column, at the same place in every diagram
  /// whose labels are short.
  public var svg: String {
    let laneHeight = 60.0
    let titleHeight = title == nil ? 0.0 : 30.0
    let top = titleHeight + 28
    let gap = 4.0
    let groupPadding = 6.0
    func markWidth(_ kind: Kind) -> Double {
      if case .value(let label) = kind { return max(28, 8 * Double(label.count) + 14) }
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
    let lanesBottom = top + laneHeight * Double(lanes.count) + 8
    var body = ""
    if let title {
      body += #"<text x="8" y="22" class="title">\#(Self.escape(title))</text>"# + "\n"
    }
    if let rulerTitle {
      body +=
        #"<text x="8" y="\#(top - 10)" class="name">\#(Self.escape(rulerTitle))</text>"# + "\n"
    }
    for (tick, start) in columnStarts.enumerated() {
      let centre = start + columnWidths[tick] / 2
      body += #"<text x="\#(centre)" y="\#(top - 10)" class="step">\#(tick)</text>"# + "\n"
      body += Self.guide(x: start, from: top - 2, to: lanesBottom - 4)
    }
    if let last = columnStarts.last, let lastWidth = columnWidths.last {
      body += Self.guide(x: last + lastWidth, from: top - 2, to: lanesBottom - 4)
    }
    var failures: [String] = []
    for (index, lane) in lanes.enumerated() {
      let y = top + 30 + laneHeight * Double(index)
      var marksBody = ""
      var axisEnd = position + 8
      for (tick, group) in groups[index].sorted(by: { $0.key < $1.key }) {
        var left = columnStarts[tick] + (columnWidths[tick] - group.width) / 2
        if group.marks.count > 1 {
          marksBody += Self.groupOutline(
            x: left - groupPadding, y: y, width: group.width + 2 * groupPadding)
        }
        for mark in group.marks {
          let markWidth = markWidth(mark.kind)
          let x = left + markWidth / 2
          left += markWidth + gap
          switch mark.kind {
          case .value(let label):
            marksBody += Self.pill(label, x: x, y: y, width: markWidth)
          case .completed:
            axisEnd = x
            marksBody += Self.completion(x: x, y: y)
          case .disposed:
            axisEnd = x
            marksBody += Self.disposal(x: x, y: y)
          case .error(let description):
            axisEnd = x
            marksBody += Self.cross(x: x, y: y, why: description)
            failures.append(failureNote(lane: lane.name, tick: tick, description))
          }
        }
      }
      body += #"<text x="8" y="\#(y + 5)" class="name">\#(Self.escape(lane.name))</text>"# + "\n"
      // A lane drawn from its subscription starts at its column, with the mark of it.
      let subscribed = marksSubscriptions ? lane.subscriptionTick : nil
      let axisStart = subscribed.map { columnStarts[$0] } ?? nameWidth
      body +=
        #"<line x1="\#(axisStart)" y1="\#(y)" x2="\#(axisEnd)" y2="\#(y)" class="axis"/>"# + "\n"
      if let subscribed { body += Self.subscription(x: columnStarts[subscribed], y: y) }
      body += marksBody
    }

    // The key: a sample of each kind of mark used, then the labels' meanings, then why each
    // failed lane failed — in the words of the text's legend and notes. Every meaning starts at
    // one column, the same in every diagram unless a sample or labels need more room.
    let allMarks = lanes.flatMap(\.marks)
    let sampleLabel = allMarks.lazy.compactMap { mark -> String? in
      if case .value(let label) = mark.kind { return label }
      return nil
    }.first
    let grouped = groups.contains { $0.values.contains { $0.marks.count > 1 } }
    var samples: [(draw: (Double, Double) -> String, width: Double, meaning: String)] = []
    if marksSubscriptions {
      samples.append(
        (
          { x, y in
            #"<line x1="\#(x - 14)" y1="\#(y)" x2="\#(x + 20)" y2="\#(y)" class="axis"/>"# + "\n"
              + Self.subscription(x: x - 14, y: y)
          }, 40, Meaning.subscribed
        ))
    }
    if let sampleLabel {
      let width = markWidth(.value(sampleLabel))
      samples.append(
        ({ x, y in Self.pill(sampleLabel, x: x, y: y, width: width) }, width, Meaning.value))
    }
    if allMarks.contains(where: { if case .completed = $0.kind { true } else { false } }) {
      samples.append(({ x, y in Self.completion(x: x, y: y) }, 20, Meaning.completed))
    }
    if allMarks.contains(where: { if case .error = $0.kind { true } else { false } }) {
      samples.append(({ x, y in Self.cross(x: x, y: y, why: "failed") }, 20, Meaning.failed))
    }
    if allMarks.contains(where: { if case .disposed = $0.kind { true } else { false } }) {
      samples.append(({ x, y in Self.disposal(x: x, y: y) }, 20, Meaning.disposed))
    }
    if grouped {
      samples.append(
        (
          { x, y in Self.groupOutline(x: x - 30, y: y, width: 60) }, 60,
          Meaning.group(rulerTitle ?? "tick")
        ))
    }
    let labelsWidth =
      Self.labelsCharacterWidth * Double(labelMeanings.map(\.labels.count).max() ?? 0)
    let symbolsWidth = max(
      Self.keySymbolsWidth, labelsWidth, samples.map(\.width).max() ?? 0)
    let sampleX = 8 + symbolsWidth / 2
    let textX = 8 + symbolsWidth + 24
    let rowHeight = 40.0
    var y = lanesBottom + 14
    body += #"<text x="8" y="\#(y + 5)" class="heading">key</text>"# + "\n"
    y += 34
    var widest = 0.0
    func keyText(_ text: String, y: Double) {
      body += #"<text x="\#(textX)" y="\#(y + 5)" class="key">\#(Self.escape(text))</text>"# + "\n"
      widest = max(widest, textX + Self.keyTextWidth(text))
    }
    for sample in samples {
      body += Self.asSample(sample.draw(sampleX, y))
      keyText(sample.meaning, y: y)
      y += rowHeight
    }
    if !labelMeanings.isEmpty || !failures.isEmpty { y -= 10 }
    for meaning in labelMeanings {
      body +=
        #"<text x="8" y="\#(y + 5)" class="labels">\#(Self.escape(meaning.labels))</text>"# + "\n"
      keyText(meaning.meaning, y: y)
      y += 22
    }
    for failure in failures {
      body += Self.asSample(Self.cross(x: sampleX, y: y, why: failure, size: 6))
      keyText(failure, y: y)
      y += 22
    }
    let titleWidth = Self.titleCharacterWidth * Double(title?.count ?? 0)
    let width = max(position + 16, widest + 16, 8 + titleWidth + 24).rounded(.up)
    let height = y.rounded(.up)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)">
      <title>\(Self.escape(title ?? "marble diagram"))</title>
      <style>
      .title { font: bold 16px sans-serif; }
      .heading { font: bold 13px sans-serif; }
      .name { font: 14px monospace; }
      .key { font: 13px sans-serif; }
      .labels { font: bold 13px monospace; }
      .step { font: 11px monospace; fill: #666; text-anchor: middle; }
      .guide { stroke: #ccc; stroke-width: 1; stroke-dasharray: 3 3; }
      .axis { stroke: #444; stroke-width: 2; }
      .group { fill: none; stroke: #888; stroke-width: 1.5; stroke-dasharray: 4 3; }
      .value { fill: #fde68a; stroke: #444; stroke-width: 2; }
      .label { font: 13px monospace; text-anchor: middle; }
      .end { stroke: #444; stroke-width: 3; }
      .disposed circle { fill: #ede9fe; stroke: #6d28d9; stroke-width: 3; }
      .disposed line { stroke: #6d28d9; stroke-width: 3; }
      .error line { stroke: #b91c1c; stroke-width: 3; }
      .subscribed polyline { fill: none; stroke: #444; stroke-width: 2.5; }
      </style>
      <rect width="100%" height="100%" fill="white"/>
      \(body)</svg>

      """
  }

  /// `marks` with the class `sample` added to each element: marks drawn in the key, not events.
  private static func asSample(_ marks: String) -> String {
    marks.replacingOccurrences(
      of: #"class="([^"]*)""#, with: #"class="$1 sample""#, options: .regularExpression)
  }

  /// About how wide `text` is in the key's font.
  private static func keyTextWidth(_ text: String) -> Double { 7.2 * Double(text.count) }

  /// About how wide a character of the key's labels is (bold 13px monospace), with room to spare.
  private static let labelsCharacterWidth = 8.0

  /// How wide the key's column of samples and labels is, at least: the meanings start after it,
  /// at one place in every diagram whose samples and labels fit.
  private static let keySymbolsWidth = 80.0

  /// About how wide a character of the title is (bold 16px sans-serif), generously: wide fonts
  /// such as DejaVu Sans Bold average about 9.5 pixels, and the title must not reach the edge.
  private static let titleCharacterWidth = 10.5

  /// A dashed vertical line at the start of a column.
  private static func guide(x: Double, from top: Double, to bottom: Double) -> String {
    #"<line x1="\#(x)" y1="\#(top)" x2="\#(x)" y2="\#(bottom)" class="guide"/>"# + "\n"
  }

  /// A value: its label in a pill centred on (`x`, `y`).
  private static func pill(_ label: String, x: Double, y: Double, width: Double) -> String {
    #"<rect x="\#(x - width / 2)" y="\#(y - 14)" width="\#(width)" height="28" rx="14" "#
      + #"class="value"/>"# + "\n"
      + #"<text x="\#(x)" y="\#(y + 5)" class="label">\#(Self.escape(label))</text>"# + "\n"
  }

  /// Completion: a bar across the axis.
  private static func completion(x: Double, y: Double) -> String {
    #"<line x1="\#(x)" y1="\#(y - 14)" x2="\#(x)" y2="\#(y + 14)" class="end"/>"# + "\n"
  }

  /// A disposal: a no-entry sign, a ring crossed by a diagonal — nothing like a column guide.
  private static func disposal(x: Double, y: Double) -> String {
    let offset = 9 * 0.7071
    return #"<g class="disposed"><title>disposed by the subscriber</title>"#
      + #"<circle cx="\#(x)" cy="\#(y)" r="9"/>"#
      + #"<line x1="\#(x - offset)" y1="\#(y - offset)" x2="\#(x + offset)" "#
      + #"y2="\#(y + offset)"/></g>"# + "\n"
  }

  /// A subscription: a caret under the start of the lane's axis (`^` in text).
  private static func subscription(x: Double, y: Double) -> String {
    #"<g class="subscribed"><title>subscribed</title>"#
      + #"<polyline points="\#(x - 6),\#(y + 14) \#(x),\#(y + 5) \#(x + 6),\#(y + 14)"/></g>"#
      + "\n"
  }

  /// An error: a red cross, its description as a tooltip.
  private static func cross(x: Double, y: Double, why: String, size: Double = 10) -> String {
    #"<g class="error"><title>\#(Self.escape(why))</title>"#
      + #"<line x1="\#(x - size)" y1="\#(y - size)" x2="\#(x + size)" y2="\#(y + size)"/>"#
      + #"<line x1="\#(x - size)" y1="\#(y + size)" x2="\#(x + size)" y2="\#(y - size)"/></g>"#
      + "\n"
  }

  /// The dashed outline around the events of one tick.
  private static func groupOutline(x: Double, y: Double, width: Double) -> String {
    #"<rect x="\#(x)" y="\#(y - 19)" width="\#(width)" height="38" rx="19" class="group"/>"# + "\n"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
