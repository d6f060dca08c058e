import Synchronization

/// Holds one inner disposable that can be replaced (RAC's `RACSerialDisposable`).
///
/// Setting ``disposable`` does **not** dispose the one it replaces (RAC's rule); ``swap(_:)``
/// returns it so you can. Once the serial disposable is disposed, the inner one is disposed and
/// anything set later is disposed at once and not kept.
public final class SerialDisposable: Disposable, @unchecked Sendable {
  // Lock discipline: `inner` and `disposed` are read and written only with `lock` held.
  private let lock = Lock()
  private var inner: (any Disposable)?
  private var disposed = false
  /// Its place in a large compound or scope that holds it (see ``ListMembership``).
  @usableFromInline let listMembership = ListMembership()

  /// An empty serial disposable, or one holding `disposable`.
  public init(_ disposable: (any Disposable)? = nil) { inner = disposable }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The current inner disposable; `nil` after disposal.
  public var disposable: (any Disposable)? {
    get { lock.withLock { inner } }
    set { _ = swap(newValue) }
  }

  /// Replaces the inner disposable and returns the previous one without disposing it. After
  /// disposal, `newDisposable` is disposed at once and `nil` is returned.
  @discardableResult
  public func swap(_ newDisposable: (any Disposable)?) -> (any Disposable)? {
    lock.lock()
    if disposed {
      lock.unlock()
      newDisposable?.dispose()
      return nil
    }
    let previous = inner
    inner = newDisposable
    lock.unlock()
    return previous
  }

  /// Disposes; later calls do nothing.
  public func dispose() {
    lock.lock()
    if disposed {
      lock.unlock()
      return
    }
    disposed = true
    let current = inner
    inner = nil
    lock.unlock()
    current?.dispose()
  }
}
