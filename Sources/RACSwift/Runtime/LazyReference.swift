import Synchronization

/// A reference set at most once, from any thread, and read with one atomic load: the inlinable
/// replacement for `Synchronization.AtomicLazyReference`, whose `load()` is not inlinable and
/// looks up generic metadata on every call (measured: most of a contended `SerialGate` push).
///
/// It owns one strong reference to the stored instance, released when it is destroyed.
///
/// A reference may instead be closed (``close()``): nothing is stored then, ever. One that may be
/// closed is read only through ``withInstance(unlessClosed:_:)``.
///
/// Lock discipline: `owned.storage` is atomic, set once by a compare-and-exchange from 0 (to a
/// pointer, or to ``closedBits``) and read with acquiring loads; the instance must itself be safe
/// to share.
@usableFromInline
struct LazyReference<Instance: AnyObject>: ~Copyable, Sendable {
  /// 0, ``closedBits``, or the bits of a retained pointer to the instance; releases it when
  /// destroyed.
  @usableFromInline let owned: OwnedReferenceBits

  @inlinable init() { owned = OwnedReferenceBits() }

  /// Whether no instance was stored yet (the instance itself is not read).
  @inlinable @inline(__always)
  var isEmpty: Bool { owned.storage.load(ordering: .acquiring) == 0 }

  /// The stored instance, if one was stored.
  @inlinable @inline(__always)
  func load() -> Instance? {
    let bits = owned.storage.load(ordering: .acquiring)
    if bits == 0 { return nil }
    return Self.unmanaged(bits).takeUnretainedValue()
  }

  /// Runs `body` with the stored instance — storing `make()` first if nothing is stored —
  /// without retaining it: the instance lives as long as this reference, so threads sharing it
  /// never write its reference count (a contended cache line). Not for a reference that may be
  /// closed (see ``withInstance(unlessClosed:_:)``).
  @inlinable @inline(__always)
  func withInstance<R>(
    orStore make: @autoclosure () -> Instance, _ body: (Instance) throws -> R
  ) rethrows -> R {
    try Self.withUnretained(bitsStoringIfEmpty(make), body)
  }

  /// Stores `instance` if nothing is stored yet; returns what is stored now (`instance`, or the
  /// one another thread stored first). Not for a reference that may be closed.
  @inlinable
  func storeIfNil(_ instance: Instance) -> Instance {
    Self.unmanaged(bitsStoringIfEmpty { instance }).takeUnretainedValue()
  }

  /// What the word holds once the reference is closed with nothing stored: no pointer is 1.
  @inlinable static var closedBits: UInt { 1 }

  /// Closes the reference if nothing is stored; returns the stored instance otherwise (`nil` if
  /// it was closed already). Closed, it stores nothing: ``withInstance(unlessClosed:_:)`` runs
  /// nothing from then on. (A subject that ends closes its upstream this way: storing a shared,
  /// disposed scope there instead retained and released one global object per subject.)
  @inlinable
  func close() -> Instance? {
    let (exchanged, original) = owned.storage.compareExchange(
      expected: 0, desired: Self.closedBits, ordering: .acquiringAndReleasing)
    if exchanged || original == Self.closedBits { return nil }
    return Self.unmanaged(original).takeUnretainedValue()
  }

  /// ``withInstance(orStore:_:)`` for a reference that may be closed: returns `body`'s result,
  /// or `nil` without running it if the reference is closed.
  @inlinable
  func withInstance<R>(
    unlessClosed make: @autoclosure () -> Instance, _ body: (Instance) throws -> R
  ) rethrows -> R? {
    let bits = bitsStoringIfEmpty(make)
    if bits == Self.closedBits { return nil }
    return try Self.withUnretained(bits, body)
  }

  /// The word, after storing `make()` in it if it was 0: the new instance's bits, or what
  /// another thread stored (or ``closedBits``, if it closed the reference) first.
  @inlinable @inline(__always)
  func bitsStoringIfEmpty(_ make: () -> Instance) -> UInt {
    let current = owned.storage.load(ordering: .acquiring)
    if current != 0 { return current }
    // Lock discipline: this retain is the word's own reference, handed to the word by the
    // compare-and-exchange below; if another thread stored first, it is given back at once.
    let instance = Unmanaged.passRetained(make())
    let bits = UInt(bitPattern: instance.toOpaque())
    let (exchanged, original) = owned.storage.compareExchange(
      expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if exchanged { return bits }
    instance.release()
    return original
  }

  /// Runs `body` with the instance whose retained pointer `bits` is, without a retain.
  @inlinable @inline(__always)
  static func withUnretained<R>(_ bits: UInt, _ body: (Instance) throws -> R) rethrows -> R {
    // Lock discipline: `bits` was read from a word set once and never cleared while the
    // reference lives, and the reference owns the instance, so it outlives `body`; no retain,
    // so threads sharing it never write its reference count (the type's comment: most of a
    // contended `SerialGate` push, measured).
    try unmanaged(bits)._withUnsafeGuaranteedRef(body)
  }

  @inlinable @inline(__always)
  static func unmanaged(_ bits: UInt) -> Unmanaged<Instance> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
  }
}

/// The word of a ``LazyReference``: 0, ``LazyReference/closedBits``, or the bits of a retained
/// pointer, released when the word is destroyed.
///
/// Not generic on purpose: a type holding a `LazyReference<SomeGeneric<T>>` (a subject's gate)
/// is destroyed by code compiled once for every `T`, which would otherwise look up the generic
/// metadata of the reference's type, and of the instance's, to call a generic `deinit` — three
/// run-time lookups per subject released (`Benchmarks/RESULTS.md`, session 31). Releasing through
/// `AnyObject` needs no type.
@usableFromInline
struct OwnedReferenceBits: ~Copyable, Sendable {
  @usableFromInline let storage: Atomic<UInt>

  @inlinable init() { storage = Atomic(0) }

  @inlinable deinit {
    let bits = storage.load(ordering: .acquiring)
    // The retained pointer `LazyReference` stored, released once, here (0, empty, and 1,
    // ``LazyReference/closedBits``, hold none); typed as `AnyObject` so that no metadata is
    // looked up (S3 10,300 -> 9,284 instructions per inner, `Benchmarks/RESULTS.md`, session 31).
    // Lock discipline: `deinit` runs alone.
    if bits > 1, let pointer = UnsafeRawPointer(bitPattern: bits) {
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }
}
