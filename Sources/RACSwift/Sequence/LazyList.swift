import Foundation
import Synchronization

/// An immutable, lazy, memoized list (RAC's `RACSequence`): values are computed only when read,
/// and each is computed at most once.
///
/// A list is a ``head`` (the first element, `nil` when the list is empty) and a ``tail`` (the
/// rest). Each is produced by a closure that runs the first time it is read — by whichever
/// thread reads it first; other threads reading it meanwhile wait — and never again; lists
/// derived with `map`, `filter` and the rest never re-run the source's closures, nor change what
/// the source reads. Like RAC's sequences, a list cannot end early with `nil` inside: `nil` means the end.
///
/// ```swift
/// let letters = ["A", "B"].lazyList.map { letter -> String in
///   print(letter)  // runs once per element, when read
///   return letter + "_"
/// }
/// letters.head            // prints "A", returns "A_"
/// letters.tail.head       // prints "B", returns "B_"
/// letters.tail.head       // prints nothing: memoized
/// ```
///
/// `LazyList` is `Sendable` so that several threads can read one list; the closures run on the
/// thread that first reads their value, so they must be safe to run there.
public final class LazyList<Element>: @unchecked Sendable {
  // Lock discipline: `headSlot` and `tailSlot` are read and written with `lock` held; a slot
  // being evaluated is marked `.evaluating` and its closure runs with the lock released.
  private let lock = Lock()
  private var headSlot: Slot<Element?>
  private var tailSlot: Slot<LazyList<Element>>
  /// Whether lists derived from this one are computed at once (``eager``).
  public let isEager: Bool

  /// A list whose head and tail are computed, once each, by the given closures when first read
  /// (RAC's `+sequenceWithHeadBlock:tailBlock:`); the tail may be read before the head.
  ///
  /// ```swift
  /// func naturals(from n: Int) -> LazyList<Int> {
  ///   LazyList(head: { n }, tail: { naturals(from: n + 1) })
  /// }
  /// ```
  public init(head: @escaping () -> Element?, tail: @escaping () -> LazyList<Element>) {
    headSlot = .pending(head)
    tailSlot = .pending(tail)
    isEager = false
  }

  init(readyHead: Element?, tail: Slot<LazyList<Element>>, eager: Bool) {
    headSlot = .ready(readyHead)
    tailSlot = tail
    isEager = eager
  }

  /// The empty list; its tail is empty too.
  public static var empty: LazyList<Element> {
    LazyList(readyHead: nil, tail: .pending({ .empty }), eager: false)
  }

  deinit {
    // Release a long memoized chain iteratively, not by one nested deinit per node.
    guard case .ready(var next) = tailSlot else { return }
    tailSlot = .pending({ .empty })
    while isKnownUniquelyReferenced(&next) {
      guard case .ready(let following) = next.tailSlot else { break }
      next.tailSlot = .pending({ .empty })
      next = following
    }
  }

  /// The first element, `nil` if the list is empty. Computed on first read.
  public var head: Element? {
    while true {
      lock.lock()
      switch headSlot {
      case .ready(let value):
        lock.unlock()
        return value
      case .pending(let compute):
        headSlot = .evaluating(thread: currentThreadIdentity())
        lock.unlock()
        let value = compute()
        lock.lock()
        headSlot = .ready(value)
        lock.unlock()
        LazyListWaiters.wakeAll()
        return value
      case .evaluating(let thread):
        lock.unlock()
        waitForOther(thread) { if case .evaluating = self.headSlot { false } else { true } }
      }
    }
  }

  /// The list after the first element (empty for an empty list). Computed on first read.
  public var tail: LazyList<Element> {
    if isEmpty { return .empty }
    while true {
      lock.lock()
      switch tailSlot {
      case .ready(let value):
        lock.unlock()
        return value
      case .pending(let compute):
        tailSlot = .evaluating(thread: currentThreadIdentity())
        lock.unlock()
        let value = compute()
        lock.lock()
        tailSlot = .ready(value)
        lock.unlock()
        LazyListWaiters.wakeAll()
        return value
      case .evaluating(let thread):
        lock.unlock()
        waitForOther(thread) { if case .evaluating = self.tailSlot { false } else { true } }
      }
    }
  }

  /// Whether the list has no elements (reads the head).
  public var isEmpty: Bool { head == nil }

