import Synchronization

/// What makes `dispose()` a fence for a subscription's handlers: once `dispose()` has returned,
/// no handler of the subscription starts; a `dispose()` from another thread while a handler runs
/// waits for it to return; a `dispose()` from inside the subscription's own handler returns at
/// once.
///
/// The thread that runs a handler first announces it (``running`` holds its
/// ``currentThreadIdentity()``), then checks whether the subscription was disposed, runs the
/// handler if not, and clears the announcement. A `dispose()` sets the disposed flag, then looks
/// at the announcement and waits while another thread's handler runs. The two threads must not
/// both miss each other — the handler's thread reading "not disposed" while the disposing thread
/// reads "nothing runs" — so each side orders its store before its load (the store-load order
/// that no weaker ordering gives): the handler's thread with a sequentially consistent store and
/// a sequentially consistent load (`stlr`/`ldar` on ARM64, no barrier; an exchange and a plain
/// load on x86-64), the disposing thread with a sequentially consistent fence after its
/// read-modify-write of the flag. Whichever comes second sees the other side's store. (The pair
/// replaced a relaxed store and a fence: as fast on x86-64, one instruction fewer, and no `dmb`
/// on ARM64 — `Benchmarks/RESULTS.md`, session 31.)
///
/// A `dispose()` that finds another thread's handler running spins a little (handlers are
/// usually short), then marks the announcement (``sleeperBit``) and sleeps in
/// ``HandlerWaitList``; the handler's thread loads the announcement, clears it with a plain
/// store, and wakes the sleeper if the load saw the mark. A mark added between that load and
/// store is overwritten unseen; the sleeper's time limit (1 ms, doubling up to 16 ms while the
/// same wait lasts) then ends its sleep, and it finds the handler gone. An exchange in place of
/// the load and store would wake it in that case too, at the cost of a locked instruction on
/// every event: W2 (ten handlers per send) took a fifth more time with it on an x86-64 VM
/// (`Benchmarks/RESULTS.md`, session 35). No system call is made on any path unless a
/// `dispose()` has to sleep.
///
/// Cost per event: a sequentially consistent store and load, then a load and a store, on lines
/// the subscription's end already owns. Per `dispose()` of a live subscription: a fence and a
/// load.
///
/// A handler that blocks until the thread calling `dispose()` does something (`DispatchQueue.main
/// .sync` from a handler while the main thread disposes) deadlocks, as with RAC 2's subscriber,
/// whose handlers and disposal shared one lock.
///
/// Lock discipline: `running` is atomic; the handler's thread stores and clears it, a disposing
/// thread only adds ``sleeperBit`` to the value it found, with a compare-and-exchange.
///
/// The guarantee it implements: `CONTRACT.md#dispose-fence`. Model-checked, with the wait list,
/// in `HandlerFence.pml` beside this file (`.ci/check-fence-model`).
@usableFromInline
struct HandlerFence: ~Copyable, Sendable {
  /// The identity of the thread running a handler of this subscription (``sleeperBit`` added
  /// once a `dispose()` sleeps waiting for it); 0 when none runs; ``finished`` once the terminal
  /// event's handler has returned.
  @usableFromInline let running: Atomic<UInt>

  /// The value of `running` once the subscription's terminal handler has returned.
  @inlinable static var finished: UInt { 1 }

  /// Added to a running thread's identity by a `dispose()` that sleeps until the handler returns.
  /// (Thread identities are 8-byte aligned: their low bits are free.)
  @inlinable static var sleeperBit: UInt { 2 }

  @inlinable init() { running = Atomic(0) }

  /// Runs `handler` unless `scope` was disposed — which it checks after announcing the handler,
  /// so that a `dispose()` on another thread either prevents the handler or waits for it.
  ///
  /// A subscription's handlers never run nested or at once, so there is one announcement at a
  /// time.
  @inlinable @inline(__always)
  func run(unlessDisposed scope: SubscriptionScope, _ handler: () -> Void) {
    announce()
    // Sequentially consistent, as the announcement: the pair is ordered (see the type's comment).
    if scope.flags.load(ordering: .sequentiallyConsistent) & ScopeFlags.disposed == 0 {
      handler()
    }
    leave(scope, setting: 0)
  }

  /// Runs the terminal event's `handler` if `end()` — which disposes `scope`, returning whether
  /// this call did — says so, announced like any handler; afterwards `dispose()` returns at once.
  @inlinable @inline(__always)
  func runTerminal(of scope: SubscriptionScope, ending end: () -> Bool, handler: () -> Void) {
    announce()
    if end() { handler() }
    leave(scope, setting: Self.finished)
  }

  /// Stores this thread's announcement, sequentially consistent: the disposed flag's load after
  /// it, sequentially consistent too (or the terminal event's read-modify-write), cannot pass it.
  @inlinable @inline(__always)
  func announce() {
    running.store(currentThreadIdentity(), ordering: .sequentiallyConsistent)
  }

  /// Clears the announcement (to `value`), waking a `dispose()` that sleeps waiting for it.
  ///
  /// A load and a store, not an exchange: an exchange would see a mark added at any moment, at
  /// the cost of a locked instruction per handler. A `dispose()` that adds ``sleeperBit``
  /// between the two is not woken here; it wakes at the end of its timed sleep
  /// (``HandlerWaitList/sleep(on:atMost:while:)``) and finds the handler gone.
  @inlinable @inline(__always)
  func leave(_ scope: SubscriptionScope, setting value: UInt) {
    let previous = running.load(ordering: .relaxed)
    running.store(value, ordering: .releasing)
    if previous & Self.sleeperBit != 0 { HandlerWaitList.wake(ObjectIdentifier(scope)) }
  }

  /// Called by the thread that disposed `scope` (`didDispose`: whether its `dispose()` was the
  /// one that did): returns once no handler of the subscription runs on another thread, and none
  /// can start.
  @usableFromInline
  func waitForHandlers(of scope: SubscriptionScope, didDispose: Bool) {
    if !didDispose, running.load(ordering: .acquiring) == Self.finished { return }
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    let me = currentThreadIdentity()
    var spins = 0
    var pause = HandlerWaitList.firstPause
    while true {
      let seen = running.load(ordering: .acquiring)
      let thread = seen & ~Self.sleeperBit
      // Nothing runs (a handler that starts now sees the disposed flag), the subscription has
      // finished, or the handler is this thread's own, running below this `dispose()`.
      if thread <= Self.finished || thread == me { return }
      if spins < 128 {
        spins += 1
        continue
      }
      let marked = seen | Self.sleeperBit
      if seen != marked {
        let (exchanged, _) = running.compareExchange(
          expected: seen, desired: marked, ordering: .acquiringAndReleasing)
        // The handler returned, or another one started, in between: look again.
        if !exchanged { continue }
      }
      HandlerWaitList.sleep(on: ObjectIdentifier(scope), atMost: pause) {
        running.load(ordering: .acquiring) == marked
      }
      pause = HandlerWaitList.pause(after: pause)
    }
  }
}
