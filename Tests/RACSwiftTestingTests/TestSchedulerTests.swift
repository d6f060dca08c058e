import Foundation
import RACSwift
import RACSwiftTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("TestScheduler (B.9)", .checksLiveSubscriptions)
struct TestSchedulerTests {
  @Test("nothing runs until advanced; immediate actions FIFO before dated ones; ties in order")
  func ordering() {
    let scheduler = TestScheduler()
    let log = LogBox()
    scheduler.schedule(after: .seconds(2)) { log.add("dated 2s") }
    scheduler.schedule(after: .seconds(1)) { log.add("dated 1s a") }
    scheduler.schedule { log.add("immediate 1") }
    scheduler.schedule(after: .seconds(1)) { log.add("dated 1s b") }
    scheduler.schedule { log.add("immediate 2") }
    #expect(log.lines.isEmpty)
    scheduler.run()
    #expect(
      log.lines == ["immediate 1", "immediate 2", "dated 1s a", "dated 1s b", "dated 2s"])
    #expect(scheduler.now == .seconds(2))
  }

  @Test("step runs one action and moves now to its time; advance(by:) and advance(to:)")
  func stepping() {
    let scheduler = TestScheduler()
    let log = LogBox()
    for second in 1...5 {
      scheduler.schedule(after: .seconds(second)) { log.add("\(second)") }
    }
    #expect(scheduler.step())
    #expect(scheduler.now == .seconds(1))
    scheduler.step(2)
    #expect(log.lines == ["1", "2", "3"])
    scheduler.advance(by: .milliseconds(500))
    #expect(scheduler.now == .milliseconds(3_500))
    #expect(log.lines.count == 3)
    scheduler.advance(to: .seconds(10))
    #expect(log.lines == ["1", "2", "3", "4", "5"])
    #expect(scheduler.now == .seconds(10))
    #expect(!scheduler.step())
  }

  @Test("cancelled actions are skipped; repeating actions repeat at each interval")
  func cancellationAndRepeating() {
    let scheduler = TestScheduler()
    let log = LogBox()
    scheduler.schedule(after: .seconds(1)) { log.add("cancelled") }?.dispose()
    let ticker = scheduler.schedule(after: .seconds(1), repeating: .seconds(2), leeway: .zero) {
      log.add("tick \(scheduler.now)")
    }
    scheduler.advance(to: .seconds(5))
    ticker?.dispose()
    scheduler.advance(to: .seconds(20))
    #expect(log.lines == ["tick 1.0 seconds", "tick 3.0 seconds", "tick 5.0 seconds"])
  }

  @Test("Schedulers.current is the test scheduler while its actions run")
  func current() {
    let scheduler = TestScheduler()
    let seen = LogBox()
    scheduler.schedule { seen.add(Schedulers.current === scheduler ? "test" : "other") }
    scheduler.run()
    #expect(seen.lines == ["test"])
    #expect(Schedulers.current == nil || Schedulers.current === MainScheduler.shared)
  }

  @Test("scheduleRecursive reschedules after each run returns")
  func recursive() {
    let scheduler = TestScheduler()
    let count = LogBox()
    scheduler.scheduleRecursive { reschedule in
      count.add("run")
      if count.lines.count < 5 { reschedule() }
    }
    scheduler.run()
    #expect(count.lines.count == 5)
  }

  @Test("async advance lets other tasks run between actions")
  func asyncAdvance() async {
    let scheduler = TestScheduler()
    let log = LogBox()
    scheduler.schedule(after: .seconds(1)) { log.add("one") }
    await scheduler.advance(by: .seconds(1))
    #expect(log.lines == ["one"])
  }

  @Test("thread-safe: actions scheduled from many threads all run")
  func threadSafe() {
    let scheduler = TestScheduler()
    let count = LogBox()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<1_000 { scheduler.schedule { count.add("") } }
    }
    scheduler.run()
    #expect(count.lines.count == 4_000)
  }
}

