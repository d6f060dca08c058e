import Synchronization

/// A disposable that runs a closure the first time it is disposed (RAC's
/// `+disposableWithBlock:`), or, made with `init()`, only records that it was disposed.
///
/// ```swift
/// let request = AnyDisposable { task.cancel() }
/// ```
public final class AnyDisposable: Disposable, @unchecked Sendable {
  // Lock discipline: `action` is written only by `init` and by the one caller of `dispose()`
  // that wins the exchange on `disposed`, so it is never accessed concurrently.
  private let disposed = Atomic<Bool>(false)
  private var action: (@Sendable () -> Void)?
  /// Its place in a large compound or scope that holds it (see ``ListMembership``).
  @usableFromInline let listMembership = ListMembership()

  /// A disposable that only tracks whether it was disposed.
  public init() { action = nil }

  /// A disposable that runs `action` exactly once, on the first `dispose()`.
  public init(_ action: @escaping @Sendable () -> Void) { self.action = action }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Disposes; later calls do nothing.
  public func dispose() {
    if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
    let action = self.action
    self.action = nil
    action?()
  }
}
