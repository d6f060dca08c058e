import Foundation

extension LazyList {
  /// A list of `elements`, all computed (an eager list: lists derived from it are computed at
  /// once too).
  static func eagerList(_ elements: [Element]) -> LazyList<Element> {
    var list = LazyList(readyHead: nil, tail: .pending({ .empty }), eager: true)
    for element in elements.reversed() {
      list = LazyList(readyHead: element, tail: .ready(list), eager: true)
    }
    return list
  }

  /// A list that becomes, when first read, the list `make` returns.
  static func deferred(_ make: @escaping () -> LazyList<Element>) -> LazyList<Element> {
    let list = memoize(make)
    return LazyList(head: { list().head }, tail: { list().tail })
  }

  /// Every element computed now; lists derived from the result are computed at once too (RAC's
  /// `eagerSequence`). Returns the list itself if it already is eager.
  public var eager: LazyList<Element> { isEager ? self : .eagerList(array) }

  /// A lazy list of the same elements (RAC's `lazySequence`); the list itself if it is lazy.
  public var lazy: LazyList<Element> { isEager ? LazyList(array) : self }

  /// The list with `transform` applied to each element when it is read, at most once per
  /// element.
  ///
  /// ```swift
  /// names.lazyList.map { $0.uppercased() }
  /// ```
  public func map<T>(_ transform: @escaping (Element) -> T) -> LazyList<T> {
    if isEager { return .eagerList(array.map(transform)) }
    return LazyList<T>(head: { self.head.map(transform) }, tail: { self.tail.map(transform) })
  }

  /// The elements for which `isIncluded` returns `true`.
  public func filter(_ isIncluded: @escaping (Element) -> Bool) -> LazyList<Element> {
    if isEager { return .eagerList(array.filter(isIncluded)) }
    let match = memoize { () -> LazyList<Element> in
      var node = self
      while let element = node.head, !isIncluded(element) { node = node.tail }
      return node
    }
    return LazyList(
      head: { match().head },
      tail: { match().isEmpty ? .empty : match().tail.filter(isIncluded) })
  }

  /// The elements of the lists `transform` makes from each element, in order.
  public func flattenMap<T>(_ transform: @escaping (Element) -> LazyList<T>) -> LazyList<T> {
    if isEager { return .eagerList(array.flatMap { transform($0).array }) }
    return LazyList<T>.deferred {
      guard let element = self.head else { return .empty }
      return transform(element).concat(.deferred { self.tail.flattenMap(transform) })
    }
  }

  /// The elements of this list, then those of `other`.
  public func concat(_ other: LazyList<Element>) -> LazyList<Element> {
    if isEager && other.isEager { return .eagerList(array + other.array) }
    return .deferred {
      guard let element = self.head else { return other }
      return LazyList(head: { element }, tail: { self.tail.concat(other) })
    }
  }

  /// Pairs of the n-th elements of both lists, as long as the shorter one.
  public func zip<Other>(_ other: LazyList<Other>) -> LazyList<(Element, Other)> {
    if isEager && other.isEager { return .eagerList(Array(Swift.zip(array, other.array))) }
    return LazyList<(Element, Other)>(
      head: {
        guard let first = self.head, let second = other.head else { return nil }
        return (first, second)
      },
      tail: { self.tail.zip(other.tail) })
  }

  /// The first `count` elements. `take(1)` of an infinite list never computes its second element.
  public func take(_ count: Int) -> LazyList<Element> {
    if count <= 0 { return .empty }
    if isEager { return .eagerList(Array(array.prefix(count))) }
    return LazyList(head: { self.head }, tail: { count == 1 ? .empty : self.tail.take(count - 1) })
  }

  /// The elements after the first `count`.
  public func skip(_ count: Int) -> LazyList<Element> {
    if count <= 0 { return self }
    if isEager { return .eagerList(Array(array.dropFirst(count))) }
    let rest = memoize { () -> LazyList<Element> in
      var node = self
      for _ in 0..<count where !node.isEmpty { node = node.tail }
      return node
    }
    return LazyList(head: { rest().head }, tail: { rest().tail })
  }

  /// Every intermediate result of folding the elements with `combine` from `initial`.
  public func scan<A>(_ initial: A, _ combine: @escaping (A, Element) -> A) -> LazyList<A> {
    if isEager {
      var accumulator = initial
      return .eagerList(
        array.map {
          accumulator = combine(accumulator, $0)
          return accumulator
        })
    }
    let current = memoize { self.head.map { combine(initial, $0) } }
    return LazyList<A>(
      head: { current() },
      tail: {
        guard let accumulator = current() else { return .empty }
        return self.tail.scan(accumulator, combine)
      })
  }

  /// `element`, then this list's elements.
  public func startWith(_ element: Element) -> LazyList<Element> {
    if isEager { return .eagerList([element] + array) }
    return LazyList(head: { element }, tail: { self })
  }

  /// The elements, dropping each one `isEquivalent` to the one before it.
  public func distinctUntilChanged(
    _ isEquivalent: @escaping (Element, Element) -> Bool
  ) -> LazyList<Element> {
    distinct(after: nil, isEquivalent)
  }

  private func distinct(
    after previous: Element?, _ isEquivalent: @escaping (Element, Element) -> Bool
  ) -> LazyList<Element> {
    let match = memoize { () -> LazyList<Element> in
      var node = self
      while let element = node.head, let previous, isEquivalent(previous, element) {
        node = node.tail
      }
      return node
    }
    return LazyList(
      head: { match().head },
      tail: {
        guard let element = match().head else { return .empty }
        return match().tail.distinct(after: element, isEquivalent)
      })
  }