  /// Waits for the thread computing a value of this node (`isReady` is checked with `lock`
  /// held); a node reading its own value is a cycle, reported instead of deadlocking.
  private func waitForOther(_ thread: UInt, until isReady: @escaping () -> Bool) {
    precondition(
      thread != currentThreadIdentity(),
      "LazyList: a head or tail closure read the value it is computing (a cycle)")
    LazyListWaiters.wait { self.lock.withLock(isReady) }
  }
}

/// A memoized value: still to compute, being computed by a thread, or computed.
enum Slot<T> {
  case pending(() -> T)
  case evaluating(thread: UInt)
  case ready(T)
}

/// Where readers of a value another thread is computing wait: one condition for every list
/// (waiting is rare: only when two threads read the same unevaluated value at once).
enum LazyListWaiters {
  private static let condition = NSCondition()
  private static let waiting = Atomic<Int>(0)

  static func wait(until isReady: () -> Bool) {
    waiting.wrappingAdd(1, ordering: .acquiringAndReleasing)
    defer { waiting.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
    condition.lock()
    defer { condition.unlock() }
    while !isReady() { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
  }

  /// Wakes waiting readers (cheap when nobody waits, which is almost always).
  static func wakeAll() {
    if waiting.load(ordering: .acquiring) == 0 { return }
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }
}

extension LazyList: Sequence {
  /// Iterates the elements, computing them as they are reached. The iterator holds only the
  /// current node: elements already passed are released unless someone holds the list's start.
  public struct Iterator: IteratorProtocol {
    private var current: LazyList<Element>

    init(_ list: LazyList<Element>) { current = list }

    /// The next element, or `nil` at the end.
    public mutating func next() -> Element? {
      guard let element = current.head else { return nil }
      current = current.tail
      return element
    }
  }

  /// An iterator over the elements.
  public func makeIterator() -> Iterator { Iterator(self) }

  /// Every element, computed now, in an array (RAC's `-array`).
  public var array: [Element] { Array(self) }
}

extension LazyList {
  /// A list of the elements of `sequence`, read from its iterator lazily — one element as each
  /// position is first read, whichever thread reads it (RAC's `rac_sequence`, `NSEnumerator`).
  ///
  /// ```swift
  /// let lines = LazyList(fileLines)  // nothing is read yet
  /// ```
  public convenience init<S: Sequence>(_ sequence: S) where S.Element == Element {
    let source = SharedIterator(sequence.makeIterator())
    self.init(head: { source.element(at: 0) }, tail: { LazyList.fromIterator(source, from: 1) })
  }

  static func fromIterator<I: IteratorProtocol>(
    _ source: SharedIterator<I>, from index: Int
  ) -> LazyList<Element> where I.Element == Element {
    LazyList(
      head: { source.element(at: index) },
      tail: { LazyList.fromIterator(source, from: index + 1) })
  }
}

/// An iterator read by position from any thread: elements are produced in order, once, and kept
/// only until their position has been read.
///
/// Lock discipline: `buffer`, `produced`, `finished` and `producing` are read and written with
/// `lock` held. `iterator` is touched only by the one thread that set `producing`, with the lock
/// released (its `next()` may be user code).
final class SharedIterator<I: IteratorProtocol> {
  private let lock = Lock()
  private var iterator: I
  private var buffer: [Int: I.Element] = [:]
  private var produced = 0
  private var finished = false
  private var producing = false

  init(_ iterator: I) { self.iterator = iterator }

  func element(at index: Int) -> I.Element? {
    while true {
      lock.lock()
      if produced > index || finished {
        let element = buffer.removeValue(forKey: index)
        lock.unlock()
        return element
      }
      if producing {
        lock.unlock()
        LazyListWaiters.wait { self.lock.withLock { !self.producing } }
        continue
      }
      producing = true
      lock.unlock()
      let element = iterator.next()
      lock.lock()
      producing = false
      guard let element else {
        finished = true
        lock.unlock()
        LazyListWaiters.wakeAll()
        continue
      }
      let position = produced
      produced += 1
      if position == index {
        // The usual case, reading in order: hand the element over without buffering it.
        lock.unlock()
        LazyListWaiters.wakeAll()
        return element
      }
      buffer[position] = element
      lock.unlock()
      LazyListWaiters.wakeAll()
    }
  }
}

extension Sequence {
  /// The elements as a lazy, memoized ``LazyList`` (RAC's `rac_sequence`). Dictionaries give
  /// (key, value) pairs, strings their characters, sets their elements in iteration order.
  ///
  /// ```swift
  /// [1, 2, 3].lazyList.map { $0 * 2 }.array  // [2, 4, 6]
  /// ```
  public var lazyList: LazyList<Element> { LazyList(self) }
}
