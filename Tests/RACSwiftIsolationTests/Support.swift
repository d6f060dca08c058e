import Dispatch
import RACSwift

/// A global actor of the app's own, as an app declares one for work it keeps off the main actor
/// (here: the downloads screen's bookkeeping). `DownloadsViewModel` is isolated to it.
@globalActor
actor DownloadActor {
  /// The actor's one instance.
  static let shared = DownloadActor()
}

/// Yields until `condition` holds: for values that other threads send and a hop carries to the
/// caller's actor. Never sleeps; each turn lets the actor run what was carried to it.
func yield(until condition: () -> Bool, isolation: isolated (any Actor)? = #isolation) async {
  while !condition() { await Task.yield() }
}

/// Sends `values` into `subject` from a background queue, one after the other, then `completion`
/// if given — the way a network or file callback would.
func sendFromBackground<Value: Sendable, Failure: Error>(
  _ values: [Value], to subject: Subject<Value, Failure>, then completion: Bool = false
) {
  DispatchQueue.global().async {
    for value in values { subject.sendNext(value) }
    if completion { subject.sendCompleted() }
  }
}

/// Marks the main queue, where the main actor runs (on Linux, the Swift Testing runner drains it
/// on a thread that need not be the process's first).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Whether the caller runs on the main queue: where main-actor code must run. Unlike
/// `MainActor.assertIsolated()`, it does not stop the process when the answer is no.
func isOnMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }
