import Foundation
import RACSwift
import RACSwiftTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// How a diagram reads without the code that made it (issue 21): the ruler, negative values,
/// disposal, the legend, and the SVG's columns.
@Suite("MarbleDiagram, read by a newcomer", .checksLiveSubscriptions)
struct MarbleDiagramTests {
  /// The recordings of the Design Guidelines' zip: `first` and `second`, one value of which is
  /// negative.
  func zipInputs() throws -> MarbleDiagram {
    let scheduler = TestScheduler()
    let first = scheduler.record(
      try scheduler.coldSignal("-1--2--3|", values: ["1": 1, "2": 2, "3": 3]))
    let second = scheduler.record(
      try scheduler.coldSignal("--a-b-c|", values: ["a": 10, "b": -7, "c": 5]))
    scheduler.run()
    return MarbleDiagram(tick: scheduler.tick).lane("first", first).lane("second", second)
  }

  @Test("a ruler line numbers the columns, each as wide as the widest mark and a space")
  func ruler() throws {
    let diagram = try zipInputs().ruler("step")
    #expect(
      diagram.text == """
        step    0    1    2    3    4    5    6    7    8
        first   -----1--------------2--------------3----|
        second  ----------10--------(-7)------5----|
        """)
    // Without a ruler, the lanes are drawn as before: a column widens only for a wider mark.
    #expect(
      try zipInputs().text == """
        first   -1----2------3|
        second  --10--(-7)--5|
        """)
  }

  @Test("past 9, a ruled column still holds its number and a space: every column is numbered")
  func rulerWithTwoDigits() throws {
    let scheduler = TestScheduler()
    let late = scheduler.record(try scheduler.coldSignal("------------a|", values: ["a": 100]))
    let early = scheduler.record(try scheduler.coldSignal("-a|", values: ["a": 1]))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick).lane("late", late).lane("early", early)
    #expect(
      diagram.ruler("t").text == """
        t      0   1   2   3   4   5   6   7   8   9   10  11  12  13
        late   ------------------------------------------------100-|
        early  ----1---|
        """)
    // Single characters everywhere: a ruled column is still as wide as its number and a space.
    let short = MarbleDiagram(tick: scheduler.tick).lane("early", early).ruler("step")
    #expect(
      short.text == """
        step   0 1 2
        early  --1-|
        """)
    // Without a ruler, the columns keep their own widths.
    #expect(diagram.text == "late   ------------100-|\nearly  -1|")
  }

  @Test("ruled text: one column width, every step number over the start of its column")
  func ruledColumnsAreHonest() throws {
    let scheduler = TestScheduler()
    let presses = scheduler.record(
      try scheduler.coldSignal("-(ppp)-p--p|", values: ["p": "p"]))
    let words = scheduler.record(
      try scheduler.coldSignal(
        "--(ab)-c-d#", values: ["a": "ok", "b": "no", "c": "-3", "d": "x"],
        error: MarbleFailure.boom))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick).ruler("step")
      .lane("presses", presses).lane("words", words)
    let lines = diagram.text.split(separator: "\n").map(String.init)
    let ruler = Array(lines[0])
    let origin = try #require(ruler.firstIndex(of: "0"))
    let width = try #require(ruler.firstIndex(of: "1")) - origin
    // The widest mark is "(ok,no)": seven characters, and a space.
    #expect(width == 8)
    for step in 0..<8 {
      let number = Array(String(step))
      let start = origin + step * width
      #expect(Array(ruler[start..<min(start + number.count, ruler.count)]) == number)
    }
    // Every lane is cut into columns of that width: a column is all dashes, or a mark at its
    // start followed by at least one dash (or, after the lane's end, nothing).
    for line in lines[1...2] {
      let cells = Array(line.dropFirst(origin))
      for start in stride(from: 0, to: cells.count, by: width) {
        let cell = String(cells[start..<min(start + width, cells.count)])
        let isLast = start + width >= cells.count
        #expect(
          cell == String(repeating: "-", count: width)
            || cell.first != "-"
              && (isLast || cell.last == "-"),
          "the column at \(start / width) of \(line) is \(cell)")
      }
    }
    #expect(lines[1] == "presses  --------(ppp)-----------p-----------------------p-------|")
    #expect(lines[2] == "words    ----------------(ok,no)---------(-3)------------x-------#")
  }

  @Test("a negative value is parenthesised in text only; the SVG writes it as it is")
  func negativeValues() throws {
    let scheduler = TestScheduler()
    let alone = scheduler.record(try scheduler.coldSignal("-a-|", values: ["a": -7]))
    let grouped = scheduler.record(try scheduler.coldSignal("-(ab|)", values: ["a": -7, "b": 5]))
    let long = scheduler.record(try scheduler.coldSignal("-a|", values: ["a": -12_345]))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick)
      .lane("alone", alone).lane("grouped", grouped).lane("long", long)
    #expect(
      diagram.text == """
        alone    -(-7)------|
        grouped  -(-7,5,|)
        long     -*--------|
        * in long: -12345
        """)
    let svg = SVGElements(diagram.svg)
    #expect(svg.texts(class: "label") == ["-7", "-7", "5", "-12345"])
    #expect(!diagram.svg.contains("(-"))
  }

  @Test("disposing a recording draws ! in text; in the SVG, a no-entry sign, not a dashed line")
  func disposal() throws {
    let scheduler = TestScheduler()
    let held = scheduler.record(try scheduler.hotSignal("-a---", values: ["a": 1]))
    let finished = scheduler.record(try scheduler.coldSignal("-a|", values: ["a": 2]))
    scheduler.advance(by: .seconds(3))
    held.dispose()
    finished.dispose()
    #expect(held.disposalTime == .seconds(3))
    #expect(finished.disposalTime == nil)
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick)
      .lane("held", held).lane("finished", finished)
    #expect(
      diagram.text == """
        held      -1-!
        finished  -2|
        """)
    let svg = SVGElements(diagram.svg)
    #expect(svg.count(of: "g", class: "disposed") == 1)
    // A ring and a diagonal, in a colour of its own; the column guides are dashed grey lines.
    let mark = try #require(svg.all.firstIndex { $0.attributes["class"] == "disposed" })
    #expect(svg.all[mark + 1...mark + 3].map(\.name) == ["title", "circle", "line"])
    let style = try #require(svg.all.first { $0.name == "style" }).text
    let disposedRules = style.split(separator: "\n").filter { $0.hasPrefix(".disposed") }
    #expect(disposedRules.count == 2)
    #expect(disposedRules.allSatisfy { !$0.contains("dasharray") && $0.contains("#6d28d9") })
    #expect(style.contains(".guide { stroke: #ccc; stroke-width: 1; stroke-dasharray: 3 3; }"))
  }

  @Test("a lane subscribed later is drawn from its subscription, marked ^, blank before it")
  func subscriptionStart() throws {
    let scheduler = TestScheduler()
    let early = scheduler.record(try scheduler.coldSignal("-a-b|", values: ["a": 1, "b": 2]))
    scheduler.advance(by: .seconds(2))
    let late = scheduler.record(try scheduler.coldSignal("a-|", values: ["a": 3]))
    scheduler.advance(by: .seconds(1))
    let idle = scheduler.record(Signal<Int, Never>.never)
    scheduler.advance(by: .seconds(2))
    idle.dispose()
    scheduler.run()
    #expect(early.subscriptionTime == .zero)
    #expect(late.subscriptionTime == .seconds(2))
    #expect(idle.subscriptionTime == .seconds(3))
    let diagram = MarbleDiagram(tick: scheduler.tick).ruler("step")
      .lane("early", early).lane("late", late).lane("idle", idle)
    #expect(diagram.lanes.map(\.subscriptionTick) == [0, 2, 3])
    #expect(
      diagram.text == """
        step   0  1  2  3  4  5
        early  ^--1-----2--|
        late         ^3----|
        idle            ^-----!
        """)
    #expect(
      diagram.legendEntries.map(\.symbol) == ["---", "^", "1, 2", "|", "!"],
      "\(diagram.legendEntries)")
    #expect(
      diagram.legendEntries[1].meaning
        == "subscribed: the row starts when its subscription does (^ as in a marble string)")
    // Without a ruler too: there a column is one character unless a wider cell ("^3") widens it.
    #expect(
      MarbleDiagram(tick: scheduler.tick).lane("early", early).lane("late", late).text == """
        early  ^1---2|
        late     ^3--|
        """)
    // All lanes subscribed at the first tick: no mark, as before.
    #expect(MarbleDiagram(tick: scheduler.tick).lane("early", early).text == "early  -1-2|")
    // A lane subscribed before the diagram's first tick is drawn from that tick, unmarked.
    let shifted = MarbleDiagram(tick: scheduler.tick, start: .seconds(1))
      .lane("early", early).lane("late", late)
    #expect(shifted.lanes.map(\.subscriptionTick) == [nil, 1])
    #expect(
      shifted.text == """
        early  1---2|
        late    ^3--|
        """)

    // The SVG: each lane's axis starts at its subscription's column, over a caret; the key
    // shows the caret with the text's words.
    let svg = SVGElements(diagram.svg)
    #expect(svg.count(of: "g", class: "subscribed") == 3)
    #expect(svg.count(of: "g", class: "subscribed sample") == 1)
    let guides = svg.elements(named: "line", class: "guide").map { $0.number("x1") }
    let axes = svg.elements(named: "line", class: "axis").map { $0.number("x1") }
    #expect(axes == [guides[0], guides[2], guides[3]])
    #expect(
      svg.texts(class: "key").first
        == "subscribed: the row starts when its subscription does (^ as in a marble string)")
  }

  @Test("the legend explains exactly the marks drawn, then what the labels mean")
  func legend() throws {
    let ruled = try zipInputs().ruler("step")
    let entries = ruled.legendEntries
    #expect(
      entries.map(\.symbol) == ["-----", "1, 2", "|", "(-7)"],
      "\(entries)")
    #expect(
      entries[0].meaning
        == "a step in which nothing happens (every step is 5 characters wide; a marble string "
        + "gives each tick one character)")
    // Every symbol it explains is drawn; what is not drawn (#, !, groups) is not explained.
    let lanes = ruled.text.split(separator: "\n").dropFirst().joined(separator: "\n")
    for symbol in ["-----", "1", "2", "|", "(-7)"] {
      #expect(lanes.contains(symbol), "the legend explains \(symbol), which is not drawn")
    }
    #expect(!ruled.legend.contains("#") && !ruled.legend.contains("!"))
    // Without a ruler, a column is a tick, one character unless a mark widens it.
    #expect(try zipInputs().legend.hasPrefix("-     a tick in which nothing happens"))

    // Errors, disposals, groups and label meanings.
    let scheduler = TestScheduler()
    let failing = scheduler.record(
      try scheduler.coldSignal("-(ab)-#", values: ["a": "T", "b": "F"], error: MarbleFailure.boom))
    let held = scheduler.record(try scheduler.hotSignal("--a---", values: ["a": "T"]))
    scheduler.advance(by: .seconds(4))
    held.dispose()
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick).ruler("step")
      .lane("failing", failing).lane("held", held).labels("T, F", mean: "true, false")
    #expect(
      diagram.legend == """
        -----  a step in which nothing happens (every step is 5 characters wide; a marble string \
        gives each tick one character)
        #      failed: the signal ended with an error (why is written under the diagram)
        !      disposed: the subscriber ended its subscription before the signal ended
        (TF)   the events of one step, in the order they happened
        T, F   true, false
        """)
    #expect(diagram.text.hasSuffix("# in failing, at step 3: boom"))
  }

  @Test("the article's keyed example draws and explains what TestingWithVirtualTime shows")
  func articleExample() throws {
    let scheduler = TestScheduler()
    let enabled = scheduler.record(
      try scheduler.coldSignal("t-f--t|", values: ["t": true, "f": false]))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick)
      .titled("The button is disabled while its work runs")
      .ruler("step")
      .lane("enabled", enabled) { $0 ? "T" : "F" }
      .labels("T, F", mean: "true, false")
    #expect(
      diagram.text == """
        step     0 1 2 3 4 5 6
        enabled  T---F-----T-|
        """)
    #expect(
      diagram.legend == """
        --    a step in which nothing happens (every step is 2 characters wide; a marble string \
        gives each tick one character)
        |     completed: the signal ended
        T, F  true, false
        """)
    #expect(
      SVGElements(diagram.svg).texts(class: "title") == [
        "The button is disabled while its work runs"
      ])
  }

  @Test("SVG: a title, and a key showing each kind of mark used, the labels' meanings, the errors")
  func svgKey() throws {
    let scheduler = TestScheduler()
    let failing = scheduler.record(
      try scheduler.coldSignal("-(ab)-#", values: ["a": "s", "b": "r"], error: MarbleFailure.boom))
    let done = scheduler.record(try scheduler.coldSignal("-a|", values: ["a": "-7"]))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick).ruler("step").titled("Presses & more")
      .lane("failing", failing).lane("done", done)
      .labels("s", mean: "a press that started work").labels("r", mean: "a press refused")
    let svg = SVGElements(diagram.svg)
    #expect(svg.texts(class: "title") == ["Presses & more"])
    #expect(svg.all.first { $0.name == "title" }?.text == "Presses & more")
    #expect(svg.texts(class: "heading") == ["key"])
    // One sample of each kind of mark used: a value, completion, an error, a group; and a small
    // cross beside why the failing lane failed.
    #expect(svg.count(of: "rect", class: "value sample") == 1)
    #expect(svg.count(of: "line", class: "end sample") == 1)
    #expect(svg.count(of: "g", class: "error sample") == 2)
    #expect(svg.count(of: "rect", class: "group sample") == 1)
    #expect(svg.count(of: "g", class: "disposed sample") == 0)
    let key = svg.texts(class: "key")
    #expect(
      key == [
        "a value, by its label", "completed: the signal ended",
        "failed: the signal ended with an error (why is written under the diagram)",
        "the events of one step, in the order they happened",
        "a press that started work", "a press refused", "in failing, at step 3: boom",
      ])
    #expect(svg.texts(class: "labels") == ["s", "r"])
    // The same words as the text's legend and notes.
    let legend = diagram.legendEntries.map(\.meaning)
    for meaning in key.prefix(5) where meaning != "a value, by its label" {
      #expect(legend.contains(meaning), "\(meaning) is not the text's")
    }
    #expect(diagram.text.hasSuffix("# in failing, at step 3: boom"))
    // Every meaning starts at one column, as in any diagram whose labels are short.
    let columns = Set(svg.elements(named: "text", class: "key").map { $0.number("x") })
    #expect(columns == [112])
    // The marks themselves are not samples.
    #expect(svg.count(of: "rect", class: "value") == 3)
    #expect(svg.texts(class: "label") == ["s", "r", "-7"])
  }

  @Test("SVG: events of one tick share one outlined column; a mark is centred, off the axis end")
  func svgColumns() throws {
    let scheduler = TestScheduler()
    let presses = scheduler.record(
      try scheduler.coldSignal("(ppp)-p|", values: ["p": "p"]))
    let single = scheduler.record(try scheduler.coldSignal("m|", values: ["m": "m→m"]))
    scheduler.run()
    let svg = SVGElements(
      MarbleDiagram(tick: scheduler.tick).ruler("step").lane("presses", presses)
        .lane("one", single).svg)
    // Column guides: one at the start of each of the four columns, one at the end.
    let guides = svg.elements(named: "line", class: "guide").map { $0.number("x1") }
    #expect(guides.count == 5)
    #expect(svg.texts(class: "step") == ["0", "1", "2", "3"])
    // The three presses of tick 0 sit in one outline, inside column 0.
    let groups = svg.elements(named: "rect", class: "group")
    #expect(groups.count == 1)
    let pills = svg.elements(named: "rect", class: "value")
    let tickZero = pills.filter { $0.number("x") < guides[1] }
    #expect(tickZero.count == 4)  // three presses and the single lane's value
    for pill in pills.prefix(3) {
      #expect(pill.number("x") > guides[0] && pill.number("x") + pill.number("width") < guides[1])
      #expect(pill.number("x") >= groups[0].number("x"))
    }
    // The single value is centred in its column, not on the left end of its axis.
    let axes = svg.elements(named: "line", class: "axis")
    let lone = pills[4]
    let centre = lone.number("x") + lone.number("width") / 2
    #expect(abs(centre - (guides[0] + guides[1]) / 2) < 0.001)
    #expect(lone.number("x") - axes[1].number("x1") > 10)
    // A lane's axis ends at its terminal mark.
    let ends = svg.elements(named: "line", class: "end")
    #expect(axes[0].number("x2") == ends[0].number("x1"))
  }
}

/// The elements of a parsed SVG document, with their attributes and text.
final class SVGElements: NSObject, XMLParserDelegate, @unchecked Sendable {
  struct Element {
    let name: String
    let attributes: [String: String]
    var text = ""

    func number(_ attribute: String) -> Double { Double(attributes[attribute] ?? "") ?? .nan }
  }

  private(set) var all: [Element] = []
  private var open: [Int] = []

  init(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    precondition(parser.parse(), "the SVG does not parse")
  }

  func elements(named name: String, class className: String) -> [Element] {
    all.filter { $0.name == name && $0.attributes["class"] == className }
  }

  func count(of name: String, class className: String) -> Int {
    elements(named: name, class: className).count
  }

  func texts(class className: String) -> [String] {
    elements(named: "text", class: className).map(\.text)
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    open.append(all.count)
    all.append(Element(name: elementName, attributes: attributeDict))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { all[index].text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    open.removeLast()
  }
}
