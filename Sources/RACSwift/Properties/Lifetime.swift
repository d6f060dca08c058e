/// When something ends — usually an object's life (RAC's `rac_willDeallocSignal`, made
/// explicit): an object declares `@OwnedLifetime var lifetime: Lifetime` (``OwnedLifetime``),
/// and the lifetime ends when the object is deinitialized.
///
/// ```swift
/// final class Screen {
///   @OwnedLifetime var lifetime: Lifetime
///   init(ticks: Signal<Int, Never>) {
///     ticks.take(during: lifetime).subscribe(next: { print($0) })  // ends with the screen
///   }
/// }
/// ```
///
/// ``make()`` returns a lifetime and the ``Lifetime/Token`` that ends it apart, for a lifetime
/// that something else ends: the lifetime ends when the token is deinitialized or ended.
public final class Lifetime: Sendable {
  private let subject: ReplaySubject<Void, Never>

  private init(subject: ReplaySubject<Void, Never>) { self.subject = subject }

  /// A new lifetime and the token that ends it when deinitialized.
  public static func make() -> (lifetime: Lifetime, token: Token) {
    let subject = ReplaySubject<Void, Never>(capacity: 0)
    return (Lifetime(subject: subject), Token(subject: subject))
  }

  /// A lifetime that has already ended.
  public static let ended: Lifetime = {
    let (lifetime, token) = make()
    token.end()
    return lifetime
  }()

  /// Completes, without values, when the lifetime ends — at once for a lifetime already ended.
  public var ended: Signal<Void, Never> { subject }

  /// Whether the lifetime has ended.
  public var hasEnded: Bool { subject.isDisposed }

  /// Runs `action` when the lifetime ends (at once if it has); returns a disposable that cancels
  /// it.
  ///
  /// Written on an actor (a `@MainActor` view model), `action` may use the actor's state and runs
  /// on it: at once when the lifetime ends there, else carried to the actor right after it ends
  /// on another thread. Written outside any actor, it runs on the thread that ends the lifetime.
  ///
  /// ```swift
  /// screen.lifetime.observeEnded { print("screen gone") }
  /// ```
  @discardableResult
  public func observeEnded(
    _ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation
  ) -> any Disposable {
    subject.subscribe(completed: action, isolation: isolation)
  }

  /// Runs `action` on the thread that ends the lifetime: the form of
  /// ``observeEnded(_:isolation:)`` for a `@Sendable` closure that code compiled against an
  /// earlier release calls.
  ///
  /// ```swift
  /// screen.lifetime.observeEnded { @Sendable in print("screen gone") }
  /// ```
  @_disfavoredOverload
  @discardableResult
  public func observeEnded(_ action: @escaping @Sendable () -> Void) -> any Disposable {
    subject.subscribe(completed: action, isolation: nil)
  }

  /// Ends its ``Lifetime`` when deinitialized (or when ``end()`` is called).
  public final class Token: Sendable {
    private let subject: ReplaySubject<Void, Never>

    fileprivate init(subject: ReplaySubject<Void, Never>) { self.subject = subject }

    /// Ends the lifetime now.
    public func end() { subject.sendCompleted() }

    deinit { subject.sendCompleted() }
  }
}

extension Signal {
  /// Forwards the receiver until `lifetime` ends, then completes (RAC's
  /// `takeUntil:rac_willDeallocSignal`).
  ///
  /// ```swift
  /// ticks.take(during: screen.lifetime)
  /// ```
  @inlinable
  public func take(during lifetime: Lifetime) -> Signal<Value, Failure> {
    take(until: lifetime.ended)
  }
}
