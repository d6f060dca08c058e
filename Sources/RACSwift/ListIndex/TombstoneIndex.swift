/// The bookkeeping that lets a list of objects in insertion order lose any member in O(1)
/// amortized: where each member is, by its identity, and how many places hold a tombstone.
///
/// The list itself is its owner's (a subject's entries, a scope's members). A removed member
/// other than the last is overwritten with a tombstone instead of closing the gap, so nothing
/// after it moves, and its key is left in the index (deleting from the table moves back the keys
/// after it): the owner checks that a place it looks up still holds the object.
/// Once tombstones are half of the places (``needsSweep(count:)``), the owner sweeps them out,
/// keeping the order, and indexes the members again (``rebuild(count:key:)``), which drops the
/// stale keys. The last place's key is deleted on removal, since an append reuses the place; so
/// the index never holds more keys than the list has places.
/// The index is made only when a list of ``indexedCount`` places or more first loses a member
/// (``needsIndex(count:)``); shorter lists search, which costs less than hashing.
///
/// Not thread-safe: the owner changes it under the lock that guards its list. Non-generic, so
/// that an owner running unspecialized (a generic subject) pays no metadata look-up here.
@usableFromInline
struct TombstoneIndex {
  /// Where each indexed member is; `nil` until the list first needs it.
  @usableFromInline var positions: IdentityTable?
  /// How many places hold a tombstone.
  @usableFromInline var tombstones = 0
  /// Whether one object was indexed twice (a compound disposable given one disposable twice):
  /// the index then holds its newest place, and the owner looks for an older one on removal.
  @usableFromInline var hasDuplicates = false

  @inlinable init() {}

  /// From how many places a list indexes its members rather than search.
  @inlinable static var indexedCount: Int { 32 }

  /// Whether a list of `count` places must use (and so first make) the index to remove.
  @inlinable
  func needsIndex(count: Int) -> Bool { positions != nil || count >= Self.indexedCount }

  /// Records that `object` was appended at `position` (when the index exists); `holds(place)`
  /// says whether an older place the index had for `object` still holds it (rather than a
  /// tombstone), which makes it a duplicate.
  @inlinable
  mutating func didAppend(
    _ object: ObjectIdentifier, at position: Int, olderPlaceHoldsIt holds: (Int) -> Bool
  ) {
    guard positions != nil else { return }
    if let older = positions!.updateValue(position, forKey: object), holds(older) {
      hasDuplicates = true
    }
  }

  /// Where `object` was last put, or `nil` if it is not indexed. The place may hold a tombstone
  /// since: the owner checks.
  @inlinable
  func position(of object: ObjectIdentifier) -> Int? { positions?[object] }

  /// Forgets `object` (removed from the last place, which the next append reuses).
  @inlinable
  mutating func forget(_ object: ObjectIdentifier) { positions?.removeValue(forKey: object) }

  /// Records `object` at `position` again (an older place of a duplicate).
  @inlinable
  mutating func reindex(_ object: ObjectIdentifier, at position: Int) {
    positions?[object] = position
  }

  /// Whether a list of `count` places is due to have its tombstones swept out.
  @inlinable
  func needsSweep(count: Int) -> Bool { tombstones * 2 > count }

  /// Indexes a list of `count` places afresh (after a sweep, or when the index is first made):
  /// `key(position)` is the identity of the member there, or `nil` for a tombstone. Counts the
  /// tombstones it finds.
  @inlinable
  mutating func rebuild(count: Int, key: (Int) -> ObjectIdentifier?) {
    var index = IdentityTable(minimumCapacity: count)
    var tombstones = 0
    var hasDuplicates = false
    for position in 0..<count {
      if let object = key(position) {
        if index.updateValue(position, forKey: object) != nil { hasDuplicates = true }
      } else {
        tombstones += 1
      }
    }
    positions = index
    self.tombstones = tombstones
    self.hasDuplicates = hasDuplicates
  }

  /// Back to an empty list without an index.
  @inlinable
  mutating func reset() { self = TombstoneIndex() }
}
