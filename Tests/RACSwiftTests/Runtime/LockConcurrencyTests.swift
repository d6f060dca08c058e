import Foundation
import RACSwiftTesting
import Synchronization
import Testing

@testable import RACSwift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two locks and the counters they guard, shared by a test's threads.
///
/// Lock discipline: `firstCount` is read and written only with `first` held, `secondCount` only
/// with `second` held (the thread sanitizer checks that the locks keep that promise), and both by
/// the test once its threads are done. Two properties, not an array: threads changing two
/// elements of one array at once would race on the array itself.
final class LockedCounters: @unchecked Sendable {
  let first = Lock()
  let second = Lock()
  var firstCount = 0
  var secondCount = 0

  var counts: [Int] { [firstCount, secondCount] }

  /// Adds one to counter `index`; the caller holds lock `index`.
  func increment(_ index: Int) {
    if index == 0 { firstCount += 1 } else { secondCount += 1 }
  }

  func withLock<R>(_ index: Int, _ body: () -> R) -> R {
    index == 0 ? first.withLock(body) : second.withLock(body)
  }

  func lock(_ index: Int) { index == 0 ? first.lock() : second.lock() }
  func unlock(_ index: Int) { index == 0 ? first.unlock() : second.unlock() }
  func tryLock(_ index: Int) -> Bool { index == 0 ? first.tryLock() : second.tryLock() }
}

@Suite(
  "Lock: mutual exclusion, and a waiter woken only by its own lock (issue 20)",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct LockConcurrencyTests {
  @Test("4 threads × many rounds on 2 locks, now and then held across a sleep: exact counts")
  func mutualExclusion() async {
    let shared = LockedCounters()
    let rounds = TestScale.size(full: 20_000)
    await onThreads(4) { thread in
      for round in 0..<rounds {
        let index = (thread + round) & 1
        switch round % 3 {
        case 0:
          shared.withLock(index) { shared.increment(index) }
        case 1:
          if !shared.tryLock(index) { shared.lock(index) }
          shared.increment(index)
          shared.unlock(index)
        default:
          shared.lock(index)
          // The holder sleeps now and then, so that the others run out of spinning and park.
          if round % 1_000 == 2 { usleep(200) }
          shared.increment(index)
          shared.unlock(index)
        }
      }
    }
    #expect(shared.counts == [2 * rounds, 2 * rounds])
  }

  @Test("tryLock fails while another thread holds the lock, and succeeds once it is free")
  func tryLockAcrossThreads() {
    let shared = LockedCounters()
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    Thread {
      shared.lock(0)
      held.signal()
      release.wait()
      shared.unlock(0)
      released.signal()
    }.start()
    held.wait()
    let whileHeld = shared.tryLock(0)
    #expect(!whileHeld)
    release.signal()
    released.wait()
    let onceFree = shared.tryLock(0)
    #expect(onceFree)
    let again = shared.tryLock(0)
    #expect(!again)  // not recursive: this thread holds it now
    shared.unlock(0)
  }

  #if os(Linux)
    @Test("a thread waiting for one lock sleeps through 200 contended unlocks of another")
    func waiterSleepsThroughOtherLocks() {
      // The sleeper waits for lock 0, which the test holds until the end. In each round the
      // test holds lock 1 until the contender has parked on it, then unlocks it: an unlock that
      // must wake the contender, and only it. With one condition for every waiter in the
      // process (RACSwift's lock before issue 20), each of these unlocks woke the sleeper too:
      // it found lock 0 still held and went back to sleep, a voluntary context switch a round.
      let shared = LockedCounters()
      shared.lock(0)
      let sleeper = ProbeThread {
        shared.lock(0)
        shared.unlock(0)
      }
      sleeper.startRoundAndWaitUntilAsleep()
      let contender = ProbeThread {
        shared.lock(1)
        shared.unlock(1)
      }
      for _ in 0..<200 {
        shared.lock(1)
        contender.startRoundAndWaitUntilAsleep()
        shared.unlock(1)
        _ = contender.finishRound()
      }
      contender.stop()
      shared.unlock(0)
      let sleeps = sleeper.finishRound()
      sleeper.stop()
      // Once, until the test unlocked lock 0 (a stray wake-up or two is the kernel's business).
      #expect(sleeps <= 3, "the waiting thread went to sleep \(sleeps) times")
    }
  #endif
}

#if os(Linux)
  /// A thread that runs `body` once per round, when the test says so, and reports when it is
  /// asleep inside `body` and how many times it went to sleep there (voluntary context
  /// switches; proc(5)).
  ///
  /// Lock discipline: `body` is immutable; `threadID`, `roundsStarted`, `sleeps` and `stopping`
  /// are atomics, and the semaphores order each round.
  final class ProbeThread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    private let threadID = Atomic<Int>(0)
    private let roundsStarted = Atomic<Int>(0)
    private let sleeps = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let go = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
      self.body = body
      Thread { self.run() }.start()
    }

    private func run() {
      threadID.store(Self.currentThreadID(), ordering: .releasing)
      while true {
        go.wait()
        if stopping.load(ordering: .acquiring) { break }
        let before = Self.voluntarySwitches()
        roundsStarted.wrappingAdd(1, ordering: .releasing)
        body()
        sleeps.store(Self.voluntarySwitches() - before, ordering: .releasing)
        finished.signal()
      }
      finished.signal()
    }

    /// Starts a round; returns once the thread is inside `body` and asleep.
    func startRoundAndWaitUntilAsleep() {
      let round = roundsStarted.load(ordering: .acquiring) + 1
      go.signal()
      while roundsStarted.load(ordering: .acquiring) < round { sched_yield() }
      waitUntilAsleep()
    }

    /// Returns once the thread is asleep (state S), which inside `body` means waiting for a lock.
    func waitUntilAsleep() {
      let stat = "/proc/self/task/\(threadID.load(ordering: .acquiring))/stat"
      while Self.state(stat) != "S" { usleep(50) }
    }

    /// Waits for the round to end; returns how many times the thread went to sleep in it.
    func finishRound() -> Int {
      finished.wait()
      return sleeps.load(ordering: .acquiring)
    }

    /// Ends the thread.
    func stop() {
      stopping.store(true, ordering: .releasing)
      go.signal()
      finished.wait()
    }

    /// The calling thread's id: the first field of /proc/thread-self/stat.
    static func currentThreadID() -> Int {
      let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
      return Int(stat.prefix { $0 != " " }) ?? 0
    }

    /// How many times the calling thread has gone to sleep so far.
    static func voluntarySwitches() -> Int {
      let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
      let prefix = "voluntary_ctxt_switches:"
      for line in status.split(separator: "\n") where line.hasPrefix(prefix) {
        return Int(line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)) ?? 0
      }
      return 0
    }

    /// A thread's state letter: the first field after its name, which is in parentheses.
    static func state(_ statPath: String) -> Character? {
      guard let stat = try? String(contentsOfFile: statPath, encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
      else { return nil }
      return stat[nameEnd...].dropFirst().first { $0 != " " }
    }
  }
#endif
