import RACSwift
import RACSwiftTesting
import Testing

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
