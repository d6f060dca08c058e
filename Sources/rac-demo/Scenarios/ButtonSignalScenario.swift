import RACSwift
import RACSwiftTesting
import Synchronization

extension Scenario {
  /// STButtonSignal, an alternative to RACCommand, as `ButtonSignal`.
  static let buttonSignal = Scenario(
    name: "button-signal",
    title: "A button signal: one subscription gets every tap's result, failures included",
    source: """
      From STButtonSignal, which myron-lee's article "Improving RACCommand" (2017) offers in \
      place of ReactiveCocoa 2's RACCommand.
      """,
    article: "CommandsAndButtons",
    narration: """
      A button signal replaces RACCommand's three outputs with one object: the work for a tap is \
      created in one place, and one subscription receives every tap's values, errors and \
      completions — an error does not end it. The button is disabled exactly while the work \
      runs — at once: a button signal sets it itself — and a press in between is ignored. \
      Three taps here: success, failure, success.
      """,
    code: """
      let submit = ButtonSignal(control: button) { _ in submission() }
      submit.subscribe(
        next: { receipt in print("ordered", receipt) },
        error: { error in print("failed:", error) })   // survives the error
      """,
    labels: [
      ("s", "a press that started a tap's work (it takes two steps)"),
      ("i", "a press the disabled button ignored"),
      ("T, F", "true, false"),
      ("1, 3", "the number of a receipt"),
      ("x", "a tap's work failed (the subscription lives on)"),
      ("c", "a tap's work completed (the subscription lives on)"),
    ],
    run: { stage in
      let clock = stage.clock
      let submissions = Atomic<Int>(0)
      let button = TerminalButton("Pay")
      let submit = ButtonSignal(control: button) { _ in
        let number = submissions.wrappingAdd(1, ordering: .relaxed).newValue
        let outcome: Signal<Receipt, OrderError> =
          number == 2
          ? .error(OrderError(reason: "card declined")) : .just(Receipt(number: number))
        return Signal<Void, OrderError>.just(()).delay(.seconds(2), on: clock).then { outcome }
      }
      defer { submit.dispose() }
      // What the subscription's handlers printed, with the handler that printed it.
      var handled: [(handler: String, printed: String)] = []
      let subscription = submit.subscribe(
        next: { receipt in handled.append(("next", "ordered \(receipt)")) },
        error: { error in handled.append(("error", "failed: \(error)")) },
        isolation: nil)
      defer { subscription.dispose() }
      let presses = Subject<String, Never>()
      let pressed = stage.record("presses", presses)
      // The button's state now, then every change.
      let enabled = stage.record(
        "enabled", button.enabledChanges.startWith(button.isEnabled)
      ) { $0 ? "T" : "F" }
      let results = stage.record("results", submit.events) { event in
        switch event {
        case .next(let receipt): "\(receipt.number)"
        case .error: "x"
        case .completed: "c"
        }
      }
      // Presses the button and tells what became of the press.
      func press() {
        let face = button.face
        let before = submissions.load(ordering: .relaxed)
        let accepted = button.press()
        let started = submissions.load(ordering: .relaxed) > before
        presses.sendNext(started ? "s" : "i")
        stage.log(
          "pressed \(face): "
            + (started
              ? "tap #\(before + 1)'s work started; the button: \(button.face)"
              : accepted ? "passed on, but no work started" : "the disabled button ignored it"))
      }

      stage.log("the button: \(button.faceExplained)")
      for _ in 1...3 {
        stage.step()
        press()
        stage.step()
        press()
        stage.step()
        let told = handled.last.map { last in
          "the subscription's \(last.handler) handler printed \(quoted(last.printed))"
            + (last.handler == "error" ? ", and the subscription lives on" : "")
        }
        stage.log("\(told ?? "no handler ran"); the button: \(button.face)")
      }

      // The control is disabled exactly while work runs: each re-enable is at the step the
      // work ended, each disable at the step of a press that started work.
      let enabledTicks = enabled.events.map { Int($0.time / clock.tick) }
      let endTicks = results.events.filter { $0.event.value?.isTerminal ?? false }
        .map { Int($0.time / clock.tick) }
      return .check(
        handled.map(\.printed) == [
          "ordered receipt #1", "failed: card declined", "ordered receipt #3",
        ]
          && pressed.values == ["s", "i", "s", "i", "s", "i"]
          && enabled.values == [true, false, true, false, true, false, true]
          && enabledTicks == [0, 1, 3, 4, 6, 7, 9] && endTicks == [3, 6, 9],
        "one subscription handled all \(counted(handled.count, "tap")): "
          + phrase(handled.map { $0.handler == "error" ? "a failure" : "a receipt" })
          + "; the button was disabled exactly while each "
          + "tap's work ran, and ignored \(counted(pressed.values.filter { $0 == "i" }.count, "press"))",
        failure:
          "handled \(handled.map(\.printed)); presses \(pressed.values); enabled \(enabled.values) at "
          + "\(enabledTicks); work ended at \(endTicks)")
    })
}
