import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Work that stays running until the test finishes it.
final class PendingWork: @unchecked Sendable {
  let holder = SubscriberHolder<String, TestError>()
  let starts = AtomicCounter()
  var signal: Signal<String, TestError> {
    Signal { subscriber in
      self.starts.increment()
      self.holder.subscriber = subscriber
      return nil
    }
  }
  func succeed(_ value: String = "done") {
    holder.subscriber?.sendNext(value)
    holder.subscriber?.sendCompleted()
  }
  func fail(_ code: Int = 1) { holder.subscriber?.sendError(TestError(code: code)) }
}

@Suite("Command (A10, B.8)", .checksLiveSubscriptions)
struct CommandTests {
  let scheduler = TestScheduler()

  @Test(
    "A10-01, A10-03: without an enabled signal the command is enabled; each execute calls the block once"
  )
  func basics() {
    let calls = AtomicCounter()
    let command = Command<Int, Int, TestError>(scheduler: scheduler) { input in
      calls.increment()
      return .just(input * 2)
    }
    #expect(command.isEnabled)
    let recorder = Recorder<Int, CommandError<TestError>>()
    recorder.subscribe(to: command.execute(21))
    scheduler.run()
    #expect(recorder.events == [.next(42), .completed])
    #expect(calls.count == 1)
  }

  @Test(
    "A10-04: an enabled signal that never sends leaves the command enabled; later values gate it")
  func enabledInput() {
    let never = Command<Int, Int, TestError>(enabled: .never, scheduler: scheduler) { .just($0) }
    #expect(never.isEnabled)
    let gate = Subject<Bool, Never>()
    let gated = Command<Int, Int, TestError>(enabled: gate, scheduler: scheduler) { .just($0) }
    #expect(gated.isEnabled)
    gate.sendNext(false)
    #expect(!gated.isEnabled)
    gate.sendNext(true)
    #expect(gated.isEnabled)
    gate.sendCompleted()
  }

