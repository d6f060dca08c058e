import Foundation
import RACSwift
import Synchronization
import Testing

extension Tag {
  /// Tests that run real threads; `.ci/run` runs the suites named `…ConcurrencyTests` again under
  /// the thread sanitizer.
  @Tag static var concurrency: Self
  /// Tests that run on a thread with a small stack to show constant stack use.
  @Tag static var stack: Self
}

/// Records the events a subscription receives, thread-safely, for assertions.
///
/// Lock discipline: `storage` is read and written only with `lock` held.
final class Recorder<Value, Failure: Error>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Event<Value, Failure>] = []

  /// Every event received so far.
  var events: [Event<Value, Failure>] { lock.withLock { storage } }

  /// The values received so far.
  var values: [Value] { events.compactMap(\.value) }

  /// Whether a terminal event was received.
  var isTerminated: Bool { events.last?.isTerminal ?? false }

  func record(_ event: Event<Value, Failure>) { lock.withLock { storage.append(event) } }

  /// Subscribes to `signal`, recording every event; returns the subscription.
  @discardableResult
  func subscribe(to signal: Signal<Value, Failure>) -> any Disposable {
    signal.subscribe(
      next: { self.record(.next($0)) },
      error: { self.record(.error($0)) },
      completed: { self.record(.completed) })
  }
}

/// Runs `body` on a new thread whose stack is `stackSize` bytes and waits for it: shows that
/// `body` runs in bounded stack.
func onSmallStack(stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

/// Runs `body(threadIndex)` on `threads` threads at once and waits for all of them.
func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.concurrentPerform(iterations: threads) { body($0) }
}

/// A test error.
struct TestError: Error, Equatable, CustomStringConvertible {
  var code: Int = 0
  var description: String { "TestError(\(code))" }
}

/// A counter shared across threads.
final class AtomicCounter: Sendable {
  private let value = Atomic<Int>(0)
  var count: Int { value.load(ordering: .acquiring) }
  @discardableResult
  func increment() -> Int { value.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue }
}
