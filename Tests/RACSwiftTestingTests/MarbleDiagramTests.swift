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
  /// The recordings of seed 004's zip: `first` and `second`, one value of which is negative.
  func zipInputs() throws -> MarbleDiagram {
    let scheduler = TestScheduler()
    let first = scheduler.record(
      try scheduler.coldSignal("-1--2--3|", values: ["1": 1, "2": 2, "3": 3]))
    let second = scheduler.record(
      try scheduler.coldSignal("--a-b-c|", values: ["a": 10, "b": -7, "c": 5]))
    scheduler.run()
    return MarbleDiagram(tick: scheduler.tick).lane("first", first).lane("second", second)
  }

  @Test("a ruler line numbers the columns, so a wide column still reads as one tick")
  func ruler() throws {
    let diagram = try zipInputs().ruler("step")
    #expect(
      diagram.text == """
        step    012  34    5678
        first   -1----2------3|
        second  --10--(-7)--5|
        """)
    // Without a ruler, the lanes are drawn as before.
    #expect(!(try zipInputs().text.contains("step")))
  }

  @Test("past 9, a ruled column is as wide as its number and a space: every column is numbered")
  func rulerWithTwoDigits() throws {
    let scheduler = TestScheduler()
    let late = scheduler.record(try scheduler.coldSignal("------------a|", values: ["a": 100]))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick).lane("late", late)
    #expect(
      diagram.ruler("t").text == """
        t     0123456789 10 11 12  13
        late  -----------------100-|
        """)
    // Without a ruler, the columns keep their widths.
    #expect(diagram.text == "late  ------------100-|")
  }

  @Test("a negative value is parenthesised, alone or among other events; in the SVG too")
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
    let labels = svg.texts(class: "label")
    #expect(labels == ["(-7)", "(-7)", "5", "(-12345)"])
  }

  @Test("disposing a recording draws ! where it was disposed; after the end, nothing")
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
  }

  @Test("the legend names every symbol, calling a column by the ruler's title")
  func legend() throws {
    let legend = try zipInputs().ruler("step").legend
    for symbol in ["-", "|", "#", "!", "(ab)", "(-7)", "(10,|)", "1, ok"] {
      #expect(legend.contains(symbol), "no \(symbol) in the legend")
    }
    #expect(legend.contains("a step in which nothing happens"))
    #expect(try zipInputs().legend.contains("a tick in which nothing happens"))
    #expect(legend.split(separator: "\n").count == 5)
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
