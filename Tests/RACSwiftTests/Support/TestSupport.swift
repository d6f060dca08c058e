import Foundation
import RACSwift
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Tag {
  /// Tests that run real threads; `.ci/run` runs the suites named `…ConcurrencyTests` again under
  /// the thread sanitizer.
  @Tag static var concurrency: Self
  /// Tests that run on a thread with a small stack to show constant stack use.
  @Tag static var stack: Self
}

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a stress suite: long enough that it only fires on a hang (each of these
  /// tests takes seconds at most, also under the thread sanitizer), because its clock can include
  /// time the test waits for a thread of the test pool while tests run in parallel and other
  /// tests' threads block it — in CI, a minute was once spent waiting.
  static var detectsHangs: Self { .timeLimit(.minutes(3)) }
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
func onSmallStack(stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) async {
  await onNewThread(stackSize: stackSize, body)
}

/// Runs `body` on a new thread whose stack is `stackSize` bytes (256 MiB unless told) and waits
/// for it: for work whose stack use is not bounded yet but must not crash the test process —
/// releasing a 100,000-deep chain of signals recurses through `deinit` (see `DeepChainTests`).
func onLargeStack(
  stackSize: Int = 256 * 1024 * 1024, _ body: @escaping @Sendable () -> Void
) async {
  await onNewThread(stackSize: stackSize, body)
}

/// Runs `body` on a 512 KiB thread (`onSmallStack`) and returns what it returns; then drops what
/// `body` kept in its ``ChainKeeper`` on a thread with a big stack (`onLargeStack`).
func onSmallStackKeepingChain<Result: Sendable>(
  _ body: @escaping @Sendable (ChainKeeper) -> Result
) async -> Result {
  let keeper = ChainKeeper()
  let result = ThreadResult<Result>()
  await onSmallStack { result.put(body(keeper)) }
  await keeper.releaseOnLargeStack()
  return result.take()
}

/// Objects a test made on the small-stack thread — a deep chain of signals, its subscription —
/// kept alive past that thread so that their last references are dropped on a thread with a big
/// stack: releasing a 100,000-deep chain of an operator with several inputs still recurses
/// through `deinit` (``DeepChainTests/releasingFitsSmallStack(chain:)`` checks the operators whose
/// release is bounded).
///
/// Lock discipline: `objects` is read and written only with `lock` held.
final class ChainKeeper: @unchecked Sendable {
  private let lock = NSLock()
  private var objects: [Any] = []

  /// Keeps `object` until ``releaseOnLargeStack()``.
  func keep(_ object: Any) { lock.withLock { objects.append(object) } }

  /// Drops every object kept, on a new thread with a big stack.
  func releaseOnLargeStack() async {
    await onLargeStack {
      var kept: [Any] = []
      self.lock.withLock { swap(&kept, &self.objects) }
      // The last references: the deep release runs here.
      kept.removeAll()
    }
  }
}

/// One value handed from the thread that makes it to the thread that waited for it.
///
/// Lock discipline: `value` is read and written only with `lock` held.
final class ThreadResult<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?

  /// Stores `value`.
  func put(_ value: Value) { lock.withLock { self.value = value } }

  /// The value stored; traps if there is none.
  func take() -> Value { lock.withLock { value! } }
}

/// Runs `body` on a new thread whose stack is `stackSize` bytes and waits for it; what `body`
/// captured is released on the calling thread afterwards. Subscriptions made on the thread count
/// in the calling test's ledger.
///
/// It suspends while it waits, instead of blocking: a test blocking a thread of the concurrency
/// pool (as wide as the machine has cores) keeps every other test that awaits something —
/// a loopback request, a hop to the main actor — from resuming; under load, they then ran into
/// their time limits.
private func onNewThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) async {
  await ThreadGroupSlots.shared.acquire()
  // The thread counts its subscriptions in the test's ledger, so the leak check covers them.
  let ledger = SubscriptionLedger.current
  let work = ThreadBody<Void>({ _ in body() })
  await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    let thread = Thread {
      ledger.withLedger { work.run(()) }
      finished.resume()
    }
    thread.stackSize = stackSize
    thread.start()
  }
  work.release()
  await ThreadGroupSlots.shared.release()
}

