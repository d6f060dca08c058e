import Dispatch
import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// `StopwatchViewModel` at run time: a `TestScheduler` standing in for `MainScheduler`, and
/// disposables whose cleanups use the view model's state.
@Suite("A @MainActor view model with an injected scheduler", .timeLimit(.minutes(1)))
struct StopwatchViewModelTests {
  @MainActor
  @Test("a repeating action on the injected scheduler runs on the main actor, in virtual time")
  func ticks() {
    let scheduler = TestScheduler()
    let model = StopwatchViewModel(scheduler: scheduler)
    model.start()
    #expect(model.log.isEmpty, "nothing runs until the scheduler is advanced")

    scheduler.advance(by: .seconds(3))
    #expect(model.seconds == 3)
    #expect(model.log == ["started", "tick", "tick", "tick"])
    #expect(model.ranOnMainQueue.allSatisfy { $0 })

    model.stop()
    scheduler.advance(by: .seconds(5))
    #expect(model.seconds == 3, "disposing the timer stops it")
    #expect(scheduler.isIdle)
  }

  @MainActor
  @Test("a delayed action hides the banner when its time comes")
  func banner() {
    let scheduler = TestScheduler()
    let model = StopwatchViewModel(scheduler: scheduler)
    model.showBanner("saved")
    scheduler.advance(by: .seconds(2))
    #expect(model.banner == "saved")
    scheduler.advance(by: .seconds(1))
    #expect(model.banner == nil)
    #expect(model.log == ["banner hidden"])
  }

  @MainActor
  @Test("AnyDisposable and CompoundDisposable.add cleanups run at once when disposed on the actor")
  func cleanupsOnTheActor() {
    let model = StopwatchViewModel(scheduler: TestScheduler())
    model.start()
    let session = model.makeSession()
    session.dispose()
    #expect(!model.isRunning)
    model.bag.dispose()
    #expect(model.log == ["session ended", "bag disposed"])
    session.dispose()
    #expect(model.log == ["session ended", "bag disposed"], "a cleanup runs once")
    #expect(model.ranOnMainQueue == [true, true])
  }

  @MainActor
  @Test("a cleanup disposed on another thread is carried to the main actor")
  func cleanupsFromAnotherThread() async {
    let model = StopwatchViewModel(scheduler: TestScheduler())
    model.start()
    let session = model.makeSession()
    onAnotherThread {
      session.dispose()
      model.bag.dispose()
    }
    #expect(model.log.isEmpty, "not run on the disposing thread")
    await mainQueueTurn()
    #expect(model.log == ["session ended", "bag disposed"])
    #expect(!model.isRunning)
    #expect(model.ranOnMainQueue == [true, true])
  }

  @MainActor
  @Test("advanced from another thread, the scheduler carries the actions to the main actor")
  func advancedFromAnotherThread() async {
    let scheduler = TestScheduler()
    let model = StopwatchViewModel(scheduler: scheduler)
    model.start()
    onAnotherThread { scheduler.advance(by: .seconds(1)) }
    #expect(model.log.isEmpty, "not run on the advancing thread")
    await mainQueueTurn()
    #expect(model.log == ["started", "tick"])
    #expect(model.ranOnMainQueue == [true, true])

    onAnotherThread { scheduler.advance(by: .seconds(1)) }
    model.stop()
    await mainQueueTurn()
    #expect(model.seconds == 1, "a run disposed before it reached the actor does not run")
  }

  @MainActor
  @Test("MainScheduler.shared runs a repeating action written without a leeway on the main actor")
  func mainScheduler() async {
    let model = StopwatchViewModel()
    model.start()
    model.stop()
    model.startWallClock()
    await yield(until: { model.wallClockTicks == 1 })
    model.stopWallClock()
    #expect(model.log == ["started", "wall clock"])
    #expect(model.ranOnMainQueue == [true, true])
  }
}

/// Runs `body` on a thread other than the main one and waits for it to return. The thread is one
/// of its own, not one of Dispatch's global pool: the main thread blocks here, and under a
/// sanitizer with the suite running in parallel the pool can be busy long enough for every
/// main-actor test to exceed its time limit.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.start()
  done.wait()
}

/// Lets the main queue run everything queued on it so far: what a hop carried to the main actor.
@MainActor
private func mainQueueTurn() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
