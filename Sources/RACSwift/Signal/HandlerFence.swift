public import CRACSwiftStackDepth
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What makes `dispose()` a fence for a subscription's handlers: once `dispose()`
/// has returned, no handler of the subscription starts; a `dispose()` from another thread while a
/// handler runs waits for it to return; a `dispose()` from inside the subscription's own handler
/// returns at once.
///
/// The thread that runs a handler first announces it (``running`` holds an address in its
/// stack), then checks whether the subscription was disposed, and clears the announcement when
/// the handler returns. A `dispose()` sets the disposed flag, then looks at the announcement and
/// waits while another thread's handler runs. For that to be enough, the two threads must not
/// both miss each other — the handler's thread reading "not disposed" while the disposing thread
/// reads "nothing runs" — which takes a full memory barrier between the store and the load on
/// each side. The handler's side runs for every event, so it uses none: the disposing side
/// issues one barrier on every thread of the process at once (`membarrier` on Linux,
/// `cracswift_process_barrier`), which does for the handler's thread what its own barrier would
/// have done. Where the platform has no such barrier (Apple platforms), the handler's side uses a
/// full barrier itself.
///
/// Cost: per event, two plain stores on a line the sink already touches; per
/// `dispose()` of a live subscription, one process-wide barrier (about a microsecond here, more
/// with many busy cores). A `dispose()` after the subscription finished by itself costs nothing
/// more.
///
/// A handler that blocks until the thread calling `dispose()` does something (`DispatchQueue.main
/// .sync` from a handler while the main thread disposes) deadlocks, as with RAC 2's subscriber,
/// whose handlers and disposal shared one lock.
///
/// Lock discipline: `running` is atomic; the handler's thread writes it, the disposing thread
/// only reads it.
@usableFromInline
struct HandlerFence: ~Copyable, @unchecked Sendable {
  /// An address in a frame of the thread running a handler of this subscription; 0 when none
  /// runs; ``finished`` once the terminal event's handler has returned.
  @usableFromInline let running: Atomic<UInt>

  /// The value of `running` once the subscription's terminal handler has returned.
  @inlinable static var finished: UInt { 1 }

  @inlinable init() { running = Atomic(0) }

  /// Runs `handler` unless `scope` was disposed — which it checks after announcing the handler,
  /// so that a `dispose()` on another thread either prevents the handler or waits for it.
  ///
  /// A subscription's handlers never run nested or at once, so there is one
  /// announcement at a time.
  @inlinable @inline(__always)
  func run(unlessDisposed scope: SubscriptionScope, _ handler: () -> Void) {
    announce()
    if !scope.isDisposed { handler() }
    running.store(0, ordering: .releasing)
  }

  /// Runs the terminal event's `handler` if `end()` — which disposes `scope`, returning whether
  /// this call did — says so, announced like any handler; afterwards `dispose()` returns at once.
  @inlinable @inline(__always)
  func runTerminal(ending end: () -> Bool, handler: () -> Void) {
    announce()
    if end() { handler() }
    running.store(Self.finished, ordering: .releasing)
  }

  /// Stores this thread's announcement: an address in its stack.
  @inlinable @inline(__always)
  func announce() {
    running.store(cracswift_stack_pointer(), ordering: .relaxed)
    #if os(Linux) || os(Android)
      // The disposing thread's process-wide barrier stands in for a full barrier here.
      cracswift_compiler_barrier()
    #else
      atomicMemoryFence(ordering: .sequentiallyConsistent)
    #endif
  }

  /// Called by the thread that disposed the subscription (`didDispose`: whether its `dispose()`
  /// was the one that did): returns once no handler of the subscription runs on another thread,
  /// and none can start.
  @usableFromInline
  func waitForHandlers(didDispose: Bool) {
    if !didDispose, running.load(ordering: .acquiring) == Self.finished { return }
    if cracswift_process_barrier() == 0 {
      atomicMemoryFence(ordering: .sequentiallyConsistent)
    }
    var spins = 0
    while true {
      let frame = running.load(ordering: .acquiring)
      if frame <= Self.finished || cracswift_stack_holds_caller_frame(frame) != 0 { return }
      spins += 1
      if spins > 64 { sched_yield() }
    }
  }
}
