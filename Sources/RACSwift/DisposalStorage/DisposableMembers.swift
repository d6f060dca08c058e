/// What ``DisposableMembers`` keeps before its places.
@usableFromInline
struct DisposableMembersHeader {
  /// How many places are used, tombstones (`nil` places) included.
  @usableFromInline var count = 0
  /// How many places the buffer has.
  @usableFromInline var capacity = 0
  /// Where each member that the buffer does not hold through a ``ListMembership`` is, and how
  /// many places are tombstones. Its table exists once the buffer first needs it, which is also
  /// when the buffer starts holding members through their memberships.
  @usableFromInline var index = TombstoneIndex()
  /// Whether some member may be held through its ``ListMembership`` (else none is, and the
  /// buffer need not look when it lets go of its members).
  @usableFromInline var holdsMembers = false

  @inlinable init() {}
}

/// The members of a ``DisposableList`` after its first, in one allocation: a place removed from
/// the middle becomes a tombstone (`nil`), and the tombstones are swept out, in order, once they
/// are half of the places.
///
/// Under ``TombstoneIndex/indexedCount`` places, a removal searches from the end and closes the
/// gap. From then on, each member is found in O(1): one of the library's own disposables through
/// its ``ListMembership`` (the buffer claims it when it is added, or when the index is first
/// made, unless another buffer holds it already), any other disposable through the
/// ``TombstoneIndex``. A sweep writes each held member's new place into its membership and
/// indexes only the others.
///
/// A member added more than once has one membership: it records the newest place, and the
/// removal of that place looks for an older one (only when ``TombstoneIndex/hasDuplicates`` says
/// there may be one).
@usableFromInline
final class DisposableMembers: ManagedBuffer<DisposableMembersHeader, (any Disposable)?> {
  /// One place: a member, or a tombstone.
  @usableFromInline typealias Place = (any Disposable)?

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
    withUnsafeMutablePointers { header, places in
      let count = header.pointee.count
      if header.pointee.holdsMembers {
        // A member this buffer still holds (a compound released without `dispose()`) is let go,
        // so that a later buffer at this address does not take it for its own.
        let mark = self.mark
        let classes = MembershipClasses()
        for position in 0..<count {
          guard let member = places[position] else { continue }
          _ = ListMembership.of(member, among: classes) { membership in
            if membership.isHeld(by: mark) { membership.release() }
          }
        }
      }
      places.deinitialize(count: count)
    }
  }

  /// What a member's ``ListMembership`` holds when this buffer holds it: the buffer's address.
  @inlinable
  var mark: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

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
      guard header.pointee.index.positions != nil else { return }
      let mark = self.mark
      let held =
        ListMembership.of(disposable) { membership -> Bool in
          if membership.isHeld(by: mark) {
            // Added again: the membership records the newest place.
            membership.move(to: position)
            header.pointee.index.hasDuplicates = true
            return true
          }
          return membership.claim(for: mark, at: position)
        } ?? false
      if held {
        header.pointee.holdsMembers = true
        return
      }
      let object = ObjectIdentifier(disposable)
      header.pointee.index.didAppend(object, at: position) { older in
        older < position && Self.address(at: places + older) == UInt(bitPattern: object)
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
        let count = header.pointee.count
        if header.pointee.index.positions != nil {
          Self.compact(
            places, count: count, heldBy: mark, into: newPlaces, header: newHeader,
            mark: grown.mark,
            expectedKeys: Swift.min(
              header.pointee.index.positions?.count ?? 0, count - header.pointee.index.tombstones))
        } else {
          newPlaces.moveInitialize(from: places, count: count)
          newHeader.pointee.count = count
        }
        header.pointee.count = 0
        header.pointee.index.reset()
        header.pointee.holdsMembers = false
      }
    }
    return grown
  }

  /// Moves the members of the `count` places at `source` (held by the buffer marked
  /// `sourceMark`) to `target`, in order and without tombstones, for the buffer marked `mark`:
  /// each member held by the source, or by no buffer, is held by the target at its new place;
  /// each other member is indexed in a new table (sized for at most `expectedKeys`, grown as
  /// needed).
  /// Sets `header`'s count and index. `target` may be `source`.
  @inlinable
  static func compact(
    _ source: UnsafeMutablePointer<Place>, count: Int, heldBy sourceMark: UInt,
    into target: UnsafeMutablePointer<Place>, header: UnsafeMutablePointer<DisposableMembersHeader>,
    mark: UInt, expectedKeys: Int
  ) {
    // Made at the first member to index, for at most as many keys as places remain: a buffer
    // holding all its members does not allocate (and clear) a table sized for them.
    var table: IdentityTable?
    var hasDuplicates = false
    var holds = false
    var kept = 0
    let classes = MembershipClasses()
    for position in 0..<count {
      guard let member = (source + position).move() else { continue }
      let place = kept
      let held =
        ListMembership.of(member, among: classes) { membership -> Bool in
          if membership.isHeld(by: sourceMark) {
            let recorded = membership.position
            if recorded == position {
              // Its newest place.
              if sourceMark == mark {
                membership.move(to: place)
              } else {
                membership.transfer(to: mark, at: place)
              }
            } else if recorded > position {
              // An older place of a member added more than once: its newest comes later.
              hasDuplicates = true
            } else {
              // Claimed at an earlier place in this pass (a new place, so before `position`):
              // this one is newer.
              membership.move(to: place)
              hasDuplicates = true
            }
            return true
          }
          if sourceMark != mark && membership.isHeld(by: mark) {
            // Claimed at an earlier place in this pass: this one is newer.
            membership.move(to: place)
            hasDuplicates = true
            return true
          }
          return membership.claim(for: mark, at: place)
        } ?? false
      if held {
        holds = true
      } else {
        if table == nil {
          table = IdentityTable(minimumCapacity: Swift.min(expectedKeys, count - position))
        }
        if table!.updateValue(place, forKey: ObjectIdentifier(member)) != nil {
          hasDuplicates = true
        }
      }
      (target + place).initialize(to: member)
      kept += 1
    }
    header.pointee.count = kept
    header.pointee.index.positions = table ?? IdentityTable()
    header.pointee.index.tombstones = 0
    header.pointee.index.hasDuplicates = hasDuplicates
    header.pointee.holdsMembers = holds
  }

  /// Removes the newest place holding `disposable`, if any. `mayBeHeld: false` says that it is
  /// of a class without a ``ListMembership`` (a scope), which skips looking for one.
  @usableFromInline
  func remove(_ disposable: any Disposable, mayBeHeld: Bool = true) {
    withUnsafeMutablePointers { header, places in
      let count = header.pointee.count
      let object = UInt(bitPattern: ObjectIdentifier(disposable))
      if !header.pointee.index.needsIndex(count: count) {
        // Few places and no tombstones: search from the end (newer members tend to be
        // shorter-lived) and close the gap.
        guard let position = Self.newestPlace(of: object, before: count, in: places) else { return }
        (places + position).deinitialize(count: 1)
        (places + position).moveInitialize(
          from: places + position + 1, count: count - 1 - position)
        header.pointee.count = count - 1
        return
      }
      let mark = self.mark
      if header.pointee.index.positions == nil {
        // The first removal from this many: hold or index every member.
        Self.compact(
          places, count: count, heldBy: mark, into: places, header: header, mark: mark,
          expectedKeys: count)
      }
      let removedHeld =
        mayBeHeld
        && ListMembership.of(disposable) { membership -> Bool in
          guard membership.isHeld(by: mark) else { return false }
          let position = membership.position
          guard position < count, Self.address(at: places + position) == object else {
            return false
          }
          vacate(position, header: header, places: places)
          if header.pointee.index.hasDuplicates,
            let older = Self.newestPlace(of: object, before: position, in: places)
          {
            membership.move(to: older)
          } else {
            membership.release()
          }
          return true
        } ?? false
      if !removedHeld {
        removeIndexed(disposable, header: header, places: places)
      }
      let used = header.pointee.count
      if used == header.pointee.index.tombstones {
        // Nothing left but tombstones: start over, without an index.
        places.deinitialize(count: used)
        header.pointee.count = 0
        header.pointee.index.reset()
        header.pointee.holdsMembers = false
      } else if header.pointee.index.needsSweep(count: used) {
        Self.compact(
          places, count: used, heldBy: mark, into: places, header: header, mark: mark,
          expectedKeys: Swift.min(
            header.pointee.index.positions?.count ?? 0, used - header.pointee.index.tombstones))
      }
    }
  }

  /// The address of the member at `place`, or 0 for a tombstone, read without retaining the
  /// member (a copy of the place would retain and release it): the first word of a class-bound
  /// existential is the object.
  @inlinable
  static func address(at place: UnsafeMutablePointer<Place>) -> UInt {
    UnsafeRawPointer(place).load(as: UInt.self)
  }

  /// The newest of the places before `end` that holds the object at `address`, if any.
  @inlinable
  static func newestPlace(
    of address: UInt, before end: Int, in places: UnsafeMutablePointer<Place>
  ) -> Int? {
    var position = end - 1
    while position >= 0 {
      if Self.address(at: places + position) == address { return position }
      position -= 1
    }
    return nil
  }

  /// Removes `disposable`, which this buffer does not hold, from the newest place the index
  /// gives, if that place still holds it.
  @inlinable
  func removeIndexed(
    _ disposable: any Disposable, header: UnsafeMutablePointer<DisposableMembersHeader>,
    places: UnsafeMutablePointer<Place>
  ) {
    let object = ObjectIdentifier(disposable)
    let address = UInt(bitPattern: object)
    let count = header.pointee.count
    // The place found may hold a tombstone since (see `TombstoneIndex`).
    guard let position = header.pointee.index.position(of: object), position < count,
      Self.address(at: places + position) == address
    else { return }
    if position == count - 1 { header.pointee.index.forget(object) }
    vacate(position, header: header, places: places)
    if header.pointee.index.hasDuplicates,
      let older = Self.newestPlace(of: address, before: position, in: places)
    {
      // One object added more than once: its next older place is indexed now.
      header.pointee.index.reindex(object, at: older)
    }
  }

  /// Empties `position`: the last place is given back, any other becomes a tombstone.
  @inlinable
  func vacate(
    _ position: Int, header: UnsafeMutablePointer<DisposableMembersHeader>,
    places: UnsafeMutablePointer<Place>
  ) {
    if position == header.pointee.count - 1 {
      (places + position).deinitialize(count: 1)
      header.pointee.count = position
    } else {
      places[position] = nil
      header.pointee.index.tombstones += 1
    }
  }

  /// Disposes every member, in order, letting go of those this buffer holds first.
  @usableFromInline
  func disposeAll() {
    let (count, holds) = withUnsafeMutablePointerToHeader {
      ($0.pointee.count, $0.pointee.holdsMembers)
    }
    let mark = self.mark
    let classes = MembershipClasses()
    for position in 0..<count {
      let member = withUnsafeMutablePointerToElements { $0[position] }
      guard let member else { continue }
      if holds {
        _ = ListMembership.of(member, among: classes) { membership in
          if membership.isHeld(by: mark) { membership.release() }
        }
      }
      member.dispose()
    }
    // Nothing is held any more: the deinitializer need not look.
    if holds { withUnsafeMutablePointerToHeader { $0.pointee.holdsMembers = false } }
  }
}
