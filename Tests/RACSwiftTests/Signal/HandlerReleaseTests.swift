import RACSwift
import RACSwiftTesting
import Testing

/// What a subscription's disposable keeps (CONTRACT.md#disposal): the disposable that
/// `subscribe(next:error:completed:)` returns is the object that holds the handlers, so an object
/// that keeps it and whose handler captures the object strongly is freed once the subscription
/// has ended *and* the object lets go of the disposable — not by `dispose()` alone, unlike RAC's
/// subscriber, which nils its blocks (AD-03). Letting go of the handlers at `dispose()` would
/// make every event read them as mutable state: Benchmarks/RESULTS.md records the cost.
@Suite(
  "What a subscription's disposable keeps after the subscription ends", .checksLiveSubscriptions)
struct HandlerReleaseTests {
  /// An object that keeps its own subscription's disposable, with a handler capturing it.
  final class Screen {
    var subscription: (any Disposable)?
    var received: [Int] = []

    /// Ends the subscription and lets go of its disposable.
    func close() {
      subscription?.dispose()
      subscription = nil
    }
  }

  /// Subscribes `screen` to `signal` with handlers that capture it strongly (`allHandlers`: error
  /// and completed too, else only `next`).
  static func subscribe(_ screen: Screen, to signal: Signal<Int, TestError>, allHandlers: Bool) {
    let handle: (Int) -> Void = { screen.received.append($0) }
    if allHandlers {
      screen.subscription = signal.subscribe(
        next: handle, error: { _ in _ = screen }, completed: { _ = screen })
    } else {
      screen.subscription = signal.subscribe(next: handle)
    }
  }

  @Test(
    "disposed and let go of: the object its handlers capture is freed", arguments: [false, true])
  func disposedAndReleased(allHandlers: Bool) {
    let subject = Subject<Int, TestError>()
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      Self.subscribe(screen, to: subject, allHandlers: allHandlers)
      subject.sendNext(1)
      #expect(screen.received == [1])
    }
    #expect(released != nil, "the subscription keeps the screen while it lasts")
    released?.close()
    #expect(released == nil)
    subject.sendNext(2)
  }

  @Test("disposed but kept: the disposable keeps its handlers until it is let go of")
  func disposedButKept() {
    let subject = Subject<Int, TestError>()
    weak var released: Screen?
    do {
      let screen = Screen()
      released = screen
      Self.subscribe(screen, to: subject, allHandlers: false)
    }
    released?.subscription?.dispose()
    subject.sendNext(1)
    #expect(released?.received == [], "no handler runs once dispose() returned")
    #expect(released != nil, "the screen keeps the disposable, which keeps the handler")
    released?.subscription = nil
    #expect(released == nil)
  }

  @Test(
    "finished by its terminal event: freed once the disposable is let go of",
    arguments: [false, true])
  func finished(allHandlers: Bool) {
    for terminal in [Event<Int, TestError>.completed, .error(TestError(code: 1))] {
      let subject = Subject<Int, TestError>()
      weak var released: Screen?
      do {
        let screen = Screen()
        released = screen
        Self.subscribe(screen, to: subject, allHandlers: allHandlers)
      }
      subject.send(terminal)
      #expect(released?.subscription?.isDisposed == true, "after \(terminal)")
      released?.subscription = nil
      #expect(released == nil, "after \(terminal)")
    }
  }
}
