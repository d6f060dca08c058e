import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Commands bound to controls (A11, A10-22)", .checksLiveSubscriptions, .serialized)
struct ActionControlTests {
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
}
