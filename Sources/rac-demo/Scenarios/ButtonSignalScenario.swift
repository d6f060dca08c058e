import RACSwift
import Synchronization

extension Scenario {
  /// Seed 000: STButtonSignal, as `ButtonSignal`.
  static let buttonSignal = Scenario(
    name: "button-signal",
    title: "button signal: one subscription for every tap's success and failure",
    seed: "000 (STButtonSignal)",
    article: "CommandsAndButtons",
    narration: """
      Seed 000 replaces RACCommand's three outputs with one object: the work for a tap is \
      created in one place, and one subscription receives every tap's values, errors and \
      completions — an error does not end it. The button is disabled exactly while the work \
      runs; a press in between is ignored. Three taps here: success, failure, success.
      """,
    code: """
      let submit = ButtonSignal(control: button) { _ in submission() }
      submit.subscribe(
        next: { receipt in print("ordered", receipt) },
        error: { error in print("failed:", error) })   // survives the error
      """,
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
      var handled: [String] = []
      let subscription = submit.subscribe(
        next: { receipt in handled.append("ordered \(receipt)") },
        error: { error in handled.append("failed: \(error)") },
        isolation: nil)
      defer { subscription.dispose() }
      stage.record("presses", button.triggers) { _ in "p" }
      let enabled = stage.record("enabled", button.enabledChanges) { $0 ? "T" : "F" }
      let results = stage.record("results", submit.events) { event in
        switch event {
        case .next(let receipt): "\(receipt.number)"
        case .error: "x"
        case .completed: "c"
        }
      }

      for round in 1...3 {
        stage.log("pressed \(button.face): \(button.press() ? "accepted" : "ignored")")
        stage.step()
        stage.log("pressed \(button.face): \(button.press() ? "accepted" : "ignored")")
        stage.step()
        stage.log("the subscription has handled \(handled)")
        if round < 3 { stage.step() }
      }

      // The control is disabled exactly while work runs: each re-enable is at the tick the
      // work ended, each disable at the tick of an accepted press.
      let enabledTicks = enabled.events.map { Int($0.time / clock.tick) }
      let endTicks = results.events.filter { $0.event.value?.isTerminal ?? false }
        .map { Int($0.time / clock.tick) }
      return .check(
        handled == ["ordered receipt #1", "failed: card declined", "ordered receipt #3"]
          && enabled.values == [false, true, false, true, false, true]
          && enabledTicks == [0, 2, 3, 5, 6, 8] && endTicks == [2, 5, 8],
        "one subscription handled success, failure, success; the button was disabled exactly "
          + "while each tap's work ran",
        failure: "handled \(handled); enabled \(enabled.values) at \(enabledTicks); "
          + "work ended at \(endTicks)")
    })
}
