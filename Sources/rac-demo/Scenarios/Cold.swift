import RACSwift
import Synchronization

extension Scenario {
  /// The "missiles" of RAC's Design Guidelines: side effects run once per subscription.
  static let cold = Scenario(
    name: "cold",
    title: "Cold signals: every subscription runs the signal's work again",
    source: """
      From ReactiveCocoa 2's Design Guidelines ("side effects occur for each subscription"), \
      whose example launches missiles once per subscriber.
      """,
    article: "ColdHotAndShared",
    narration: """
      A signal is cold: creating it runs nothing, and every subscription runs its work again. \
      Here a map counts how many times it has run; two subscriptions to the same signal launch \
      the missiles twice — the first subscriber sees 1, the second 2.
      """,
    code: """
      let mapRuns = Atomic<Int>(0)  // how many times the map has run
      let processed = Signal.just("missiles").map { name in
        "will launch \\(mapRuns.wrappingAdd(1, ordering: .relaxed).newValue) \\(name)"
      }
      processed.subscribe(next: { print("First", $0) })
      processed.subscribe(next: { print("Second", $0) })
      """,
    labels: [("1, 2", #"the count in "will launch 1 missiles": how many times the map has run"#)],
    run: { stage in
      let mapRuns = Atomic<Int>(0)
      let processed = Signal.just("missiles").map { name in
        "will launch \(mapRuns.wrappingAdd(1, ordering: .relaxed).newValue) \(name)"
      }
      stage.log("created the signal: the map has run \(mapRuns.load(ordering: .relaxed)) times")
      let count: (String) -> String = { $0.filter(\.isNumber) }
      let first = stage.record("First", processed, label: count)
      for value in first.values { stage.log("First \(value)") }
      stage.step()
      let second = stage.record("Second", processed, label: count)
      for value in second.values { stage.log("Second \(value)") }
      return .check(
        first.values == ["will launch 1 missiles"] && second.values == ["will launch 2 missiles"],
        "each subscription ran the map again: the first subscriber saw "
          + "\(phrase(first.values.map(count))), the second \(phrase(second.values.map(count)))")
    })
}
