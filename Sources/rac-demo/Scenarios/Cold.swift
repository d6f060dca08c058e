import RACSwift
import Synchronization

extension Scenario {
  /// Seed 004's "missiles": side effects run once per subscription.
  static let cold = Scenario(
    name: "cold",
    title: "cold signals: side effects run once per subscription",
    seed: "004 (RAC design guidelines)",
    narration: """
      A signal is cold: creating it runs nothing, and every subscription runs its work again. \
      Here a map counts how many times it has run; two subscriptions to the same signal launch \
      the missiles twice.
      """,
    code: """
      let processed = Signal.just("missiles").map { name in
        "will launch \\(missilesToLaunch.add(1)) \\(name)"
      }
      processed.subscribe(next: { print("First", $0) })
      processed.subscribe(next: { print("Second", $0) })
      """,
    run: { log in
      let missilesToLaunch = Atomic<Int>(0)
      let processed = Signal.just("missiles").map { name in
        "will launch \(missilesToLaunch.wrappingAdd(1, ordering: .relaxed).newValue) \(name)"
      }
      var lines: [String] = []
      processed.subscribe(next: { lines.append("First \($0)") })
      processed.subscribe(next: { lines.append("Second \($0)") })
      lines.forEach(log)
      return .check(
        lines == ["First will launch 1 missiles", "Second will launch 2 missiles"],
        "each subscription ran the map again: 1 then 2")
    })
}
