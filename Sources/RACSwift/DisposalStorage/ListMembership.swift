import Synchronization

/// Where one of the library's own disposables (``AnyDisposable``, ``CompoundDisposable``,
/// ``SerialDisposable``, and a `flattenMap`'s ``FlattenInnerScope``) sits in a large
/// ``DisposableMembers`` buffer, kept in the disposable itself: the buffer that holds it this way
/// and its newest place there. Removing such a member is then a load and a compare, with no
/// hashing, and a sweep that moves it rewrites its place here instead of indexing it again.
///
/// One buffer at a time holds a disposable this way (it claims it with a compare-and-exchange
/// from 0); a disposable added to a second buffer while the first holds it is indexed there by
/// its identity, as any other disposable is. Only the holding buffer reads or writes the place,
/// under its owner's lock; the holder word is atomic because buffers under different locks test
/// it.
@usableFromInline
struct ListMembership: ~Copyable, Sendable {
  /// The address of the buffer holding the disposable (``DisposableMembers/mark``), or 0.
  @usableFromInline let holder = Atomic<UInt>(0)
  /// The disposable's newest place in the holding buffer; meaningless when `holder` is 0.
  @usableFromInline let place = Atomic<Int>(0)

  @inlinable init() {}

  /// Whether the buffer marked `buffer` holds the disposable.
  @inlinable
  func isHeld(by buffer: UInt) -> Bool { holder.load(ordering: .relaxed) == buffer }

  /// The newest place in the holding buffer (call only from the holder).
  @inlinable
  var position: Int { place.load(ordering: .relaxed) }

  /// Records a new newest place (call only from the holder).
  @inlinable
  func move(to position: Int) { place.store(position, ordering: .relaxed) }

  /// Makes the buffer marked `buffer` the holder, with the disposable at `position`, if no
  /// buffer holds it; returns whether it did.
  @inlinable
  func claim(for buffer: UInt, at position: Int) -> Bool {
    // A load first: a disposable already held elsewhere costs no read-modify-write.
    guard holder.load(ordering: .relaxed) == 0,
      holder.compareExchange(expected: 0, desired: buffer, ordering: .acquiring).exchanged
    else { return false }
    place.store(position, ordering: .relaxed)
    return true
  }

  /// Hands the disposable from its holding buffer to the buffer marked `buffer` (a grown copy),
  /// at `position` (call only from the holder).
  @inlinable
  func transfer(to buffer: UInt, at position: Int) {
    place.store(position, ordering: .relaxed)
    holder.store(buffer, ordering: .releasing)
  }

  /// Lets go: no buffer holds the disposable any more (call only from the holder).
  @inlinable
  func release() { holder.store(0, ordering: .releasing) }
}

extension ListMembership {
  /// Runs `body` with `disposable`'s membership if it is of a class that keeps one; returns
  /// `nil` for any other disposable. Compares the exact class with each of `classes`, looked
  /// up once by a caller that loops over many members; without them, each class is looked up
  /// only if the ones before it did not match (a call to its metadata accessor each), so that
  /// an ``AnyDisposable``, the most common member, costs one look-up instead of four (S4 −1.1 %
  /// instructions, `Benchmarks/RESULTS.md`, session 33).
  ///
  /// Each `unsafeDowncast` follows a comparison of the exact class, so it cannot be wrong; a
  /// checked cast (`as!`) in its place would test the class again for every member looked up
  /// (checked casts instead of the library's `unsafeDowncast`s: W3 +6.1 %, W4 +6.0 %,
  /// `Benchmarks/RESULTS.md`, session 31). The class `FlattenInnerScope` is what takes S3
  /// from 7,310 to 6,895 instructions per inner (`Benchmarks/RESULTS.md`, session 32).
  @inlinable
  static func of<Result>(
    _ disposable: any Disposable, among classes: MembershipClasses? = nil,
    _ body: (borrowing ListMembership) -> Result
  ) -> Result? {
    let type = ObjectIdentifier(Swift.type(of: disposable))
    if type == classes?.anyDisposable ?? ObjectIdentifier(AnyDisposable.self) {
      // Exact class compared just above; measured: see this function's comment (session 31).
      return body(unsafeDowncast(disposable, to: AnyDisposable.self).listMembership)
    }
    if type == classes?.flattenInner ?? ObjectIdentifier(FlattenInnerScope.self) {
      // Exact class compared just above; measured: see this function's comment (session 31).
      return body(unsafeDowncast(disposable, to: FlattenInnerScope.self).listMembership)
    }
    if type == classes?.compound ?? ObjectIdentifier(CompoundDisposable.self) {
      // Exact class compared just above; measured: see this function's comment (session 31).
      return body(unsafeDowncast(disposable, to: CompoundDisposable.self).listMembership)
    }
    if type == classes?.serial ?? ObjectIdentifier(SerialDisposable.self) {
      // Exact class compared just above; measured: see this function's comment (session 31).
      return body(unsafeDowncast(disposable, to: SerialDisposable.self).listMembership)
    }
    return nil
  }
}

/// The classes whose instances keep a ``ListMembership``, looked up once for a loop over many
/// members (each look-up is a call to the class's metadata accessor).
@usableFromInline
struct MembershipClasses {
  @usableFromInline let anyDisposable = ObjectIdentifier(AnyDisposable.self)
  @usableFromInline let compound = ObjectIdentifier(CompoundDisposable.self)
  @usableFromInline let serial = ObjectIdentifier(SerialDisposable.self)
  @usableFromInline let flattenInner = ObjectIdentifier(FlattenInnerScope.self)

  @inlinable init() {}
}
