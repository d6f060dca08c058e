/// A group of disposables disposed together (RAC's `RACCompoundDisposable`).
///
/// Adding to a disposed compound disposes the added one at once; ``remove(_:)`` takes a
/// disposable out without disposing it (use it for work that finished on its own, so finished
/// work does not accumulate).
///
/// Releasing a compound does not dispose its members, as with RAC's compound disposable: what it
/// groups ends when you call ``dispose()``, or by itself. To end work when an owner goes away,
/// keep the compound in a ``ScopedDisposable`` (``Disposable/scoped()``).
///
/// ```swift
/// let bag = CompoundDisposable()
/// bag.add(first.subscribe(next: { print($0) }))
/// bag.add(second.subscribe(next: { print($0) }))
/// bag.dispose()  // ends both
/// ```
public final class CompoundDisposable: Disposable {
  @usableFromInline let storage = SubscriptionScope(bagKeepingMembersOnRelease: ())
  /// Its place in a large compound or scope that holds it (see ``ListMembership``).
  @usableFromInline let listMembership = ListMembership()

  /// An empty compound.
  public init() {}

  /// A compound holding `disposables`.
  public init(_ disposables: [any Disposable]) {
    for disposable in disposables { storage.add(disposable) }
  }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool { storage.isDisposed }

  /// Disposes every member, in the order they were added; later additions are disposed at once.
  public func dispose() { storage.dispose() }

  /// Adds `disposable` (or disposes it at once if the compound is already disposed).
  @inlinable
  public func add(_ disposable: (any Disposable)?) {
    if let disposable { storage.add(disposable) }
  }

  /// Adds a disposable that runs `action` when the compound is disposed, and returns it. Added
  /// on an actor (a `@MainActor` view model), `action` runs on that actor: at once when the
  /// compound is disposed there, else carried there.
  ///
  /// ```swift
  /// bag.add { self.isLoading = false }  // in a @MainActor view model
  /// ```
  @discardableResult
  public func add(
    _ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation
  ) -> AnyDisposable {
    let disposable = AnyDisposable(action, isolation: isolation)
    storage.add(disposable)
    return disposable
  }

  /// Adds a disposable that runs `action` when the compound is disposed, on the thread that
  /// disposes it, and returns it: kept for code compiled against it. Calls pick
  /// ``add(_:isolation:)``, which does the same outside any actor.
  ///
  /// ```swift
  /// bag.add { print("disposed") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func add(_ action: @escaping @Sendable () -> Void) -> AnyDisposable {
    let disposable = AnyDisposable(action)
    storage.add(disposable)
    return disposable
  }

  /// Removes `disposable` without disposing it.
  @inlinable
  public func remove(_ disposable: (any Disposable)?) {
    if let disposable { storage.remove(disposable) }
  }

  /// How many members the compound holds now.
  public var count: Int { storage.childCount }
}
