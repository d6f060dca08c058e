/// A map from object identities to positions, for ``TombstoneIndex``: open addressing with
/// linear probing over one power-of-two array, at most half full, keyed by the object's address
/// with a multiplicative hash.
///
/// Why not `[ObjectIdentifier: Int]`: a Swift dictionary hashes every key with SipHash (seeded
/// per process, to resist collisions chosen by an attacker), about 100 instructions per
/// operation, which made hashing the largest cost of removing a member from a large compound
/// disposable (S4 in `Benchmarks/`). Keys here are addresses of live objects the library holds,
/// not input from outside, so a multiplicative hash of the address spreads them as well.
/// A removal shifts the entries after it back (no tombstones inside the table).
///
/// Not thread-safe: its owner changes it under its own lock.
@usableFromInline
struct IdentityTable {
  /// One slot: the key's address (0 when empty) and its value.
  @usableFromInline
  struct Slot {
    @usableFromInline var key: UInt
    @usableFromInline var value: Int

    @inlinable init(key: UInt, value: Int) {
      self.key = key
      self.value = value
    }
  }

  @usableFromInline var slots: [Slot]
  @usableFromInline var count = 0
  /// `slots.count - 1` (a power of two minus one).
  @usableFromInline var mask: Int
  /// How far right the hash is shifted to give a slot: 64 − log₂(slots.count).
  @usableFromInline var shift: UInt

  /// An empty table with room for `capacity` keys before it grows.
  @inlinable
  init(minimumCapacity capacity: Int = 16) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: Slot(key: 0, value: 0), count: size)
    mask = size - 1
    shift = UInt(UInt.bitWidth - size.trailingZeroBitCount)
  }

  /// The slot where the search for `key` starts.
  @inlinable
  func home(of key: UInt) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The slot holding `key`, or the empty slot where it would go.
  @inlinable
  func find(_ key: UInt) -> (slot: Int, found: Bool) {
    var slot = home(of: key)
    while true {
      let here = slots[slot].key
      if here == key { return (slot, true) }
      if here == 0 { return (slot, false) }
      slot = (slot &+ 1) & mask
    }
  }

  /// The value for `object`, if any.
  @inlinable
  subscript(object: ObjectIdentifier) -> Int? {
    get {
      let (slot, found) = find(UInt(bitPattern: object))
      return found ? slots[slot].value : nil
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: object)
      } else {
        removeValue(forKey: object)
      }
    }
  }

  /// Sets the value for `object`; returns the value it replaced, if any.
  @inlinable @discardableResult
  mutating func updateValue(_ value: Int, forKey object: ObjectIdentifier) -> Int? {
    let key = UInt(bitPattern: object)
    var (slot, found) = find(key)
    if found {
      let old = slots[slot].value
      slots[slot].value = value
      return old
    }
    if (count + 1) * 2 > slots.count {
      grow()
      slot = find(key).slot
    }
    slots[slot] = Slot(key: key, value: value)
    count += 1
    return nil
  }

  /// Removes `object`'s entry, if any, moving back the entries that probed past it.
  @inlinable
  mutating func removeValue(forKey object: ObjectIdentifier) {
    var (hole, found) = find(UInt(bitPattern: object))
    guard found else { return }
    count -= 1
    var next = hole
    while true {
      next = (next &+ 1) & mask
      let key = slots[next].key
      if key == 0 { break }
      // Move the entry at `next` into the hole unless its home lies cyclically in (hole, next]:
      // then its search would not pass the hole.
      let home = home(of: key)
      let homeIsBetween =
        hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
      if !homeIsBetween {
        slots[hole] = slots[next]
        hole = next
      }
    }
    slots[hole] = Slot(key: 0, value: 0)
  }

  /// Doubles the slots and places every entry again.
  @usableFromInline
  mutating func grow() {
    var larger = IdentityTable(minimumCapacity: slots.count)
    for slot in slots where slot.key != 0 {
      let place = larger.find(slot.key).slot
      larger.slots[place] = slot
      larger.count += 1
    }
    self = larger
  }
}
