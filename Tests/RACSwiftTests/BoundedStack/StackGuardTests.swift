import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Every page of `cache` from `index` on, each page subscribing the next once delivered — the
/// example of the "Chains of any depth" section of SchedulersAndTime.md, verbatim.
private func pages(from index: Int, of cache: [[String]]) -> Signal<[String], Never> {
  guard index < cache.count else { return .empty }
  return Signal.just(cache[index]).concat(.defer { pages(from: index + 1, of: cache) })
}

/// A signal that sends `value` and completes from its subscribe closure: not one of the
/// synchronous kind RACSwift runs on a fast path, so subscribing it goes through the guard.
private func created(_ value: Int) -> Signal<Int, Never> {
  Signal { subscriber in
    subscriber.sendNext(value)
    subscriber.sendCompleted()
    return nil
  }
}

@Suite(
  "The stack guard: deep chains deferred to the outermost frame (CONTRACT.md#bounded-stack)",
  .checksLiveSubscriptions, .tags(.stack))
struct StackGuardTests {
  @Test("recursive pagination over many cached pages runs on a 512 KiB stack")
  func recursivePagination() async {
    let pageCount = TestScale.size(full: 100_000, quick: 10_000)
    await onSmallStack {
      let cache = (0..<pageCount).map { ["item \($0)"] }
      let count = AtomicCounter()
      let last = LastValue<String>()
      let completed = AtomicCounter()
      pages(from: 0, of: cache).subscribe(
        next: { page in
          count.increment()
          last.set(page[0])
        }, completed: { completed.increment() })
      #expect(count.count == pageCount)
      #expect(last.value == "item \(pageCount - 1)")
      #expect(completed.count == 1)
    }
  }

  @Test("a blocking first() at any nesting of subscriptions returns: never waits for a frame below")
  func blockingCallInsideNestedSubscriptions() {
    // Nested `depth` levels of subscriptions, each made from the previous one's handler, then a
    // blocking `first()` of a created signal: a subscription the guard deferred to the frame
    // under the blocked call would never run.
    func nest(_ depth: Int, _ body: @escaping () -> Void) {
      if depth == 0 { return body() }
      created(depth).subscribe(next: { _ in nest(depth - 1, body) })
    }
    for depth in 0...80 {
      var result: Int?
      nest(depth) { result = created(7).map { $0 * 6 }.first() }
      #expect(result == 42, "at nesting depth \(depth)")
    }
  }

  @Test("a 10,000-deep chain on a created signal has delivered everything when subscribe returns")
  func deepChainFinishesBeforeSubscribeReturns() async {
    await onSmallStackKeepingChain { keeper in
      var signal = created(1)
      for _ in 0..<10_000 { signal = signal.map { $0 + 1 }.filter { _ in true } }
      let recorder = Recorder<Int, Never>()
      recorder.subscribe(to: signal)
      #expect(recorder.events == [.next(10_001), .completed])
      keeper.keep(signal)
    }
  }

  @Test("a shallow chain subscribes its inputs in the order the operator asks, as before")
  func shallowChainsKeepSubscriptionOrder() {
    let log = OrderLog()
    func logged(_ name: String) -> Signal<Int, Never> {
      Signal { subscriber in
        log.append(name)
        subscriber.sendNext(1)
        return nil
      }
    }
    let subscription = Signal.combineLatest(logged("a"), logged("b")).map { $0 + $1 }
      .take(until: logged("trigger").filter { _ in false })
      .subscribe(next: { _ in log.append("value") })
    #expect(log.entries == ["trigger", "a", "b", "value"])
    subscription.dispose()
  }
}

/// The last value a handler saw, readable from the test.
///
/// Lock discipline: `stored` is read and written only with `lock` held.
final class LastValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  func set(_ value: Value) { lock.withLock { stored = value } }
  var value: Value? { lock.withLock { stored } }
}

/// Strings appended by handlers, in order.
///
/// Lock discipline: `storage` is read and written only with `lock` held.
final class OrderLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  func append(_ entry: String) { lock.withLock { storage.append(entry) } }
  var entries: [String] { lock.withLock { storage } }
}
