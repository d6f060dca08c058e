import RACSwift
import RACSwiftTesting
import Synchronization

/// The error of the operators scenario's second step.
struct SaveError: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

extension Scenario {
  /// The operator chains of RAC's Design Guidelines, with the names RACSwift gives them.
  static let operators = Scenario(
    name: "operators",
    title: "Two operator chains — zip, filter, map; then, catch — and the names chains get",
    source: """
      From ReactiveCocoa 2's Design Guidelines, on laying out chains of operators and naming \
      signals (-setNameWithFormat:, -description).
      """,
    article: "FromReactiveCocoa2",
    narration: """
      RAC's Design Guidelines show two chains. The first zips two signals, adds each pair, \
      drops negative sums and adds one; the second waits for a signal to complete, then runs \
      doSomethingElse() and recovers from its error. Every operator names its result after its \
      input, so a chain's name reads like the chain (RAC's -description) — printed below.
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
      ("1, 2, 3", "the values of first"),
      ("10, -7, 5", "the values of second"),
      ("12, 9", "the values of result"),
      ("v", "a value of signal (then ignores it, and waits for the completion)"),
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
      // What zip paired, for the story (not drawn): the diagram shows what result made of it.
      let pairs = clock.record(Signal.zip(first, second))
      let sums = stage.record("result", result)
      stage.log("result.name: \(result.name)")
      var told = (pairs: 0, sums: 0)
      var filteredOut: [Int] = []
      while !sums.isTerminated, stage.now < 50 {
        stage.step()
        let newPairs = pairs.values.dropFirst(told.pairs)
        let sent = sums.values.dropFirst(told.sums)
        told = (pairs.values.count, sums.values.count)
        guard !newPairs.isEmpty || sums.isTerminated else { continue }
        var what = newPairs.map { "zip paired \($0.0) and \($0.1)" }
        let dropped = newPairs.map { $0.0 + $0.1 }.filter { $0 < 0 }
        filteredOut += dropped
        what += dropped.map { "their sum \($0) is negative: filter dropped it" }
        let kept = newPairs.filter { $0.0 + $0.1 >= 0 }.map { "(\($0.0)+\($0.1))+1" }
        if !sent.isEmpty {
          what.append("result sent \(phrase(sent.map(String.init))): \(phrase(kept))")
        }
        if sums.isTerminated { what.append("result completed") }
        stage.log(what.joined(separator: "; "))
      }

      let attempt = Subject<String, SaveError>()
      let presented = Mutex<[String]>([])
      // What doSomethingElse() sends, recorded from the moment then subscribes to it.
      var attempted: RecordedEvents<String, SaveError>?
      let chain = signal.then {
        attempted = clock.record(attempt)
        return
          doSomethingElse
          .doNext { attempt.sendNext($0) }
          .doError { attempt.sendError($0) }
          .catch { error in
            presented.withLock { $0.append("\(error)") }
            return .empty
          }
      }
      stage.log("chain.name: \(chain.name)")
      let source = stage.record("signal", signal)
      stage.laterLane("doSomethingElse") { attempted }
      let chained = stage.record("then/catch", chain)
      var valuesTold = 0
      var completionTold = false
      var failureTold = false
      while !chained.isTerminated, stage.now < 50 {
        stage.step()
        var what: [String] = []
        let values = source.values.dropFirst(valuesTold)
        valuesTold = source.values.count
        if !values.isEmpty { what.append("signal sent \(phrase(Array(values))): then ignores it") }
        if source.isTerminated, !completionTold {
          completionTold = true
          what.append("signal completed: then subscribed to doSomethingElse()")
        }
        if let failure = attempted?.events.last?.event.error, !failureTold {
          failureTold = true
          what.append(
            "doSomethingElse() failed with \(quoted("\(failure)")): catch called presentError "
              + "with \(phrase(presented.withLock { $0 }.map(quoted))) and went on with empty")
        }
        if chained.isTerminated { what.append("the chain completed: All done.") }
        if !what.isEmpty { stage.log(what.joined(separator: "; ")) }
      }
      let errors = presented.withLock { $0 }

      return .check(
        sums.values == [12, 9] && filteredOut == [-5] && chained.isTerminated
          && chained.values.isEmpty && errors == ["disk full"]
          && attempted?.events.last?.event.error != nil
          && result.name.hasSuffix("-filter:] -map:") && chain.name.contains("-then:"),
        "zip/filter/map sent \(phrase(sums.values.map(String.init))) and dropped the negative "
          + "sum \(phrase(filteredOut.map(String.init))); then/catch turned doSomethingElse()'s "
          + "error \(phrase(errors.map(quoted))) into a completion",
        failure: "result \(sums.values); presented \(errors); completed \(chained.isTerminated)")
    })
}
