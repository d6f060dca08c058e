/// The members of a scope, in the order they were added: the first inline, the rest in a
/// ``DisposableMembers`` buffer (allocated only for two or more).
///
/// Removing a member costs O(1) amortized however many there are and whichever is removed, so a
/// scope with many children (a merge with many live inners) or a compound disposable with many
/// members is emptied in any order in time proportional to its size.
///
/// Lock discipline: not thread-safe itself; its owner (a scope, a compound disposable) reads and
/// changes it only with its own lock held.
@usableFromInline
struct DisposableList {
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
  ///
  /// The buffer is reached through `rest!` each time, not bound to a local: a local binding
  /// (`guard let members = rest`) retains and releases the buffer around the append, two atomic
  /// read-modify-writes per member added to a list of two or more (S4's add −53 instructions and
  /// about a fifth of its time, `Benchmarks/RESULTS.md`, session 34).
  @usableFromInline
  mutating func appendToRest(_ disposable: any Disposable) {
    guard rest != nil else {
      let members = DisposableMembers.make(capacity: DisposableMembers.initialCapacity)
      members.append(disposable)
      rest = members
      return
    }
    if rest!.isFull {
      let grown = rest!.movedToNewBuffer()
      grown.append(disposable)
      rest = grown
      return
    }
    rest!.append(disposable)
  }

  /// Removes `disposable` (its newest place, if it was added more than once) without disposing
  /// it; does nothing if it is not a member. `mayBeHeld: false` (for a scope) skips looking for
  /// a ``ListMembership``.
  @usableFromInline
  mutating func remove(_ disposable: any Disposable, mayBeHeld: Bool = true) {
    if let current = first, current === disposable {
      first = nil
      return
    }
    rest?.remove(disposable, mayBeHeld: mayBeHeld)
  }

  /// Disposes every member, in the order they were added.
  @usableFromInline
  func disposeAll() {
    first?.dispose()
    rest?.disposeAll()
  }
}
