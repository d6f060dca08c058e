/// The members of a scope, in the order they were added: the first inline, the rest in a
/// ``DisposableMembers`` buffer (allocated only for two or more).
///
/// Removing a member costs O(1) amortized however many there are and whichever is removed, so a
/// scope with many children (a merge with many live inners) or a compound disposable with many
/// members is emptied in any order in time proportional to its size.
///
/// Not thread-safe: the scope changes it with its lock held.
@usableFromInline
struct DisposableList: @unchecked Sendable {
  @usableFromInline var first: (any Disposable)?
  @usableFromInline var rest: DisposableMembers?

  @inlinable init() {}

  /// How many members the list holds.
  @usableFromInline var count: Int { (first == nil ? 0 : 1) + (rest?.liveCount ?? 0) }

  @usableFromInline
  mutating func append(_ disposable: any Disposable) {
    if first == nil && (rest?.liveCount ?? 0) == 0 {
      first = disposable
    } else {
      appendToRest(disposable)
    }
  }

  /// Appends after every member, growing the buffer when it is full.
  @usableFromInline
  mutating func appendToRest(_ disposable: any Disposable) {
    guard let members = rest else {
      let members = DisposableMembers.make(capacity: DisposableMembers.initialCapacity)
      members.append(disposable)
      rest = members
      return
    }
    if members.isFull {
      let grown = members.movedToNewBuffer()
      grown.append(disposable)
      rest = grown
      return
    }
    members.append(disposable)
  }

  /// Removes `disposable` (its newest place, if it was added more than once) without disposing
  /// it; does nothing if it is not a member.
  @usableFromInline
  mutating func remove(_ disposable: any Disposable) {
    if let current = first, current === disposable {
      first = nil
      return
    }
    rest?.remove(disposable)
  }

  /// Disposes every member, in the order they were added.
  @usableFromInline
  func disposeAll() {
    first?.dispose()
    rest?.disposeAll()
  }
}

/// What ``DisposableMembers`` keeps before its places.
@usableFromInline
struct DisposableMembersHeader {
  /// How many places are used, tombstones (`nil` places) included.
  @usableFromInline var count = 0
  /// How many places the buffer has.
  @usableFromInline var capacity = 0
  /// Where each member is, and how many places are tombstones.
  @usableFromInline var index = TombstoneIndex()

  @inlinable init() {}
}

/// The members of a ``DisposableList`` after its first, in one allocation: a place removed from
/// the middle becomes a tombstone (`nil`) found through a ``TombstoneIndex``, and the
/// tombstones are swept out, in order, once they are half of the places.
@usableFromInline
final class DisposableMembers: ManagedBuffer<DisposableMembersHeader, (any Disposable)?> {
  /// The places of a new buffer.
  @inlinable static var initialCapacity: Int { 4 }

  /// An empty buffer with room for at least `capacity` members.
  @usableFromInline
  static func make(capacity: Int) -> DisposableMembers {
    let buffer = create(minimumCapacity: capacity) { buffer in
      var header = DisposableMembersHeader()
      header.capacity = buffer.capacity
      return header
    }
    return unsafeDowncast(buffer, to: DisposableMembers.self)
  }

  deinit {
    _ = withUnsafeMutablePointers { header, places in
      places.deinitialize(count: header.pointee.count)
    }
  }

  // The header is read through its pointer: through `header`, a class's stored property, each
  // access would be checked for exclusivity at run time.

  /// How many members the buffer holds (tombstones left out).
  @usableFromInline
  var liveCount: Int {
    withUnsafeMutablePointerToHeader { $0.pointee.count - $0.pointee.index.tombstones }
  }

  /// Whether every place is used.
  @usableFromInline
  var isFull: Bool {
    withUnsafeMutablePointerToHeader { $0.pointee.count == $0.pointee.capacity }
  }

  /// Appends `disposable`; the buffer must not be full.
  @usableFromInline
  func append(_ disposable: any Disposable) {
    withUnsafeMutablePointers { header, places in
      let position = header.pointee.count
      (places + position).initialize(to: disposable)
      header.pointee.count = position + 1
      header.pointee.index.didAppend(ObjectIdentifier(disposable), at: position) { older in
        older < position && places[older].map { $0 === disposable } ?? false
      }
    }
  }

  /// A buffer with room for twice the members, holding them in order without the tombstones;
  /// this one is left empty.
  @usableFromInline
  func movedToNewBuffer() -> DisposableMembers {
    let grown = DisposableMembers.make(capacity: Swift.max(liveCount * 2, Self.initialCapacity))
    withUnsafeMutablePointers { header, places in
      grown.withUnsafeMutablePointers { newHeader, newPlaces in
        var kept = 0
        for position in 0..<header.pointee.count {
          if let member = (places + position).move() {
            (newPlaces + kept).initialize(to: member)
            kept += 1
          }
        }
        newHeader.pointee.count = kept
        if header.pointee.index.positions != nil {
          newHeader.pointee.index.rebuild(count: kept) { newPlaces[$0].map(ObjectIdentifier.init) }
        }
        header.pointee.count = 0
        header.pointee.index.reset()
      }
    }
    return grown
  }

  /// Removes the newest place holding `disposable`, if any.
  @usableFromInline
  func remove(_ disposable: any Disposable) {
    withUnsafeMutablePointers { header, places in
      let count = header.pointee.count
      if !header.pointee.index.needsIndex(count: count) {
        // Few places and no tombstones: search from the end (newer members tend to be
        // shorter-lived) and close the gap.
        var position = count - 1
        while position >= 0 {
          if let member = places[position], member === disposable {
            (places + position).deinitialize(count: 1)
            (places + position).moveInitialize(
              from: places + position + 1, count: count - 1 - position)
            header.pointee.count = count - 1
            return
          }
          position -= 1
        }
        return
      }
      if header.pointee.index.positions == nil {
        header.pointee.index.rebuild(count: count) { places[$0].map(ObjectIdentifier.init) }
      }
      let object = ObjectIdentifier(disposable)
      // The place found may hold a tombstone since (see `TombstoneIndex`).
      guard let position = header.pointee.index.position(of: object), position < count,
        let member = places[position], member === disposable
      else { return }
      if position == count - 1 {
        header.pointee.index.forget(object)
        (places + position).deinitialize(count: 1)
        header.pointee.count = count - 1
      } else {
        places[position] = nil
        header.pointee.index.tombstones += 1
      }
      if header.pointee.index.hasDuplicates {
        // One object added more than once: its next older place, if any, is indexed now.
        var older = position - 1
        while older >= 0 {
          if let member = places[older], member === disposable {
            header.pointee.index.reindex(object, at: older)
            break
          }
          older -= 1
        }
      }
      let used = header.pointee.count
      if used == header.pointee.index.tombstones {
        // Nothing left but tombstones: start over, without an index.
        places.deinitialize(count: used)
        header.pointee.count = 0
        header.pointee.index.reset()
      } else if header.pointee.index.needsSweep(count: used) {
        var kept = 0
        for position in 0..<used {
          if let member = (places + position).move() {
            (places + kept).initialize(to: member)
            kept += 1
          }
        }
        header.pointee.count = kept
        header.pointee.index.rebuild(count: kept) { places[$0].map(ObjectIdentifier.init) }
      }
    }
  }

  /// Disposes every member, in order.
  @usableFromInline
  func disposeAll() {
    let count = withUnsafeMutablePointerToHeader { $0.pointee.count }
    for position in 0..<count {
      let member = withUnsafeMutablePointerToElements { $0[position] }
      member?.dispose()
    }
  }
}