@Suite("Recording and marbles", .checksLiveSubscriptions)
struct MarbleTests {
  @Test("record keeps each event with its virtual time")
  func record() throws {
    let scheduler = TestScheduler()
    let signal = try scheduler.coldSignal("-a--b|", values: ["a": 1, "b": 2])
    let recorder = scheduler.record(signal)
    scheduler.run()
    #expect(
      recorder.events == [
        Recorded(time: .seconds(1), event: .next(1)), Recorded(time: .seconds(4), event: .next(2)),
        Recorded(time: .seconds(5), event: .completed),
      ])
  }

  @Test("a recording that is released ends its subscription; nothing keeps the two alive")
  func releasedRecording() {
    let scheduler = TestScheduler()
    let ledger = SubscriptionLedger()
    weak var released: RecordedEvents<Int, Never>?
    let ticks = Signal.interval(.seconds(1), on: scheduler)
    ledger.withLedger {
      var recorder: RecordedEvents<Int, Never>? = scheduler.record(ticks)
      scheduler.advance(by: .seconds(2))
      #expect(recorder?.values == [0, 1])
      #expect(ledger.liveCount > 0)
      released = recorder
      recorder = nil
    }
    // Before, the recording and its subscription's handlers held each other, and the interval
    // ticked into the recording for as long as the scheduler ran.
    #expect(released == nil)
    #expect(ledger.liveCount == 0)
    scheduler.advance(by: .seconds(2))
    #expect(!scheduler.step())
  }

  @Test("cold signals start at each subscription; groups share a tick; # is the error")
  func cold() throws {
    let scheduler = TestScheduler(tick: .milliseconds(10))
    let signal = try scheduler.coldSignal(
      "-(ab)-#", values: ["a": 1, "b": 2], error: MarbleFailure.boom)
    scheduler.advance(by: .milliseconds(100))
    scheduler.expectMarbles(signal, "-(ab)-#", values: ["a": 1, "b": 2], error: .boom)
  }

  @Test("hot signals run from now; what precedes ^ already happened")
  func hot() throws {
    let scheduler = TestScheduler()
    let prices = try scheduler.hotSignal("-a-^-b--c|", values: ["a": 1, "b": 2, "c": 3])
    scheduler.advance(by: .seconds(2))
    let recorder = scheduler.record(prices)
    scheduler.run()
    #expect(recorder.values == [3])
    #expect(recorder.events.map(\.time) == [.seconds(5), .seconds(6)])
  }

  @Test("syntax errors point at the column: unbalanced (, unknown value")
  func syntaxErrors() {
    let unclosed = #expect(throws: MarbleSyntaxError.self) {
      _ = try MarbleTimeline<Int, Never>("--(ab", values: ["a": 1, "b": 2])
    }
    #expect(unclosed?.column == 3)
    #expect(unclosed?.description.contains("'(' is never closed") == true)
    #expect(unclosed?.description.hasSuffix("\n    ^") == true)
    let unknown = #expect(throws: MarbleSyntaxError.self) {
      _ = try MarbleTimeline<Int, Never>("-a-z-|", values: ["a": 1])
    }
    #expect(unknown?.column == 4)
    #expect(unknown?.problem.contains("no value for 'z'") == true)
    let unopened = #expect(throws: MarbleSyntaxError.self) {
      _ = try MarbleTimeline<Int, Never>("-a)-|", values: ["a": 1])
    }
    #expect(unopened?.column == 3)
  }

  @Test("expectMarbles reports a readable diff of the two timelines")
  func diff() throws {
    let scheduler = TestScheduler()
    let signal = try scheduler.coldSignal("--a---b|", values: ["a": 1, "b": 2])
    withKnownIssue("Expected: expectMarbles must report these two different timelines") {
      scheduler.expectMarbles(signal, "--a--b--|", values: ["a": 1, "b": 2])
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("expected: --a--b--|") && text.contains("actual:   --a---b|")
    }
  }

  @Test("text and SVG diagrams of a recorded merge of two signals; the SVG parses back")
  func diagrams() throws {
    let scheduler = TestScheduler()
    let leftSignal = try scheduler.coldSignal(
      "-1--2---|", values: ["1": 1, "2": 2], error: MarbleFailure.boom)
    let rightSignal = try scheduler.coldSignal(
      "---a---#", values: ["a": 10], error: MarbleFailure.boom)
    let left = scheduler.record(leftSignal)
    let right = scheduler.record(rightSignal)
    let merged = scheduler.record(leftSignal.merge(rightSignal))
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick)
      .lane("left", left).lane("right", right).lane("merged", merged)
    #expect(
      diagram.text == """
        left    -1----2---|
        right   ---10----#
        merged  -1-10-2--#
        # in right, at tick 7: boom
        # in merged, at tick 7: boom
        """)
    let parser = XMLParser(data: Data(diagram.svg.utf8))
    let counter = SVGElementCounter()
    parser.delegate = counter
    #expect(parser.parse())
    // Six value pills, the key's sample pill and the white background.
    #expect(counter.counts["rect"] == 8)
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("diagram-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: file) }
    try diagram.writeSVG(to: file)
    #expect(try String(contentsOf: file, encoding: .utf8) == diagram.svg)
    #expect(counter.counts["svg"] == 1)
  }
}

