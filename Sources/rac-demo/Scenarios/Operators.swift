import RACSwift
import RACSwiftTesting
import Synchronization

/// The error of the operators scenario's second step.
struct SaveError: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

extension Scenario {
  /// Seed 004's operator chains, with the names RACSwift gives them.
  static let operators = Scenario(
    name: "operators",
    title: "operators: seed 004's zip/filter/map and then/catch chains, with their names",
    seed: "004 (RAC design guidelines: chain indentation, naming signals)",
    article: "FromReactiveCocoa2",
    narration: """
      Seed 004 shows two chains. The first zips two signals, adds each pair, drops negative \
      sums and adds one; the second runs a step after a signal completes and recovers from \
      its error. Every operator names its result after its input, so a chain's name reads \
      like the chain (RAC's -description) — printed below.
      """,
    code: """
      let result = Signal.zip(first, second)
        .map { $0 + $1 }
        .filter { $0 >= 0 }
        .map { $0 + 1 }

      signal
        .then { doSomethingElse().catch { error in presentError(error); return .empty } }
        .subscribe(completed: { print("All done.") })
      """,
    labels: [
      "1, 10, (-7) …  the values of first, second and result",
      "v  a value of signal (then ignores it, and waits for the completion)",
    ],
    run: { stage in
      let clock = stage.clock
      guard
        let first = try? clock.coldSignal("-1--2--3|", values: ["1": 1, "2": 2, "3": 3])
          .setName("first"),
        let second = try? clock.coldSignal("--a-b-c|", values: ["a": 10, "b": -7, "c": 5])
          .setName("second"),
        let signal = try? clock.coldSignal("-v-v|", values: ["v": "v"]).setName("signal"),
        let doSomethingElse = try? clock.coldSignal(
          "--#", values: [Character: String](), error: SaveError()
        )
        .setName("doSomethingElse")
      else { return .check(false, "", failure: "a marble string did not parse") }

      let result = Signal.zip(first, second)
        .map { $0 + $1 }
        .filter { $0 >= 0 }
        .map { $0 + 1 }
      stage.record("first", first)
      stage.record("second", second)
      let sums = stage.record("result", result)
      stage.log("result.name: \(result.name)")
      clock.run()
      stage.log(
        "result sent \(phrase(sums.values.map(String.init))): (1+10)+1 and (3+5)+1; "
          + "2+(-7) < 0 was filtered out")

      stage.step()
      let presented = Mutex<[String]>([])
      let chain = signal.then {
        doSomethingElse.catch { error in
          presented.withLock { $0.append("\(error)") }
          return .empty
        }
      }
      stage.log("chain.name: \(chain.name)")
      stage.record("signal", signal)
      let chained = stage.record("then/catch", chain)
      clock.run()
      let errors = presented.withLock { $0 }
      stage.log("presentError was called with \(phrase(errors.map(quoted)))")
      if chained.isTerminated { stage.log("All done.") }

      return .check(
        sums.values == [12, 9] && chained.isTerminated && chained.values.isEmpty
          && errors == ["disk full"]
          && result.name.hasSuffix("-filter:] -map:") && chain.name.contains("-then:"),
        "zip/filter/map sent 12 and 9; then/catch recovered from the error and completed",
        failure: "result \(sums.values); presented \(errors); completed \(chained.isTerminated)")
    })
}
