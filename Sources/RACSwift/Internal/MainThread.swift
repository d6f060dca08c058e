import Dispatch

/// Whether the current code runs on the main queue — where the main actor runs.
///
/// Not the same as "the process's first thread": on Linux, a program that calls `dispatchMain()`
/// (as the Swift Testing runner does) has the main queue, and so the main actor, drained by a
/// worker thread. Checking the queue is right on every platform; main-actor subscribers make
/// this check for each event.
@usableFromInline
enum MainThread {
  /// Marks the main queue.
  private static let key = DispatchSpecificKey<UInt8>()
  private static let installed: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  @usableFromInline static var isCurrent: Bool {
    _ = installed
    return DispatchQueue.getSpecific(key: key) != nil
  }
}