extension TestSchedulerTests {
  @Test("diagram text: short labels in full, long ones by a legend; groups; nothing after the end")
  func diagramLabels() throws {
    let scheduler = TestScheduler()
    let words = try scheduler.coldSignal(
      "-(ab)-c|", values: ["a": "apple", "b": "-7", "c": "(long)"])
    let short = try scheduler.coldSignal("--x|", values: ["x": "ok"])
    let wordsRecorded = scheduler.record(words)
    let shortRecorded = scheduler.record(short)
    scheduler.run()
    let diagram = MarbleDiagram(tick: scheduler.tick)
      .lane("words", wordsRecorded).lane("short", shortRecorded)
    // "apple" is longer than fullLabelLimit: drawn "a", explained once; "(long)" starts with a
    // marble symbol, so it is drawn "*"; a column holding a wide cell gets a separating "-".
    #expect(MarbleDiagram.fullLabelLimit == 3)
    #expect(
      diagram.text == """
        words  -(a,-7)----*|
        short  --------ok-|
        a in words: apple
        * in words: (long)
        """)
  }
}

/// A failure for marble tests.
enum MarbleFailure: Error, Equatable {
  case boom
}

/// Counts the elements of a parsed XML document.
final class SVGElementCounter: NSObject, XMLParserDelegate, @unchecked Sendable {
  var counts: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    counts[elementName, default: 0] += 1
  }
}

/// A thread-safe log of lines.
final class LogBox: @unchecked Sendable {
  // Lock discipline: `storage` only with `lock` held.
  private let lock = NSLock()
  private var storage: [String] = []
  var lines: [String] { lock.withLock { storage } }
  func add(_ line: String) { lock.withLock { storage.append(line) } }
}

@Suite("TestScheduler's async advance runs actions on the caller's actor", .checksLiveSubscriptions)
@MainActor
struct TestSchedulerIsolationTests {
  @Test(
    "advance(by:), advance(to:) and run() from a @MainActor test run the actions on the main queue"
  )
  func actionsRunOnTheCallersActor() async {
    // The main actor runs its jobs on the main queue (on Linux, not always on the main thread):
    // a queue-specific value tells code running there.
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    let onMainQueue = ThreadRecord()
    let scheduler = TestScheduler()
    for second in 1...3 {
      _ = scheduler.schedule(after: .seconds(second)) {
        onMainQueue.note(DispatchQueue.getSpecific(key: key) == 1)
      }
    }
    await scheduler.advance(by: .seconds(1))
    await scheduler.advance(to: .seconds(2))
    await scheduler.run()
    let bodyOnMainQueue = DispatchQueue.getSpecific(key: key) == 1
    #expect(bodyOnMainQueue)
    #expect(onMainQueue.notes == [true, true, true])
  }
}

/// Where each scheduled action ran.
///
/// Lock discipline: `recorded` is read and written only under `lock`.
private final class ThreadRecord: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [Bool] = []

  func note(_ onMainThread: Bool) { lock.withLock { recorded.append(onMainThread) } }

  var notes: [Bool] { lock.withLock { recorded } }
}
