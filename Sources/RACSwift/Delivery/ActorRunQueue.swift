import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The work that ``Hop``s have carried to each actor and that has not run yet, in the order it
/// arrived.
///
/// Whoever holds the actor runs it: a runner scheduled on the actor when its queue becomes
/// non-empty (the main queue for the main actor, a task isolated to the actor otherwise), or a
/// thread that holds the actor while it blocks in `first()`, `toArray()` and the like — so a
/// blocking call on an actor whose stages are in the chain returns instead of deadlocking.
///
/// While a thread runs an actor's work it is marked as running on that actor
/// (``isRunning(on:)``), so a hop to the same actor made from that work runs inline: stages on
/// one actor cost at most one hop per event.
///
/// Lock discipline: `queues` and `waiters` are read and written only with `lock` held; work
/// runs without it. A queue exists only while it holds work, and its work holds the hops that
/// hold the actor, so an actor's identifier cannot be reused while it has an entry.
@usableFromInline
final class ActorRunQueue: @unchecked Sendable {
  /// Work for one actor. It runs on that actor only, which is what makes sending the
  /// non-`Sendable` closure there safe.
  typealias Work = () -> Void

  static let shared = ActorRunQueue()

  private let lock = Lock()
  private var queues: [ObjectIdentifier: RingBuffer<Work>] = [:]
  private var waiters: [ObjectIdentifier: [ActorWaiter]] = [:]

  /// Adds `work` for `actor`; schedules a runner on the actor if its queue was empty, and wakes
  /// the threads blocked on it.
  func enqueue(_ work: @escaping Work, on actor: any Actor) {
    let id = ObjectIdentifier(actor)
    lock.lock()
    let wasEmpty = queues[id] == nil
    queues[id, default: RingBuffer()].append(work)
    let blocked = waiters[id] ?? []
    lock.unlock()
    for waiter in blocked { waiter.poke() }
    guard wasEmpty else { return }
    let runner = UncheckedRunner(queue: self, id: id)
    if id == ObjectIdentifier(MainActor.shared) {
      DispatchQueue.main.async { runner.run() }
    } else {
      Task { await Self.run(on: actor) { runner.run() } }
    }
  }

  private static func run(on actor: isolated any Actor, _ body: () -> Void) { body() }

  /// Runs the work queued for the actor `id` until none is left. Called only by code that holds
  /// that actor.
  func runAll(_ id: ObjectIdentifier) {
    let previous = CurrentActor.bits
    CurrentActor.bits = Int(bitPattern: id)
    defer { CurrentActor.bits = previous }
    while true {
      lock.lock()
      guard let work = queues[id]?.popFirst() else {
        lock.unlock()
        return
      }
      if queues[id]?.isEmpty == true { queues[id] = nil }
      lock.unlock()
      work()
    }
  }

  /// Whether the calling thread is running work queued for `actor` (see the type's comment).
  @usableFromInline
  static func isRunning(on actor: any Actor) -> Bool {
    CurrentActor.bits == Int(bitPattern: ObjectIdentifier(actor))
  }

  /// Registers `waiter` to be poked whenever work is queued for `actor`.
  func register(_ waiter: ActorWaiter, for actor: any Actor) {
    lock.withLock { waiters[ObjectIdentifier(actor), default: []].append(waiter) }
  }

  /// Undoes ``register(_:for:)``.
  func unregister(_ waiter: ActorWaiter, for actor: any Actor) {
    let id = ObjectIdentifier(actor)
    lock.withLock {
      waiters[id]?.removeAll { $0 === waiter }
      if waiters[id]?.isEmpty == true { waiters[id] = nil }
    }
  }
}

/// A runner scheduled on an actor for its queue.
///
/// Lock discipline: immutable; `run()` is called only on the actor `id` names.
private struct UncheckedRunner: Sendable {
  let queue: ActorRunQueue
  let id: ObjectIdentifier
  func run() { queue.runAll(id) }
}

/// The actor whose queued work the current thread is running (see
/// ``ActorRunQueue/isRunning(on:)``): a thread-local value, not a task-local one, which tasks
/// created from that work would inherit while running elsewhere.
enum CurrentActor {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The bit pattern of the actor's `ObjectIdentifier`; 0 for none.
  static var bits: Int {
    get { Int(bitPattern: pthread_getspecific(key)) }
    set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
  }
}
