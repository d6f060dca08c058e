import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// The RACCommand and STButtonSignal rules that `CommandTests.swift` does not already show.
@Suite("Command and ButtonSignal rules (A10, A12)", .checksLiveSubscriptions)
struct CommandRuleTests {
  let scheduler = TestScheduler()

  @Test("A10-02: the four signals deliver their later values on the command's scheduler")
  func signalsOnScheduler() {
    let queue = QueueScheduler(name: "command-A10-02")
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: queue) { work.signal }
    let onScheduler = Recorder<String, Never>()
    let check: @Sendable (String) -> Void = { name in
      onScheduler.record(.next(Schedulers.current === queue ? name : "\(name) elsewhere"))
    }
    let subscriptions = [
      command.enabled.skip(1).subscribe(next: { _ in check("enabled") }, isolation: nil),
      command.executing.skip(1).subscribe(next: { _ in check("executing") }, isolation: nil),
      command.executionSignals.subscribe(next: { _ in check("execution") }, isolation: nil),
      command.errors.subscribe(next: { _ in check("error") }, isolation: nil),
    ]
    command.execute(())
    waitUntilIdle(queue)
    work.fail()
    waitUntilIdle(queue)
    #expect(
      onScheduler.values.sorted()
        == ["enabled", "enabled", "error", "executing", "executing", "execution"])
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("A10-06: isEnabled is the enabled input and (concurrent or idle), at once, on any thread")
  func immediateEnabled() {
    let input = Subject<Bool, Never>()
    let work = PendingWork()
    let command = Command<Void, String, TestError>(enabled: input, scheduler: scheduler) {
      work.signal
    }
    #expect(command.isEnabled)
    command.execute(())
    #expect(!command.isEnabled)  // executing, not concurrent
    command.allowsConcurrentExecution = true
    #expect(command.isEnabled)  // executing, concurrent
    input.sendNext(false)
    #expect(!command.isEnabled)  // the input wins
    let fromAnotherThread = Recorder<Bool, Never>()
    DispatchQueue.global().sync { fromAnotherThread.record(.next(command.isEnabled)) }
    #expect(fromAnotherThread.values == [false])
    input.sendNext(true)
    scheduler.run()
    work.succeed()
    scheduler.run()
    input.sendCompleted()
  }

  @Test("A10-20: executions are counted: executing stays true until the last overlapping one ends")
  func countedExecutions() {
    let first = PendingWork()
    let second = PendingWork()
    let command = Command<Int, String, TestError>(scheduler: scheduler) { index in
      index == 1 ? first.signal : second.signal
    }
    command.allowsConcurrentExecution = true
    let executing = Recorder<Bool, Never>()
    executing.subscribe(to: command.executing)
    command.execute(1)
    command.execute(2)
    scheduler.run()
    first.succeed()
    scheduler.run()
    #expect(command.isExecuting)
    #expect(executing.values == [false, true])
    second.fail()
    scheduler.run()
    #expect(!command.isExecuting)
    #expect(executing.values == [false, true, false])
  }

  @Test("A10-23: a command needs two signals and a flatten; a button signal one subscription")
  func consumption() {
    let outcomes = [Signal<Int, TestError>.just(1), .error(TestError(code: 2))]
    let index = AtomicCounter()
    let command = Command<TestControl, Int, TestError>(scheduler: scheduler) { _ in
      outcomes[(index.increment() - 1) % 2]
    }
    let commandLog = Recorder<String, Never>()
    let values = command.executionSignals.flatten().subscribe(next: {
      commandLog.record(.next("next \($0)"))
    })
    let errors = command.errors.subscribe(next: { commandLog.record(.next("error \($0.code)")) })
    let commandControl = TestControl()
    let binding = commandControl.bind(command)
    commandControl.tap()
    scheduler.run()
    commandControl.tap()
    scheduler.run()
    let buttonControl = TestControl()
    let button = ButtonSignal(control: buttonControl) { _ in
      outcomes[(index.increment() - 1) % 2]
    }
    let buttonLog = Recorder<String, Never>()
    let results = button.subscribe(
      next: { buttonLog.record(.next("next \($0)")) },
      error: { buttonLog.record(.next("error \($0.code)")) })
    buttonControl.tap()
    buttonControl.tap()
    #expect(commandLog.values == ["next 1", "error 2"])
    #expect(buttonLog.values == commandLog.values)
    for disposable in [values, errors, binding, results] { disposable.dispose() }
    button.dispose()
  }

  @Test("A10-24: a control bound to a command is disabled while it runs, enabled after")
  func controlFollowsExecution() {
    let control = TestControl()
    let work = PendingWork()
    let command = Command<TestControl, String, TestError>(scheduler: scheduler) { _ in work.signal }
    let binding = control.bind(command)
    control.tap()
    scheduler.run()
    #expect(!control.isEnabled)
    work.fail()
    scheduler.run()
    #expect(control.isEnabled)
    #expect(control.enabledHistory == [true, false, true])
    binding.dispose()
  }

  @Test("A12-05: subscribers attach to the button signal, not to the work: both get later taps")
  func relay() {
    let control = TestControl()
    let made = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in
      Signal<Int, Never>.just(made.increment())
    }
    let first = Recorder<Int, Never>()
    let second = Recorder<Int, Never>()
    let one = button.subscribe(next: { first.record(.next($0)) })
    control.tap()
    let two = button.subscribe(next: { second.record(.next($0)) })
    control.tap()
    #expect(first.values == [1, 2])
    #expect(second.values == [2])  // hot: no replay of earlier taps
    one.dispose()
    two.dispose()
    button.dispose()
  }

  @Test("A12-07: every subscribe variant outlives errors and completions")
  func everyVariantPersists() {
    let control = TestControl()
    let outcomes = [Signal<Int, TestError>.error(TestError(code: 1)), .empty, .just(3)]
    let index = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in outcomes[(index.increment() - 1) % 3] }
    let errors = AtomicCounter()
    let completions = AtomicCounter()
    let values = AtomicCounter()
    let onlyErrors = button.subscribe(error: { _ in errors.increment() })
    let onlyCompleted = button.subscribe(completed: { completions.increment() })
    let onlyNext = button.subscribe(next: { _ in values.increment() })
    for _ in 0..<6 { control.tap() }
    #expect(errors.count == 2)
    #expect(completions.count == 4)
    #expect(values.count == 2)
    for disposable in [onlyErrors, onlyCompleted, onlyNext] { disposable.dispose() }
    button.dispose()
  }

  @Test("A12-08: the button signal lives while referenced; released, it lets the control go")
  func lifetimeOfTheButtonSignal() {
    let control = TestControl()
    let started = AtomicCounter()
    let cancelled = AtomicCounter()
    weak var weakButton: ButtonSignal<TestControl, Int, Never>?
    do {
      let button = ButtonSignal(control: control) { _ in
        started.increment()
        return Signal<Int, Never> { _ in AnyDisposable { cancelled.increment() } }
      }
      weakButton = button
      control.tap()
      #expect(!control.isEnabled)
    }
    #expect(weakButton == nil)
    #expect(cancelled.count == 1)
    #expect(control.isEnabled)
    control.tap()
    #expect(started.count == 1)
  }

  @Test("A12-09: disposing one subscriber stops its deliveries and releases its handlers")
  func explicitDisposal() {
    final class Handler: Sendable {}
    let control = TestControl()
    let button = ButtonSignal(control: control) { _ in Signal<Int, Never>.just(1) }
    let kept = AtomicCounter()
    let dropped = AtomicCounter()
    weak var weakHandler: Handler?
    let keptSubscription = button.subscribe(next: { _ in kept.increment() })
    do {
      let handler = Handler()
      weakHandler = handler
      let droppedSubscription = button.subscribe(next: { _ in
        _ = handler
        dropped.increment()
      })
      control.tap()
      droppedSubscription.dispose()
    }
    #expect(weakHandler == nil)
    control.tap()
    #expect(kept.count == 2)
    #expect(dropped.count == 1)
    keptSubscription.dispose()
    button.dispose()
  }

  @Test("A12-10: a button signal has no concurrent mode: a trigger during work starts nothing")
  func noConcurrency() {
    let control = TestControl()
    let work = PendingWork()
    let button = ButtonSignal(control: control) { _ in work.signal }
    control.tap()
    control.isEnabled = true  // even if the control lets a tap through
    control.tap()
    control.tap()
    #expect(work.starts.count == 1)
    work.succeed()
    #expect(!button.isExecuting)
    button.dispose()
  }
}

/// Returns once everything scheduled on `scheduler` so far has run.
func waitUntilIdle(_ scheduler: QueueScheduler) {
  let idle = DispatchSemaphore(value: 0)
  scheduler.schedule { idle.signal() }
  idle.wait()
}