  /// Folds from the left, in constant memory and stack (RAC's `-foldLeftWithStart:reduce:`).
  ///
  /// ```swift
  /// [1, 2, 3].lazyList.foldLeft(0, +)  // 6
  /// ```
  public func foldLeft<R>(_ initial: R, _ combine: (R, Element) throws -> R) rethrows -> R {
    try reduce(initial, combine)
  }

  /// Folds from the right; `combine` gets the fold of the rest as a closure it may never call, so
  /// the rest is computed only if asked for (RAC's `-foldRightWithStart:reduce:`). Each level it
  /// does call uses stack.
  ///
  /// ```swift
  /// // true at the first even element, without reading further
  /// numbers.foldRight(false) { element, rest in element.isMultiple(of: 2) || rest() }
  /// ```
  public func foldRight<R>(_ initial: R, _ combine: (Element, () -> R) -> R) -> R {
    guard let element = head else { return initial }
    return withoutActuallyEscaping(combine) { combine in
      combine(element) { self.tail.foldRight(initial, combine) }
    }
  }

  /// Whether some element passes `predicate` (stops at the first).
  public func any(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
    try contains(where: predicate)
  }

  /// Whether every element passes `predicate` (stops at the first that fails).
  public func all(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
    try allSatisfy(predicate)
  }

  /// A signal sending one element per action scheduled on `scheduler` (control returns to the
  /// scheduler between elements), then completing (RAC's `-signalWithScheduler:`).
  ///
  /// ```swift
  /// hugeList.signal(on: QueueScheduler(name: "feed"))
  /// ```
  public func signal(on scheduler: any Scheduler) -> Signal<Element, Never> {
    let list = self
    return Signal<Element, Never> { subscriber in
      let cursor = ListCursor(list)
      return scheduler.scheduleRecursive { reschedule in
        if subscriber.isDisposed { return }
        guard let element = cursor.advance() else {
          subscriber.sendCompleted()
          return
        }
        subscriber.sendNext(element)
        reschedule()
      }
    }.setName("+lazyList")
  }

  /// ``signal(on:)`` on a new background scheduler (RAC's `-signal`).
  public func signal() -> Signal<Element, Never> {
    signal(on: QueueScheduler(name: "RACSwift.LazyList.signal"))
  }
}

extension LazyList where Element: Equatable {
  /// The elements, dropping each one equal to the one before it.
  ///
  /// ```swift
  /// [1, 1, 2, 1].lazyList.distinctUntilChanged().array  // [1, 2, 1]
  /// ```
  public func distinctUntilChanged() -> LazyList<Element> { distinctUntilChanged { $0 == $1 } }
}

extension LazyList: Equatable where Element: Equatable {
  /// Element-wise equality (computes both lists as far as they agree).
  public static func == (lhs: LazyList<Element>, rhs: LazyList<Element>) -> Bool {
    lhs.elementsEqual(rhs)
  }
}

/// The position of a signal reading a list, one element at a time, from the scheduled actions
/// that send them (one runs at a time; the lock, never contended, makes the cursor `Sendable`).
final class ListCursor<Element>: Sendable {
  private let node: LockedState<LazyList<Element>>
  init(_ list: LazyList<Element>) { node = LockedState(list) }
  /// The next element (computed outside the lock), or `nil` at the end of the list.
  func advance() -> Element? {
    let current = node.withLock { $0 }
    guard let element = current.head else { return nil }
    let tail = current.tail
    node.withLock { $0 = tail }
    return element
  }
}

/// A value computed once, on first use, thread-safely (a one-element lazy list).
func memoize<T>(_ compute: @escaping () -> T) -> () -> T {
  let box = LazyList<Box<T>>(head: { Box(compute()) }, tail: { .empty })
  return { box.head!.value }
}

/// A value as a class, so that it can sit in a `LazyList` head even if it is optional.
final class Box<T> {
  let value: T
  init(_ value: T) { self.value = value }
}

extension Signal {
  /// The signal's values as a ``LazyList``, subscribed to now and replayed (RAC's `-sequence`).
  /// **Reading an element blocks the calling thread until the signal sends it** (or ends); the
  /// list ends when the signal completes or fails (a failure just ends it).
  ///
  /// ```swift
  /// let lines = fileReader.lines.lazyList
  /// for line in lines { print(line) }  // waits for each line
  /// ```
  public var lazyList: LazyList<Value> {
    let buffer = SignalBuffer<Value>()
    // Detached from the stack guard: reading the list blocks until values arrive, so the
    // subscription must not be left to a frame below the reader (see `StackGuard`).
    buffer.subscription = StackGuard.detached {
      subscribe(
        next: { buffer.append($0) }, error: { _ in buffer.finish() },
        completed: { buffer.finish() }, isolation: nil)
    }
    return buffer.list(from: 0)
  }
}

/// The values a signal sent so far, for `signal.lazyList`.
///
/// Lock discipline: `values` and `finished` are read and written with `condition` locked.
final class SignalBuffer<Value> {
  private let condition = NSCondition()
  private var values: [Value] = []
  private var finished = false
  var subscription: (any Disposable)?

  func append(_ value: Value) {
    condition.lock()
    values.append(value)
    condition.broadcast()
    condition.unlock()
  }

  func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  func value(at index: Int) -> Value? {
    condition.lock()
    defer { condition.unlock() }
    while values.count <= index && !finished { condition.wait() }
    return index < values.count ? values[index] : nil
  }

  func list(from index: Int) -> LazyList<Value> {
    LazyList(head: { self.value(at: index) }, tail: { self.list(from: index + 1) })
  }
}
