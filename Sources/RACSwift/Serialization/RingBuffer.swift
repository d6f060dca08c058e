/// A growable FIFO ring buffer that keeps its storage when emptied (no allocation in steady
/// state).
@usableFromInline
struct RingBuffer<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  /// How many elements fit before the storage grows.
  @inlinable var capacity: Int { storage.count }

  @inlinable
  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    var index = head + count
    if index >= storage.count { index -= storage.count }
    storage[index] = element
    count += 1
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count { head = 0 }
    count -= 1
    if count == 0 { head = 0 }
    return element
  }

  /// The elements in FIFO order.
  @inlinable
  var elements: [Element] {
    var result: [Element] = []
    result.reserveCapacity(count)
    var index = head
    for _ in 0..<count {
      if let element = storage[index] { result.append(element) }
      index += 1
      if index == storage.count { index = 0 }
    }
    return result
  }

  @inlinable
  mutating func grow() {
    let newCapacity = Swift.max(8, storage.count * 2)
    var newStorage = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
    var index = head
    for slot in 0..<count {
      newStorage[slot] = storage[index].take()
      index += 1
      if index == storage.count { index = 0 }
    }
    storage = newStorage
    head = 0
  }
}
