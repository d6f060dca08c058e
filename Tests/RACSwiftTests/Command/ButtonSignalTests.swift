import Foundation
import RACSwift
import RACSwiftTesting
import Testing

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
