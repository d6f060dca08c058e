import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Side effects (A7-01…A7-04)", .checksLiveSubscriptions)
struct SideEffectsTests {
  @Test("A7-01: doNext runs before the value is forwarded; doError, doCompleted")
  func order() {
    let log = Recorder<String, Never>()
    Signal<Int, TestError>.from([1]).concat(.error(TestError()))
      .doNext { log.record(.next("doNext \($0)")) }
      .doError { _ in log.record(.next("doError")) }
      .subscribe(
        next: { log.record(.next("next \($0)")) }, error: { _ in log.record(.next("error")) })
    #expect(log.values == ["doNext 1", "next 1", "doError", "error"])
    let completed = Recorder<String, Never>()
    Signal<Int, Never>.empty.doCompleted { completed.record(.next("doCompleted")) }.subscribe()
    #expect(completed.values == ["doCompleted"])
  }

  @Test("A7-03: initially runs on every subscription, before the receiver is subscribed")
  func initially() {
    let log = Recorder<String, Never>()
    let signal = Signal<Int, Never> { subscriber in
      log.record(.next("subscribed"))
      subscriber.sendCompleted()
      return nil
    }.initially { log.record(.next("initially")) }
    signal.subscribe()
    signal.subscribe()
    #expect(log.values == ["initially", "subscribed", "initially", "subscribed"])
  }

  @Test("A7-04: finally runs on completion or error, not on disposal; doDisposed on all three")
  func finallyAndDisposed() {
    let finallyRuns = AtomicCounter()
    let disposedRuns = AtomicCounter()
    Signal.just(1).finally { finallyRuns.increment() }.doDisposed { disposedRuns.increment() }
      .subscribe()
    Signal<Int, TestError>.error(TestError()).finally { finallyRuns.increment() }
      .doDisposed { disposedRuns.increment() }.subscribe()
    Signal<Int, Never>.never.finally { finallyRuns.increment() }
      .doDisposed { disposedRuns.increment() }.subscribe().dispose()
    #expect(finallyRuns.count == 2)
    #expect(disposedRuns.count == 3)
  }

  @MainActor
  @Test("added from the main actor, doNext runs there even for events sent elsewhere")
  func isolatedSideEffect() async {
    let subject = Subject<Int, Never>()
    var onMain: [Bool] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = subject.doNext { _ in onMain.append(isOnMainQueue()) }
        .subscribe(next: { if $0 == 3 { done.resume() } })
      DispatchQueue.global().async { for value in 1...3 { subject.sendNext(value) } }
    }
    #expect(onMain == [true, true, true])
    subscription?.dispose()
  }
}
