import CHeapStats
import OpenCombine
import RACSwift

/// W8: a subject with 10,000 live subscribers; heap bytes and allocations per subscription.
/// Returns (live heap bytes added, subscriptions) measured with `mallinfo2()`; the allocation
/// count comes from the benchmark's malloc metric around `meter`.
public enum W8 {
  /// N as defined.
  public static let count = 10_000

  /// Subscribes `n` counting subscribers to a RACSwift subject; returns the live heap bytes the
  /// subscriptions added.
  public static func racSwift(_ n: Int, meter: Meter) -> Int {
    let counter = Counter()
    let subject = Subject<Int, Never>()
    var subscriptions: [any Disposable] = []
    subscriptions.reserveCapacity(n)
    let before = cheapstats_allocated_bytes()
    meter.start()
    for _ in 0..<n { subscriptions.append(subject.subscribe(next: { counter.value &+= $0 })) }
    meter.stop()
    let after = cheapstats_allocated_bytes()
    subject.sendNext(1)
    precondition(counter.value == n)
    for subscription in subscriptions { subscription.dispose() }
    return after &- before
  }

  /// The same with OpenCombine.
  public static func openCombine(_ n: Int, meter: Meter) -> Int {
    let counter = Counter()
    let subject = PassthroughSubject<Int, Never>()
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(n)
    let before = cheapstats_allocated_bytes()
    meter.start()
    for _ in 0..<n { cancellables.append(subject.sink { counter.value &+= $0 }) }
    meter.stop()
    let after = cheapstats_allocated_bytes()
    subject.send(1)
    precondition(counter.value == n)
    for cancellable in cancellables { cancellable.cancel() }
    return after &- before
  }
}
