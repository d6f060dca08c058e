import RACSwift
import Synchronization

/// What the order button's submission produces.
struct Receipt: Sendable, CustomStringConvertible {
  let number: Int
  var description: String { "receipt #\(number)" }
}

/// Why a submission failed.
struct OrderError: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}

extension Scenario {
  /// Seed 001: the order-submission button, with a command.
  static let command = Scenario(
    name: "command",
    title: "command: a button that cannot submit an order twice",
    seed: "001 (RACCommand and the order button)",
    article: "CommandsAndButtons",
    narration: """
      A Command runs the work behind a button. While a submission is in flight the command is \
      disabled, so the button bound to it is too: three rapid presses and one more a step \
      later make one order. `enabled` and `executing` are signals of the command's state; a \
      failing submission arrives on `errors` as a value, and the button works again after it. \
      The submission takes two steps of the story's virtual clock.
      """,
    code: """
      let submit = Command<TerminalButton, Receipt, OrderError>(scheduler: clock) { _ in
        submission()                       // a request: a receipt or an OrderError
      }
      button.bind(submit)                  // enabled follows the command; presses execute it
      submit.executionSignals.flatten()    // the receipts
      submit.errors                        // the failures, as values
      """,
    run: { stage in
      let clock = stage.clock
      let submissions = Atomic<Int>(0)
      let button = TerminalButton("Submit order")
      let submit = Command<TerminalButton, Receipt, OrderError>(
        name: "submit", scheduler: clock
      ) { _ in
        let number = submissions.wrappingAdd(1, ordering: .relaxed).newValue
        let outcome: Signal<Receipt, OrderError> =
          number == 2
          ? .error(OrderError(reason: "card declined")) : .just(Receipt(number: number))
        return Signal<Void, OrderError>.just(()).delay(.seconds(2), on: clock)
          .then { outcome }
      }
      let binding = button.bind(submit)
      defer { binding.dispose() }
      let flag: (Bool) -> String = { $0 ? "T" : "F" }
      stage.record("presses", button.triggers) { _ in "p" }
      let enabled = stage.record("enabled", submit.enabled, label: flag)
      let executing = stage.record("executing", submit.executing, label: flag)
      let receipts = stage.record("receipts", submit.executionSignals.flatten()) {
        "\($0.number)"
      }
      let errors = stage.record("errors", submit.errors) { _ in "x" }

      func press(_ times: Int) {
        let accepted = (0..<times).map { _ in button.press() }.filter { $0 }.count
        let what = times == 1 ? "pressed \(button.face)" : "pressed it \(times) times, rapidly:"
        stage.log("\(what) \(accepted) accepted by the button")
      }
      stage.log("the button: \(button.face)")
      press(3)
      stage.step()
      stage.log("the button: \(button.face) — a submission is in flight")
      press(1)
      stage.step(2)
      stage.log("the button: \(button.face) — \(receipts.values.map(\.description))")
      stage.step()
      press(1)
      stage.step(2)
      stage.log("the button: \(button.face) — errors sent \(errors.values.map(\.reason))")
      stage.step()
      press(1)
      stage.step(2)
      stage.log("the button: \(button.face) — \(receipts.values.map(\.description))")

      let ordered = submissions.load(ordering: .relaxed)
      return .check(
        ordered == 3 && receipts.values.map(\.number) == [1, 3]
          && errors.values.map(\.reason) == ["card declined"]
          && enabled.values == [true, false, true, false, true, false, true]
          && executing.values == [false, true, false, true, false, true, false]
          && !receipts.isTerminated,
        "4 presses while in flight made 1 order; the failure came as a value on errors and "
          + "the button kept working",
        failure: "submissions \(ordered), receipts \(receipts.values.map(\.number)), "
          + "enabled \(enabled.values), executing \(executing.values)")
    })
}
