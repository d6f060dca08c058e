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
}

@Suite("Commands bound to controls (A11, A10-22)", .checksLiveSubscriptions, .serialized)
struct CommandBindingTests {
  let scheduler = TestScheduler()

  @Test("A11-01: bind(command): enabled follows the command, taps execute it with the sender")
  func bind() {
    let control = TestControl()
    let work = PendingWork()
    let senders = Recorder<Bool, Never>()
    let command = Command<TestControl, String, TestError>(scheduler: scheduler) { sender in
      senders.record(.next(sender === control))
      return work.signal
    }
    let binding = control.bind(command)
    #expect(control.tap())
    scheduler.run()
    #expect(!control.isEnabled)
    #expect(!control.tap())
    work.succeed()
    scheduler.run()
    #expect(control.isEnabled)
    #expect(senders.values == [true])
    binding.dispose()
  }

  @Test("binding a second command replaces the first")
  func rebinding() {
    let control = TestControl()
    let firstRuns = AtomicCounter()
    let secondRuns = AtomicCounter()
    let first = Command<TestControl, Int, TestError>(scheduler: scheduler) { _ in
      firstRuns.increment()
      return .just(1)
    }
    let second = Command<TestControl, Int, TestError>(scheduler: scheduler) { _ in
      secondRuns.increment()
      return .just(2)
    }
    control.bind(first)
    let binding = control.bind(second)
    control.tap()
    scheduler.run()
    #expect(firstRuns.count == 0)
    #expect(secondRuns.count == 1)
    binding.dispose()
  }

  @Test("binding a second command to a control reports no duplicate binding")
  func rebindingIsSilent() {
    final class RebindControl: ActionControl, @unchecked Sendable {
      var isEnabled = true
      let taps = Subject<RebindControl, Never>()
      var triggers: Signal<RebindControl, Never> { taps }
    }
    let messages = Recorder<String, Never>()
    let previous = BindingRegistry.shared.report
    BindingRegistry.shared.report = { messages.record(.next($0)) }
    defer { BindingRegistry.shared.report = previous }
    let control = RebindControl()
    let first = Command<RebindControl, Int, TestError>(scheduler: scheduler) { _ in .just(1) }
    let second = Command<RebindControl, Int, TestError>(scheduler: scheduler) { _ in .just(2) }
    control.bind(first)
    control.bind(second)
    let refresh = control.bindRefresh(first) { _ in }
    #expect(messages.values.filter { $0.contains("RebindControl") }.isEmpty)
    refresh.dispose()
  }

  @Test("A10-22: binding isEnabled as well as a command is reported, not silent")
  func doubleEnabledBinding() {
    let messages = Recorder<String, Never>()
    let previous = BindingRegistry.shared.report
    BindingRegistry.shared.report = { messages.record(.next($0)) }
    defer { BindingRegistry.shared.report = previous }
    let control = TestControl()
    let command = Command<TestControl, Int, TestError>(scheduler: scheduler) { _ in .just(1) }
    let manual = Subject<Bool, Never>()
    let first = manual.bind(to: control, at: \.isEnabled)
    let second = control.bind(command)
    #expect(control.isEnabled)
    manual.sendNext(false)  // fights the command's enabled state: reported, binding ended
    #expect(messages.values.count == 1)
    #expect(
      messages.values.first?.hasPrefix("TestControl.isEnabled is bound both to a command") == true)
    #expect(messages.values.first?.contains("enabled: signal instead") == true)
    manual.sendNext(true)
    manual.sendNext(false)
    #expect(messages.values.count == 1)
    #expect(!control.isEnabled)  // the ended binding's last write stays until the command sends
    first.dispose()
    second.dispose()
  }

  @Test("A11-03: bindRefresh calls end after each execution ends, in trigger order")
  func refreshOrder() {
    let control = TestControl()
    let starts = AtomicCounter()
    // The first execution takes 3 ticks, the second 1: the second ends first, but its end is
    // called after the first one's (RAC serializes the emissions with concat).
    let command = Command<TestControl, Int, Never>(scheduler: scheduler) { [scheduler] _ in
      let delay = starts.increment() == 1 ? 3 : 1
      return Signal.just(0).delay(.seconds(delay), on: scheduler)
    }
    command.allowsConcurrentExecution = true
    let ends = Recorder<Duration, Never>()
    let binding = control.bindRefresh(command, isolation: nil) { [scheduler] _ in
      ends.record(.next(scheduler.now))
    }
    control.tap()
    scheduler.advance(by: .seconds(1))
    control.tap()
    scheduler.advance(by: .seconds(1))
    #expect(starts.count == 2)
    #expect(ends.values.isEmpty)  // the second has ended; its end waits for the first
    scheduler.run()
    #expect(ends.values == [.seconds(3), .seconds(3)])
    binding.dispose()
  }

  @Test("A11-03: bindRefresh calls end after each execution, succeeded or failed")
  func refresh() {
    let control = TestControl()
    let command = Command<TestControl, Int, TestError>(scheduler: scheduler) { _ in
      .error(TestError())
    }
    command.allowsConcurrentExecution = true
    let ends = AtomicCounter()
    let binding = control.bindRefresh(command) { _ in ends.increment() }
    control.tap()
    control.tap()
    scheduler.run()
    #expect(ends.count == 2)
    binding.dispose()
  }
}

