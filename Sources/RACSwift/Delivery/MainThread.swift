public import CRACSwiftThreadState
import Dispatch

/// Whether the current code runs where the main actor does.
///
/// On the process's main thread it does: the main queue is drained there, so nothing on the main
/// actor can run at the same time (code that the main thread runs for another queue with
/// `sync` included). That answer is one thread-local load (`cracswift_is_main_thread`).
///
/// On any other thread, the main queue decides: on Linux, a program that calls `dispatchMain()`
/// (as the Swift Testing runner does) has the main queue, and so the main actor, drained by a
/// worker thread. Main-actor hops make this check for each event.
@usableFromInline
enum MainThread {
  /// Marks the main queue.
  private static let key = DispatchSpecificKey<UInt8>()
  private static let installed: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  @inlinable static var isCurrent: Bool {
    cracswift_is_main_thread() != 0 || drainsMainQueue
  }

  /// Whether the calling thread is draining the main queue (asked off the main thread).
  @usableFromInline static var drainsMainQueue: Bool {
    _ = installed
    return DispatchQueue.getSpecific(key: key) != nil
  }
}
