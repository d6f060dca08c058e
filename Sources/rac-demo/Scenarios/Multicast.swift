import RACSwift
import Synchronization

extension Scenario {
  /// Seeds 002/004: share one subscription's work with `replay()`.
  static let multicast = Scenario(
    name: "multicast",
    title: "multicast: run the work once, serve every subscriber",
    seed: "002 (subscription, multicast, subjects) and 004",
    narration: """
      Subscribing twice to a cold signal runs its work twice — two requests for a network \
      signal. replay() subscribes once, now, and replays the result to every subscriber, \
      however late it arrives.
      """,
    code: """
      let request = Signal<String, Never> { subscriber in
        runs += 1; subscriber.sendNext("response"); subscriber.sendCompleted(); return nil
      }
      request.subscribe(…); request.subscribe(…)      // runs the work twice
      let shared = request.replay()                   // runs it once, now
      shared.subscribe(…); shared.subscribe(…)        // both get "response"
      """,
    run: { log in
      let runs = Atomic<Int>(0)
      let request = Signal<String, Never> { subscriber in
        runs.wrappingAdd(1, ordering: .relaxed)
        subscriber.sendNext("response")
        subscriber.sendCompleted()
        return nil
      }
      request.subscribe()
      request.subscribe()
      let cold = runs.load(ordering: .relaxed)
      log("subscribed twice without sharing: the work ran \(cold) times")

      runs.store(0, ordering: .relaxed)
      let shared = request.replay()
      var received: [String] = []
      shared.subscribe(next: { received.append("A got \($0)") })
      shared.subscribe(next: { received.append("B got \($0)") })
      let hot = runs.load(ordering: .relaxed)
      log("through replay(): the work ran \(hot) time; \(received.joined(separator: ", "))")
      return .check(
        cold == 2 && hot == 1 && received == ["A got response", "B got response"],
        "replay() ran the work once and served both subscribers")
    })
}
