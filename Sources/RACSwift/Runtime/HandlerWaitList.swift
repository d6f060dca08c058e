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

  /// Sleeps until ``wake(_:)`` is called for `subscription`, unless `mustSleep` — asked under
  /// the bucket's lock — says the wait is already over.
  static func sleep(on subscription: ObjectIdentifier, while mustSleep: () -> Bool) {
    let bucket = bucket(for: subscription)
    let wakeUp: DispatchSemaphore? = bucket.lock.withLock {
      guard mustSleep() else { return nil }
      let wakeUp = DispatchSemaphore(value: 0)
      bucket.sleepers.append(Sleeper(subscription: subscription, wakeUp: wakeUp))
      return wakeUp
    }
    wakeUp?.wait()
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
