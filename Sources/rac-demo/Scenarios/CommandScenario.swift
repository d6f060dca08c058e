import RACSwift
import RACSwiftTesting
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
  /// RACCommand behind an order button: one submission at a time, failures as values.
  static let command = Scenario(
    name: "command",
    title: "A button bound to a command: one order at a time, failures as values",
    source: """
      From ReactiveCocoa 2's RACCommand behind a button's rac_command (enabled, executing, \
      executionSignals, errors), as the article \(unbroken(#""ReactiveCocoa 中 RACCommand底层实现分析""#)) \
      (An analysis of RACCommand's implementation in ReactiveCocoa) walks through it.
      """,
    article: "CommandsAndButtons",
    narration: """
      A Command runs the work behind a button. While a submission is in flight the command is \
      disabled, and so is the button bound to it — but the button learns that on the \
      command's scheduler, the story's clock, so three rapid presses all reach the command: it \
      starts one submission and refuses the other two. A step later the button is disabled and \
      ignores a press. `enabled` and `executing` are signals of the command's state, starting \
      with its state now; a failing submission arrives on `errors` as a value, and the button \
      works again after it. A submission takes two steps of the story's virtual clock. At the \
      end the screen closes: every signal of a command completes when the command goes away.
      """,
    code: """
      let submit = Command<TerminalButton, Receipt, OrderError>(scheduler: clock) { _ in
        submission()                       // a request: a receipt or an OrderError
      }
      button.bind(submit)                  // enabled follows the command; presses execute it
      submit.executionSignals.flatten()    // the receipts
      submit.errors                        // the failures, as values
      """,
    labels: [
      ("s", "a press that started a submission"),
      ("r", "a press the command refused: it was already executing"),
      ("i", "a press the disabled button ignored"),
      ("T, F", "true, false"),
      ("1, 3", "the number of a receipt"),
      ("x", "a submission's error, sent on errors as a value"),
    ],
    run: { stage in
      let clock = stage.clock
      let submissions = Atomic<Int>(0)
      let button = TerminalButton("Submit order")
      let presses = Subject<String, Never>()
      let pressed = stage.record("presses", presses)
      let flag: (Bool) -> String = { $0 ? "T" : "F" }

      // The screen: the command lives while it is open, and goes away when it closes.
      func openScreen() -> CommandRecordings {
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
        let recordings = CommandRecordings(
          enabled: stage.record("enabled", submit.enabled, label: flag),
          executing: stage.record("executing", submit.executing, label: flag),
          receipts: stage.record("receipts", submit.executionSignals.flatten()) {
            "\($0.number)"
          },
          errors: stage.record("errors", submit.errors) { _ in "x" })
        var reported = (receipts: 0, errors: 0)
        // Moves the story on one step and tells what arrived.
        func step() {
          stage.step()
          for receipt in recordings.receipts.values.dropFirst(reported.receipts) {
            stage.log(
              "submission #\(receipt.number) ended: \(receipt) on executionSignals; "
                + "the button: \(button.face)")
          }
          for error in recordings.errors.values.dropFirst(reported.errors) {
            stage.log(
              "a submission failed: \(quoted(error.reason)) on errors, as a value; "
                + "the button: \(button.face)")
          }
          reported = (recordings.receipts.values.count, recordings.errors.values.count)
        }
        // Presses the button `times` times and tells what became of the presses.
        func press(_ times: Int) {
          let face = button.face
          var outcomes: [String] = []
          for _ in 0..<times {
            let before = submissions.load(ordering: .relaxed)
            let outcome =
              !button.press()
              ? "i" : submissions.load(ordering: .relaxed) > before ? "s" : "r"
            outcomes.append(outcome)
            presses.sendNext(outcome)
          }
          var what: [String] = []
          if outcomes.contains("s") {
            what.append("submission #\(submissions.load(ordering: .relaxed)) started")
          }
          let refused = outcomes.filter { $0 == "r" }.count
          if refused > 0 { what.append("the command refused \(refused): it was executing") }
          let ignored = outcomes.filter { $0 == "i" }.count
          if ignored > 0 {
            what.append("the disabled button ignored " + (times == 1 ? "it" : "\(ignored)"))
          }
          let pressed = times == 1 ? "pressed \(face)" : "pressed \(face) \(times) times, rapidly"
          stage.log("\(pressed): \(what.joined(separator: "; "))")
        }

        stage.log("the button: \(button.faceExplained); the command is enabled and not executing")
        step()
        press(3)
        step()
        press(1)
        step()
        step()
        press(1)
        step()
        step()
        step()
        press(1)
        step()
        step()
        step()
        binding.dispose()
        return recordings
      }
      let recordings = openScreen()
      // The command is gone; what its scheduler still had to deliver is delivered now.
      clock.run()
      let endings = recordings.endings(tick: clock.tick)
      let completed = endings.filter { $0 == stage.now }.count
      stage.log(
        "the screen closed: the binding is disposed and the command released; "
          + (completed == endings.count
            ? "its \(completed) signals completed"
            : "\(completed) of its \(endings.count) signals completed"))

      let ordered = submissions.load(ordering: .relaxed)
      let enabled = recordings.enabled
      let executing = recordings.executing
      let outcomes = pressed.values
      let ticks = { (recorded: RecordedEvents<Bool, Never>) in
        recorded.events.map { Int($0.time / clock.tick) }
      }
      let receipts = recordings.receipts.values.count
      let failures = recordings.errors.values.count
      let count = { (outcome: String) in outcomes.filter { $0 == outcome }.count }
      return .check(
        ordered == 3 && recordings.receipts.values.map(\.number) == [1, 3]
          && recordings.errors.values.map(\.reason) == ["card declined"]
          && enabled.values == [true, false, true, false, true, false, true]
          && ticks(enabled) == [0, 1, 3, 4, 6, 7, 9, 10]
          && executing.values == [false, true, false, true, false, true, false]
          && outcomes == ["s", "r", "r", "i", "s", "s"]
          && endings == [10, 10, 10, 10],
        "\(counted(outcomes.count, "press")) started \(counted(count("s"), "submission")) "
          + "(\(counted(receipts, "receipt")) and \(counted(failures, "failure"))): the command "
          + "refused \(count("r")) while one ran and the disabled button ignored \(count("i")); "
          + "the failure came as a value on errors and the button kept working; the command's "
          + "signals completed when it went away",
        failure: "submissions \(ordered), presses \(outcomes), "
          + "receipts \(recordings.receipts.values.map(\.number)), "
          + "enabled \(enabled.values) at \(ticks(enabled)), executing \(executing.values)")
    })
}

/// What the command scenario records of its command.
private struct CommandRecordings {
  let enabled: RecordedEvents<Bool, Never>
  let executing: RecordedEvents<Bool, Never>
  let receipts: RecordedEvents<Receipt, Never>
  let errors: RecordedEvents<OrderError, Never>

  /// The step at which each of the four signals ended, `nil` for one that has not.
  func endings(tick: Duration) -> [Int?] {
    [enabled.endTime, executing.endTime, receipts.endTime, errors.endTime].map { time in
      time.map { Int($0 / tick) }
    }
  }
}

extension RecordedEvents {
  /// When the recorded signal sent its terminal event; `nil` if it has not.
  var endTime: Duration? { isTerminated ? events.last?.time : nil }
}