@Suite("ButtonSignal (A12, seed 000)", .checksLiveSubscriptions)
struct ButtonSignalTests {
  @Test("A12-01, A12-06: one subscriber receives next, error, next, completed across four taps")
  func longLivedSubscriber() {
    let control = TestControl()
    let outcomes = [
      Signal<Int, TestError>.just(1), .error(TestError(code: 2)), .just(3), .empty,
    ]
    let index = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in outcomes[index.increment() - 1] }
    let log = Recorder<String, Never>()
    let subscription = button.subscribe(
      next: { log.record(.next("next \($0)")) },
      error: { log.record(.next("error \($0.code)")) },
      completed: { log.record(.next("completed")) })
    for _ in 0..<4 { control.tap() }
    #expect(
      log.values == [
        "next 1", "completed", "error 2", "next 3", "completed", "completed",
      ])
    subscription.dispose()
    button.dispose()
  }

  @Test(
    "A12-02, A12-03: a tap during the work is ignored; the control is disabled exactly while it runs"
  )
  func mutualExclusion() {
    let control = TestControl()
    let work = PendingWork()
    let button = ButtonSignal(control: control) { _ in work.signal }
    control.tap()
    #expect(!control.isEnabled)
    #expect(button.isExecuting)
    // A trigger that gets through anyway (a race with a real control) is ignored.
    control.isEnabled = true
    control.tap()
    #expect(work.starts.count == 1)
    work.succeed()
    #expect(control.isEnabled)
    #expect(!button.isExecuting)
    control.tap()
    #expect(work.starts.count == 2)
    work.fail()
    #expect(control.isEnabled)
    #expect(control.enabledHistory == [false, true, true, false, true])
    button.dispose()
  }

  @Test("A12-04: work that never ends leaves the control disabled; disposal restores it")
  func neverEnding() {
    let control = TestControl()
    let cancelled = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in
      Signal<Int, Never> { _ in AnyDisposable { cancelled.increment() } }
    }
    control.tap()
    #expect(!control.isEnabled)
    button.dispose()
    #expect(control.isEnabled)
    #expect(cancelled.count == 1)
  }

  @Test("events exposes every execution's events as values")
  func events() {
    let control = TestControl()
    let button = ButtonSignal(control: control) { _ in Signal<Int, TestError>.just(5) }
    let recorder = Recorder<Event<Int, TestError>, Never>()
    let subscription = recorder.subscribe(to: button.events)
    control.tap()
    control.tap()
    #expect(recorder.values == [.next(5), .completed, .next(5), .completed])
    subscription.dispose()
    button.dispose()
  }

  @Test("the control's lifetime ending cancels the work")
  func controlLifetime() {
    let cancelled = AtomicCounter()
    var control: TestControl? = TestControl()
    let button = ButtonSignal(control: control!) { _ in
      Signal<Int, Never> { _ in AnyDisposable { cancelled.increment() } }
    }
    control!.tap()
    control = nil
    #expect(cancelled.count == 1)
    #expect(button.isDisposed)
  }
}

/// Work that finishes on another thread, counting overlapping executions.
final class AsyncWork: @unchecked Sendable {
  let inFlight = AtomicCounter()
  let overlaps = AtomicCounter()
  let started = AtomicCounter()
  let group = DispatchGroup()
  private let current = NSLock()
  private var running = 0

  /// A work signal, counted in `group` from now on — not from its subscription, which a
  /// command makes later, on its scheduler — until it has sent its completion.
  func make() -> Signal<Int, Never> {
    group.enter()
    return Signal { subscriber in
      self.started.increment()
      let concurrent = self.current.withLock { () -> Int in
        self.running += 1
        return self.running
      }
      if concurrent > 1 { self.overlaps.increment() }
      DispatchQueue.global().async {
        self.current.withLock { self.running -= 1 }
        subscriber.sendNext(1)
        subscriber.sendCompleted()
        self.group.leave()
      }
      return nil
    }
  }
}

@Suite("ButtonSignal and Command under stress", .checksLiveSubscriptions, .tags(.concurrency))
struct ButtonConcurrencyTests {
  @Test("10,000 taps from 4 threads on a ButtonSignal: no overlap, one work per accepted tap")
  func buttonSignal() async {
    let control = TestControl()
    let work = AsyncWork()
    let accepted = AtomicCounter()
    let button = ButtonSignal(control: control) { _ in work.make() }
    let subscription = button.subscribe(completed: { accepted.increment() }, isolation: nil)
    await onThreads(4) { _ in
      for _ in 0..<2_500 { control.tap() }
    }
    work.group.wait()
    #expect(work.overlaps.count == 0)
    #expect(work.started.count == accepted.count)
    #expect(control.isEnabled)
    subscription.dispose()
    button.dispose()
  }

  @Test(
    "10,000 taps from 4 threads on a control bound to a Command: no overlap, one work per execution"
  )
  func command() async {
    let control = TestControl()
    let work = AsyncWork()
    let scheduler = QueueScheduler(name: "command")
    let command = Command<TestControl, Int, Never>(scheduler: scheduler) { _ in work.make() }
    let executions = AtomicCounter()
    let counting = command.executionSignals.subscribe(
      next: { _ in executions.increment() }, isolation: nil)
    let binding = control.bind(command)
    await onThreads(4) { _ in
      for _ in 0..<2_500 { control.tap() }
    }
    work.group.wait()
    let drained = DispatchSemaphore(value: 0)
    scheduler.schedule { drained.signal() }
    drained.wait()
    #expect(work.overlaps.count == 0)
    // Every accepted tap (an execution, not a .notEnabled) created and ran exactly one work.
    #expect(executions.count > 0)
    #expect(work.started.count == executions.count)
    #expect(!command.isExecuting)
    #expect(control.isEnabled)
    counting.dispose()
    binding.dispose()
  }
}