  @Test(
    "A10-07: enabled's current value at once; later values only after the scheduler runs; distinct")
  func enabledTiming() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) { work.signal }
    let enabled = Recorder<Bool, Never>()
    enabled.subscribe(to: command.enabled)
    #expect(enabled.values == [true])
    command.execute(())
    #expect(enabled.values == [true])
    scheduler.run()
    #expect(enabled.values == [true, false])
    work.succeed()
    scheduler.run()
    #expect(enabled.values == [true, false, true])
    let late = Recorder<Bool, Never>()
    late.subscribe(to: command.enabled)
    #expect(late.values == [true])
  }

  @Test("A10-08: executing starts false, then true and false on the scheduler, without repeats")
  func executing() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) { work.signal }
    let executing = Recorder<Bool, Never>()
    executing.subscribe(to: command.executing)
    #expect(executing.values == [false])
    command.execute(())
    scheduler.run()
    work.fail()
    scheduler.run()
    #expect(executing.values == [false, true, false])
  }

  @Test("A10-14, A10-17: execute while executing fails with notEnabled and creates no work")
  func notEnabledWhileExecuting() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) { work.signal }
    command.execute(())
    #expect(command.isExecuting)
    #expect(!command.isEnabled)
    let second = Recorder<String, CommandError<TestError>>()
    second.subscribe(to: command.execute(()))
    #expect(second.events == [.error(.notEnabled)])
    scheduler.run()
    #expect(work.starts.count == 1)
    work.succeed()
    scheduler.run()
    #expect(command.isEnabled)
  }

  @Test("A10-15, A10-16: the block runs at once; the work is subscribed on the scheduler")
  func workOnScheduler() {
    let made = AtomicCounter()
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) {
      made.increment()
      return work.signal
    }
    command.execute(())
    #expect(made.count == 1)
    #expect(work.starts.count == 0)
    scheduler.run()
    #expect(work.starts.count == 1)
    work.succeed()
    scheduler.run()
  }

  @Test("A10-18, A10-19: the execution is replayed, carries the error, and ends the execution")
  func executionReplayedWithError() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(name: "order", scheduler: scheduler) {
      work.signal
    }
    let execution = command.execute(())
    #expect(execution.name == "order -execute: ()")
    scheduler.run()
    work.fail(7)
    scheduler.run()
    #expect(!command.isExecuting)
    let late = Recorder<String, CommandError<TestError>>()
    late.subscribe(to: execution)
    #expect(late.events == [.error(.underlying(TestError(code: 7)))])
  }

  @Test("A10-09, A10-10: executionSignals is hot, one inner signal per execution, errors swallowed")
  func executionSignals() {
    let command = Command<Int, Int, TestError>(scheduler: scheduler) { input in
      input < 0 ? .error(TestError(code: input)) : .just(input)
    }
    command.execute(1)  // before subscribing: not sent
    scheduler.run()
    let values = Recorder<Int, Never>()
    let inners = AtomicCounter()
    let subscription = command.executionSignals.subscribe(next: { inner in
      inners.increment()
      values.subscribe(to: inner)
    })
    command.execute(2)
    scheduler.run()
    command.execute(-3)
    scheduler.run()
    #expect(inners.count == 2)
    #expect(values.values == [2])
    #expect(values.events.filter { if case .error = $0 { true } else { false } }.isEmpty)
    subscription.dispose()
  }

  @Test("A10-11, A10-12: errors is hot, sends each execution error as a value, replays nothing")
  func errors() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) { work.signal }
    command.execute(())
    scheduler.run()
    let errors = Recorder<TestError, Never>()
    errors.subscribe(to: command.errors)
    work.fail(1)
    scheduler.run()
    command.execute(())
    scheduler.run()
    work.fail(2)
    scheduler.run()
    #expect(errors.values == [TestError(code: 1), TestError(code: 2)])
    let late = Recorder<TestError, Never>()
    late.subscribe(to: command.errors)
    #expect(late.values.isEmpty)
  }

  @Test("A10-13: allowsConcurrentExecution lets executions overlap and enabled stays true")
  func concurrentExecution() {
    let first = PendingWork()
    let second = PendingWork()
    let works = [first, second]
    let index = AtomicCounter()
    let command = Command<Void, String, TestError>(scheduler: scheduler) {
      works[index.increment() - 1].signal
    }
    #expect(!command.allowsConcurrentExecution)
    let changes = Recorder<Bool, Never>()
    changes.subscribe(to: command.allowsConcurrentExecutionChanges)
    command.allowsConcurrentExecution = true
    let enabled = Recorder<Bool, Never>()
    enabled.subscribe(to: command.enabled)
    command.execute(())
    command.execute(())
    scheduler.run()
    #expect(command.isExecuting)
    #expect(command.isEnabled)
    #expect(enabled.values == [true])
    #expect(first.starts.count == 1 && second.starts.count == 1)
    first.succeed()
    second.succeed()
    scheduler.run()
    #expect(changes.values == [false, true])
  }

  @Test("A10-05, A10-13: changing allowsConcurrentExecution re-evaluates enabled")
  func concurrencyReevaluates() {
    let work = PendingWork()
    let command = Command<Void, String, TestError>(scheduler: scheduler) { work.signal }
    command.execute(())
    #expect(!command.isEnabled)
    command.allowsConcurrentExecution = true
    #expect(command.isEnabled)
    command.allowsConcurrentExecution = false
    #expect(!command.isEnabled)
    scheduler.run()
    work.succeed()
    scheduler.run()
  }

  @Test("A10-21: work that never ends leaves a non-concurrent command disabled")
  func neverEnding() {
    let command = Command<Void, Int, TestError>(scheduler: scheduler) { .never }
    command.execute(())
    scheduler.run()
    #expect(!command.isEnabled)
    let again = Recorder<Int, CommandError<TestError>>()
    again.subscribe(to: command.execute(()))
    #expect(again.events == [.error(.notEnabled)])
  }

  @Test("A14-05: the command's signals are named after it")
  func names() {
    let command = Command<Int, Int, TestError>(name: "save", scheduler: scheduler) { .just($0) }
    #expect(command.enabled.name == "save -enabled")
    #expect(command.executing.name == "save -executing")
    #expect(command.executionSignals.name == "save -executionSignals")
    #expect(command.errors.name == "save -errors")
  }

  @Test("the command is released when the last reference goes; its signals complete")
  func released() {
    weak var weakCommand: Command<Int, Int, TestError>?
    let enabled = Recorder<Bool, Never>()
    let errors = Recorder<TestError, Never>()
    let executing = Recorder<Bool, Never>()
    let executionSignals = Recorder<Signal<Int, Never>, Never>()
    let concurrency = Recorder<Bool, Never>()
    do {
      let command = Command<Int, Int, TestError>(enabled: Subject(), scheduler: scheduler) {
        .just($0)
      }
      weakCommand = command
      enabled.subscribe(to: command.enabled)
      errors.subscribe(to: command.errors)
      executing.subscribe(to: command.executing)
      executionSignals.subscribe(to: command.executionSignals)
      concurrency.subscribe(to: command.allowsConcurrentExecutionChanges)
      command.execute(1)
      scheduler.run()
    }
    scheduler.run()
    #expect(weakCommand == nil)
    // Every public signal completes when the command goes.
    #expect(enabled.isTerminated)
    #expect(errors.isTerminated)
    #expect(executing.isTerminated)
    #expect(executionSignals.isTerminated)
    #expect(concurrency.isTerminated)
  }

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
}

