import Dispatch

/// Where a `dispose()` sleeps while another thread runs one of the subscription's handlers
/// (``HandlerFence``), and where that handler's thread wakes it when the handler returns.
///
/// Waits are rare — a `dispose()` races a handler running right now on another thread, and the
/// handler outlasts a short spin — so this is a small, fixed table of buckets, each a list of
/// sleeping threads under a ``Lock``, chosen by the subscription's address; each sleeping thread
/// has its own `DispatchSemaphore`. Nothing here runs on the path of an event unless a
/// `dispose()` is asleep on that subscription.
///
/// Lock discipline: each bucket's lock guards its list. A waiter checks that it must still
/// sleep and adds itself under the same lock that the waking thread takes to remove it, so a
/// wake-up that comes between the check and the sleep is not lost. Semaphores are signalled
/// after the lock is released.
@usableFromInline
enum HandlerWaitList {
  /// One sleeping `dispose()`: the subscription it waits on, and what wakes it.
  struct Sleeper {
    let subscription: ObjectIdentifier
    let wakeUp: DispatchSemaphore
  }

  /// A bucket of sleepers (a class, so that the table can hold the non-copyable lock).
  ///
  /// Lock discipline: `sleepers` is read and written only with `lock` held.
  final class Bucket: @unchecked Sendable {
    let lock = Lock()
    var sleepers: [Sleeper] = []
  }

  /// The table; 64 buckets keep unrelated waits from sharing a lock.
  static let buckets: [Bucket] = (0..<64).map { _ in Bucket() }

  static func bucket(for subscription: ObjectIdentifier) -> Bucket {
    // Objects are at least 16-byte aligned: the bits above the lowest four spread best.
    buckets[Int((UInt(bitPattern: subscription) >> 4) & 63)]
  }

  /// The longest the first sleep of a wait lasts, in milliseconds; each later one of the same
  /// wait may last twice as long as the one before, up to ``longestPause``.
  static var firstPause: Int { 1 }

  /// The longest any sleep lasts before the sleeper looks again, in milliseconds.
  static var longestPause: Int { 16 }

  /// The limit of the sleep after one limited to `pause` milliseconds.
  static func pause(after pause: Int) -> Int { min(pause * 2, longestPause) }

  /// Sleeps until ``wake(_:)`` is called for `subscription`, or for `pause` milliseconds, unless
  /// `mustSleep` — asked under the bucket's lock — says the wait is already over.
  ///
  /// The limit is what finds a handler that returned without waking the sleeper: its thread
  /// clears the announcement with a load and a store (``HandlerFence/leave(_:setting:)``), so a
  /// sleeper bit added between the two is overwritten unseen. The caller looks again when this
  /// returns, however it was woken.
  static func sleep(
    on subscription: ObjectIdentifier, atMost pause: Int, while mustSleep: () -> Bool
  ) {
    let bucket = bucket(for: subscription)
    let wakeUp: DispatchSemaphore? = bucket.lock.withLock {
      guard mustSleep() else { return nil }
      let wakeUp = DispatchSemaphore(value: 0)
      bucket.sleepers.append(Sleeper(subscription: subscription, wakeUp: wakeUp))
      return wakeUp
    }
    guard let wakeUp else { return }
    if wakeUp.wait(timeout: .now() + .milliseconds(pause)) == .timedOut {
      // Leave the list; a wake-up that took this sleeper off it in the meantime signalled a
      // semaphore that nothing waits on any more.
      bucket.lock.withLock { bucket.sleepers.removeAll { $0.wakeUp === wakeUp } }
    }
  }

  /// Wakes every `dispose()` asleep on `subscription`.
  @usableFromInline
  static func wake(_ subscription: ObjectIdentifier) {
    let bucket = bucket(for: subscription)
    let woken: [DispatchSemaphore] = bucket.lock.withLock {
      var woken: [DispatchSemaphore] = []
      bucket.sleepers.removeAll { sleeper in
        guard sleeper.subscription == subscription else { return false }
        woken.append(sleeper.wakeUp)
        return true
      }
      return woken
    }
    for wakeUp in woken { wakeUp.signal() }
  }
}
