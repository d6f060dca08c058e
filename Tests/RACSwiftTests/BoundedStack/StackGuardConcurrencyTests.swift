import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "Deep chains from many threads: checkpoints keep delivery serialized and in order (CONTRACT.md#serialization, #bounded-stack)",
  .checksLiveSubscriptions, .tags(.concurrency, .stack), .detectsHangs)
struct StackGuardConcurrencyTests {
  static let threads = 4
  /// Values each thread sends; the chain keeps its depth at every scale (see ``TestScale``).
  static let perThread = TestScale.size(full: 500, quick: 100)

  @Test(
    """
    a merge under 3,000 stages, fed from 4 threads: every value once, never two handlers at \
    once, each sender's order kept
    """)
  func deepChainOverAMerge() async {
    // Below the merge, 1,000 stages per input: a thread's delivery reaches the merge inside the
    // outermost frame a checkpoint made for it. Above, 2,000 more: there checkpoints find the
    // stack deep and queue events for that frame's loop — after the merge has let the thread go,
    // so other threads' events reach those checkpoints while they wait. (Filters, not maps:
    // a chain of maps that long is fused into one stage.)
    let inputs = (0..<Self.threads).map { _ in Subject<Int, Never>() }
    let deepInputs = inputs.map { input -> Signal<Int, Never> in
      var signal: Signal<Int, Never> = input
      for _ in 0..<1_000 { signal = signal.filter { _ in true } }
      return signal
    }
    var chain = Signal.merge(deepInputs)
    for _ in 0..<2_000 { chain = chain.filter { _ in true } }
    let probe = SerialityProbe()
    let order = SenderOrder(senders: Self.threads)
    let completed = AtomicCounter()
    let subscription = chain.subscribe(
      next: { value in
        probe.handle()
        order.receive(value)
      }, completed: { completed.increment() })
    await onThreads(Self.threads) { thread in
      for index in 0..<Self.perThread { inputs[thread].sendNext(index * Self.threads + thread) }
      inputs[thread].sendCompleted()
    }
    #expect(probe.count == Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(order.outOfOrder == 0)
    #expect(completed.count == 1)
    subscription.dispose()
  }
}

/// Checks that the values of each sender (`value % senders`) arrive in increasing order. Called
/// from a handler, which RACSwift runs one at a time.
///
/// Lock discipline: `last` and `outOfOrder` are written only by the handler (serialized by
/// RACSwift, which the thread sanitizer checks) and read after the senders have finished.
final class SenderOrder: @unchecked Sendable {
  private var last: [Int]
  private(set) var outOfOrder = 0

  init(senders: Int) { last = Array(repeating: -1, count: senders) }

  func receive(_ value: Int) {
    let sender = value % last.count
    if value <= last[sender] { outOfOrder += 1 }
    last[sender] = value
  }
}
