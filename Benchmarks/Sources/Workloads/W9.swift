import RACSwift

// W9: N synchronous executions of a button's work — through a Command (execute, subscribe to
// the result) and through a ButtonSignal (trigger, work, one long-lived subscriber) — plus a
// closure loop doing the same bookkeeping by hand (disable, run the work, deliver, enable).
// The article "Improving RACCommand", which ButtonSignal follows, claims its exclusive button is
// cheaper than RACCommand; ButtonSignal must be the cheaper of the two. The work is `just(i)`; the subscriber sums.
let w9 = Workload(
  id: "W9", title: "button executions: Command vs ButtonSignal", unit: "execution",
  count: 10_000,
  implementations: [
    Implementation(name: W9.command) { n, meter in
      let sum = Counter()
      let command = Command<Int, Int, Never>(scheduler: ImmediateScheduler()) { .just($0) }
      meter.start()
      for value in 0..<n {
        command.execute(value).subscribe(next: { sum.value &+= $0 })
      }
      meter.stop()
      return sum.value
    },
    Implementation(name: W9.buttonSignal) { n, meter in
      let sum = Counter()
      let control = BenchmarkButton()
      let button = ButtonSignal(control: control) { (value: Int) in Signal<Int, Never>.just(value) }
      let subscription = button.subscribe(next: { sum.value &+= $0 })
      meter.start()
      for value in 0..<n { control.tap(value) }
      meter.stop()
      subscription.dispose()
      button.dispose()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let control = BenchmarkButton()
      let work: (Int) -> Int = opaque { $0 }
      let deliver: (Int) -> Void = opaque { sum.value &+= $0 }
      let setEnabled: (Bool) -> Void = opaque { control.isEnabled = $0 }
      meter.start()
      for value in 0..<n {
        setEnabled(false)
        deliver(work(value))
        setEnabled(true)
      }
      meter.stop()
      return sum.value
    },
  ])

extension W9 {
  /// The implementation names of W9.
  public static let command = "Command"
  /// The implementation names of W9.
  public static let buttonSignal = "ButtonSignal"
}

/// W9's namespace.
public enum W9 {}

/// A control for W9: a plain enabled flag and a subject of triggers carrying an `Int`.
final class BenchmarkButton: ActionControl, @unchecked Sendable {
  // Lock discipline: used from the benchmark's one thread only. Without dynamic exclusivity
  // checks, for the reason `Counter` gives: each set would cost a runtime access-set insertion
  // (~75 instructions), paid by ButtonSignal and the closure loop alike.
  @exclusivity(unchecked) var isEnabled = true
  let subject = Subject<Int, Never>()
  var triggers: Signal<Int, Never> { subject }

  /// A tap carrying `value`, delivered only while enabled (as a real button would).
  func tap(_ value: Int) {
    if isEnabled { subject.sendNext(value) }
  }
}
