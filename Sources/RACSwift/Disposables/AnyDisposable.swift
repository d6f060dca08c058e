import Synchronization

/// A disposable that runs a closure the first time it is disposed (RAC's
/// `+disposableWithBlock:`), or, made with `init()`, only records that it was disposed.
///
/// ```swift
/// let request = AnyDisposable { task.cancel() }
/// ```
///
/// Its action follows the rule every closure handed to RACSwift follows (`CONTRACT.md#isolation`):
/// made on an actor (a `@MainActor` view model), the action needs no `@Sendable`, may use that
/// actor's state and runs on that actor — at once when disposed there, else carried there; made
/// outside any actor, it runs on the thread that disposes.
public final class AnyDisposable: Disposable, @unchecked Sendable {
  // Lock discipline: `action` is written only by `init` and by the one caller of `dispose()`
  // that wins the exchange on `disposed`, so it is never accessed concurrently. It is not
  // `@Sendable`: made on an actor, it is a hop that runs the caller's action there; made outside
  // any actor, it runs where the disposable is disposed (`CONTRACT.md#isolation`).
  private let disposed = Atomic<Bool>(false)
  private var action: (() -> Void)?
  /// Its place in a large compound or scope that holds it (see ``ListMembership``).
  @usableFromInline let listMembership = ListMembership()

  /// A disposable that only tracks whether it was disposed.
  public init() { action = nil }

  /// A disposable that runs `action` exactly once, on the first `dispose()`; made on an actor,
  /// on that actor (at once when disposed there, else carried there).
  ///
  /// ```swift
  /// // in a @MainActor view model
  /// let polling = AnyDisposable { self.isPolling = false }
  /// ```
  public init(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation) {
    guard let isolation else {
      self.action = action
      return
    }
    let disposal = DisposalAction(action, on: isolation)
    self.action = { disposal.run() }
  }

  /// A disposable that runs `action` exactly once, on the first `dispose()`, on the thread that
  /// disposes: kept for code compiled against it. Calls pick ``init(_:isolation:)``, which does
  /// the same outside any actor.
  ///
  /// ```swift
  /// let request = AnyDisposable { task.cancel() }
  /// ```
  @_disfavoredOverload
  public init(_ action: @escaping @Sendable () -> Void) { self.action = action }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Disposes; later calls do nothing.
  public func dispose() {
    if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
    // Taken out and called as unwrapped here: copied and cleared (or called as `action?()`),
    // the closure's context is retained and released once more (one read-modify-write pair per
    // disposal, `Benchmarks/RESULTS.md`, session 33).
    guard let action = self.action.take() else { return }
    action()
  }
}
