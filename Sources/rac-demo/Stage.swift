import Foundation
import RACSwift
import RACSwiftTesting

/// Where a scenario plays: a story clock that moves one step at a time, the signals it records
/// for the marble diagram, and the lines it reports.
///
/// The clock is a virtual-time `TestScheduler`: a scenario moves it on with ``step(_:)`` between
/// the moments of its story, and may schedule virtual-time work (delays, a command's scheduler)
/// on it. Events arriving from real threads — a network response — are recorded at the step the
/// story is at. A stage is used from the thread running its scenario; the recordings themselves
/// are thread-safe.
final class Stage {
  /// The story's clock: one tick per step.
  let clock = TestScheduler(tick: .seconds(1))
  /// What the scenario reported, in order.
  private(set) var lines: [String] = []
  private var lanes: [(MarbleDiagram) -> MarbleDiagram] = []

  /// The current step, counted from zero.
  var now: Int { Int(clock.now / clock.tick) }

  /// Reports a line, prefixed with the current step.
  func log(_ line: String) { lines.append("t\(now)  \(line)") }

  /// Subscribes to `signal` now and draws what it receives as a lane of the diagram; values are
  /// drawn with `label`.
  @discardableResult
  func record<Value, Failure: Error>(
    _ name: String, _ signal: Signal<Value, Failure>,
    label: @escaping (Value) -> String = { String(describing: $0) }
  ) -> RecordedEvents<Value, Failure> {
    let recorded = clock.record(signal)
    lanes.append { $0.lane(name, recorded, label: label) }
    return recorded
  }

  /// Keeps a lane of the diagram, here among the others, for a recording the story makes later —
  /// from inside an operator's closure, when the operator subscribes: `recording` is read when
  /// the diagram is drawn (`nil`: no lane). Values are drawn with `label`.
  func laterLane<Value, Failure: Error>(
    _ name: String, label: @escaping (Value) -> String = { String(describing: $0) },
    _ recording: @escaping () -> RecordedEvents<Value, Failure>?
  ) {
    lanes.append { diagram in
      recording().map { diagram.lane(name, $0, label: label) } ?? diagram
    }
  }

  /// Moves the story on by `steps`, running the virtual-time work due by then.
  func step(_ steps: Int = 1) { clock.advance(by: clock.tick * steps) }

  /// How long ``wait(timeout:until:)`` waits before it gives up: long enough for a machine busy
  /// with a sanitized test run beside the demo (the io queue's million reschedules took over
  /// 10 s there, where they take a second alone), short enough to report a hang.
  static let waitLimit: Duration = .seconds(60)

  /// ``waitLimit`` in words, for the message of a scenario that gave up.
  static let waitLimitText = "60 s"

  /// Waits, on the real clock, until `condition` holds or `timeout` passes; returns whether it
  /// holds. For events that come from real threads (the network, a queue scheduler).
  func wait(timeout: Duration = Stage.waitLimit, until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      usleep(1_000)
    }
    return true
  }

  /// The marble diagram of everything recorded, one column per step, numbered on a `step`
  /// line, under `title`, with what its `labels` mean.
  func diagram(title: String, labels: [(labels: String, meaning: String)]) -> MarbleDiagram {
    let lanesDrawn = lanes.reduce(MarbleDiagram(tick: clock.tick).ruler("step").titled(title)) {
      diagram, addLane in addLane(diagram)
    }
    return labels.reduce(lanesDrawn) { $0.labels($1.labels, mean: $1.meaning) }
  }
}
