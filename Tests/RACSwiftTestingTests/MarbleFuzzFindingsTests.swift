import RACSwift
import RACSwiftTesting
import Testing

/// What the marble fuzzer found (Fuzz/RESULTS.md), kept found.
@Suite("Marble fuzzer findings", .checksLiveSubscriptions)
struct MarbleFuzzFindingsTests {
  /// Ticks, each with the first tick whose time, divided by the tick as `Double`s, fell short of a
  /// whole number: expectMarbles and diagrams counted it one tick early. A 60 Hz frame from tick
  /// 19 (the fuzzer's input: `a-b--c-a-b--c-nannan`, on a hot signal), the default second from
  /// tick 2,365.
  static let lateTicks: [(tick: Duration, late: Int)] = [
    (.seconds(1.0 / 60), 19), (.seconds(1), 2_365),
  ]

  @Test("expectMarbles counts every tick exactly", arguments: lateTicks)
  func expectMarblesCountsLateTicks(tick: Duration, late: Int) throws {
    let scheduler = TestScheduler(tick: tick)
    let marbles = String(repeating: "-", count: late) + "a|"
    let signal = try scheduler.coldSignal(marbles, values: ["a": 1])
    #expect(scheduler.expectMarbles(signal, marbles, values: ["a": 1]))
  }

  @Test("a diagram puts every mark at its tick", arguments: lateTicks)
  func diagramCountsLateTicks(tick: Duration, late: Int) throws {
    let scheduler = TestScheduler(tick: tick)
    let marbles = String(repeating: "-", count: late) + "a"
    let recorded = scheduler.record(try scheduler.hotSignal(marbles, values: ["a": 1]))
    scheduler.run()
    scheduler.advance(by: tick)
    recorded.dispose()
    let diagram = MarbleDiagram(tick: scheduler.tick).lane("late", recorded)
    // The value at its tick, then the disposal one tick later.
    #expect(diagram.lanes.first?.marks.map(\.tick) == [late, late + 1])
  }
}