/// Returns once everything scheduled on `scheduler` so far has run.
func waitUntilIdle(_ scheduler: QueueScheduler) {
  let idle = DispatchSemaphore(value: 0)
  scheduler.schedule { idle.signal() }
  idle.wait()
}

@Suite(
  "Command without input: made from a closure without a parameter, run with execute()",
  .checksLiveSubscriptions)
struct VoidCommandTests {
  let scheduler = TestScheduler()

  @Test("A10-01, A10-15: made without a parameter; execute() calls the work once, at once")
  func executeRunsTheWork() {
    let calls = AtomicCounter()
    let refresh = Command(scheduler: scheduler) {
      calls.increment()
      return Signal<[String], Never>.just(["inbox"])
    }
    let typed: Command<Void, [String], Never> = refresh
    let recorder = Recorder<[String], CommandError<Never>>()
    recorder.subscribe(to: typed.execute())
    #expect(calls.count == 1)
    scheduler.run()
    #expect(recorder.events == [.next(["inbox"]), .completed])
    typed.execute()
    #expect(calls.count == 2)
    scheduler.run()
  }

  @Test("the single-expression form infers the command's type from the work's signal")
  func inference() {
    let work = PendingWork()
    let command = Command(name: "reload", scheduler: scheduler) { work.signal }
    let typed: Command<Void, String, TestError> = command
    #expect(typed.description == "reload")
    #expect(typed.execute().name == "reload -execute: ()")
    scheduler.run()
    work.succeed()
    scheduler.run()
  }

  @Test("A10-04, A10-14: enabled gates it; execute() while disabled fails with notEnabled")
  func enabledInput() {
    let gate = Subject<Bool, Never>()
    let calls = AtomicCounter()
    let submit = Command(enabled: gate, scheduler: scheduler) {
      calls.increment()
      return Signal<Int, TestError>.just(1)
    }
    #expect(submit.isEnabled)
    gate.sendNext(false)
    let refused = Recorder<Int, CommandError<TestError>>()
    refused.subscribe(to: submit.execute())
    #expect(refused.events == [.error(.notEnabled)])
    #expect(calls.count == 0)
    gate.sendNext(true)
    let accepted = Recorder<Int, CommandError<TestError>>()
    accepted.subscribe(to: submit.execute())
    scheduler.run()
    #expect(accepted.events == [.next(1), .completed])
    #expect(calls.count == 1)
    gate.sendCompleted()
  }

  @Test("A10-07, A10-08, A10-17: enabled and executing as for any command; errors as values")
  func enabledAndExecuting() {
    let work = PendingWork()
    let command = Command(scheduler: scheduler) { work.signal }
    let enabled = Recorder<Bool, Never>()
    let executing = Recorder<Bool, Never>()
    let errors = Recorder<TestError, Never>()
    enabled.subscribe(to: command.enabled)
    executing.subscribe(to: command.executing)
    errors.subscribe(to: command.errors)
    command.execute()
    #expect(command.isExecuting)
    #expect(!command.isEnabled)
    #expect(enabled.values == [true])
    scheduler.run()
    #expect(enabled.values == [true, false])
    #expect(executing.values == [false, true])
    work.fail(4)
    scheduler.run()
    #expect(enabled.values == [true, false, true])
    #expect(executing.values == [false, true, false])
    #expect(errors.values == [TestError(code: 4)])
  }

  @Test("a multi-statement work closure with its type spelled out")
  func multiStatement() {
    var log: [String] = []
    let command = Command(scheduler: ImmediateScheduler()) { () -> Signal<Int, TestError> in
      log.append("work")
      let answer = 42
      return .just(answer)
    }
    var values: [Int] = []
    command.execute().subscribe(next: { values.append($0) })
    #expect(log == ["work"])
    #expect(values == [42])
  }

  @Test("written on the main actor, the work may use main-actor state and runs there, at once")
  @MainActor
  func onTheMainActor() {
    var pages = ["first"]
    let refresh = Command(scheduler: ImmediateScheduler.shared) {
      MainActor.preconditionIsolated()
      return Signal<[String], Never>.just(pages)
    }
    var received: [[String]] = []
    refresh.execute().subscribe(next: { received.append($0) })
    pages.append("second")
    refresh.execute().subscribe(next: { received.append($0) })
    #expect(received == [["first"], ["first", "second"]])
  }
}