/// How many tests run threads of their own at once: as many as the machine has cores — as many
/// as ran when each blocked a thread of the concurrency pool while it waited. Tests that start
/// threads now suspend while they wait for them, so the pool stays free for the tests that
/// await; without a bound, every stress test's threads would run at once, and threads spinning
/// for each other on an oversubscribed machine made the suite half again as slow (and every
/// deep-chain test would hold its chain at once). A test waiting for a slot suspends too.
///
/// Lock discipline: an actor.
actor ThreadGroupSlots {
  static let shared = ThreadGroupSlots(width: ProcessInfo.processInfo.activeProcessorCount)

  private let width: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { self.width = max(1, width) }

  /// Takes a slot, waiting for one if every slot is taken.
  func acquire() async {
    if running < width {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives the slot back, or hands it to the test waiting longest.
  func release() {
    if waiting.isEmpty {
      running -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// Runs `body(threadIndex)` on `threads` new threads at once — each waits until all have
/// started, so they really overlap even on a machine with fewer cores — and waits for all of
/// them, suspended (see `onNewThread`). Subscriptions made on them count in the calling test's
/// ledger.
func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  await ThreadGroupSlots.shared.acquire()
  let work = ThreadBody(body)
  await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    startThreads(threads, running: work) { finished.resume() }
  }
  work.release()
  await ThreadGroupSlots.shared.release()
}

/// `onThreads`, for a caller that cannot suspend (a pass of a trampoline, a plain thread): blocks
/// its thread until the threads are done. Not from a test function itself: a blocked thread of
/// the concurrency pool holds up every other test (see `onNewThread`).
func onThreadsBlocking(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let work = ThreadBody(body)
  let finished = DispatchSemaphore(value: 0)
  startThreads(threads, running: work) { finished.signal() }
  finished.wait()
  work.release()
}

/// Starts `threads` threads that run `work` with their index once all have started, in the
/// calling test's ledger; the last one to finish calls `done`.
private func startThreads(
  _ threads: Int, running work: ThreadBody<Int>, done: @escaping @Sendable () -> Void
) {
  let ledger = SubscriptionLedger.current
  let arrived = AtomicCounter()
  let running = AtomicCounter()
  for _ in 0..<threads { running.increment() }
  for index in 0..<threads {
    let thread = Thread {
      arrived.increment()
      while arrived.count < threads { sched_yield() }
      ledger.withLedger { work.run(index) }
      if running.decrement() == 0 { done() }
    }
    thread.start()
  }
}

/// A body for threads to run that the caller releases when they are done with it: a `Thread`
/// keeps its block (and all the block captures) until the thread has exited, which can be after
/// the test ended — and a control captured there would look like a leaked subscription.
///
/// Lock discipline: `body` is read and written only with `lock` held.
final class ThreadBody<Argument>: @unchecked Sendable {
  private let lock = NSLock()
  private var body: (@Sendable (Argument) -> Void)?

  init(_ body: @escaping @Sendable (Argument) -> Void) { self.body = body }

  /// Runs the body, unless it was released.
  func run(_ argument: Argument) {
    let body = lock.withLock { self.body }
    body?(argument)
  }

  /// Releases the body and everything it captured.
  func release() { lock.withLock { body = nil } }
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
  @discardableResult
  func decrement() -> Int {
    value.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
  }
}

/// Yields until `condition` holds, at most `limit` times; returns whether it held. For waiting on
/// work of another task or queue (a task going to sleep, an action run on a Dispatch queue)
/// without a real sleep; the limit only ends a test that would otherwise hang.
func yieldUntil(limit: Int = 1_000_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<limit {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// A weak reference that a test can hand around.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
  // Lock discipline: written by the test's own thread before it shares the box, or read after
  // the threads that used it ended.
  weak var object: Object?

  init(_ object: Object?) { self.object = object }
}

/// Items passed from one thread to another, under an `NSLock` (the thread sanitizer sees its
/// hand-over; a `Mutex`'s contended path runs where it cannot look).
final class HandOff<Item>: @unchecked Sendable {
  // Lock discipline: `items` is read and written only with `lock` held.
  private let lock = NSLock()
  private var items: [Item] = []

  func put(_ item: Item) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  func takeAll() -> [Item] {
    lock.lock()
    defer { lock.unlock() }
    let taken = items
    items = []
    return taken
  }
}
