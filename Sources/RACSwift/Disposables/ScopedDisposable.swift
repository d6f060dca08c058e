/// Disposes the wrapped disposable when this object is deinitialized (RAC's
/// `RACScopedDisposable`), or earlier when `dispose()` is called.
///
/// Hold one in a property to tie a subscription to the owner's lifetime:
/// ```swift
/// final class ViewModel {
///   private var titles: ScopedDisposable?
///   init(source: Signal<String, Never>) {
///     titles = source.subscribe(next: { print($0) }).scoped()
///   }
/// }
/// ```
public final class ScopedDisposable: Disposable {
  private let wrapped: any Disposable

  /// Wraps `disposable`.
  public init(_ disposable: any Disposable) { wrapped = disposable }

  deinit { wrapped.dispose() }

  /// Whether the disposable has been disposed.
  public var isDisposed: Bool { wrapped.isDisposed }

  /// Disposes; later calls do nothing.
  public func dispose() { wrapped.dispose() }
}
