/// What a source — a signal with no input (`just`, `error`, `from`, `defer`, a multicast
/// connection's signals) — does for one subscription: the template for the signals no operator
/// builds on another (CONTRIBUTING, "A source").
///
/// A source stage is a small struct that keeps the source's parameters (a value, a sequence, the
/// user's closure) with their declared types, and runs one subscription with them: a
/// ``SynchronousSourceStage`` delivers everything before its call returns, a
/// ``SubscribingSourceStage`` may deliver later. The template (``Signal/source(_:name:)``) keeps
/// the stage in the source's one object, names the signal, and hands the stage to each
/// subscription without a downcast in the source's code.
///
/// ```swift
/// struct ErrorSource<Value, Failure: Error>: SynchronousSourceStage {
///   let error: Failure
///   func run(_ send: (inout Event<Value, Failure>) -> Void, scope: SynchronousScope) {
///     emit(.error(error), to: send)
///   }
/// }
/// ```
@usableFromInline
protocol SourceStage<Value, Failure> {
  /// The type of the values the source sends.
  associatedtype Value
  /// The failure the source sends.
  associatedtype Failure: Error
}

/// A source whose every subscription delivers all its events before `subscribe` returns (`just`,
/// `error`, `from`): its signal is synchronous (``Signal/isSynchronous``), so an operator on it
/// runs its stage on the stack, and the source runs on the ``SynchronousPath``.
@usableFromInline
protocol SynchronousSourceStage<Value, Failure>: SourceStage {
  /// Runs one subscription: sends every event to `send` before it returns, and stops early once
  /// `scope` is disposed (check it before producing another value).
  func run(_ send: (inout Event<Value, Failure>) -> Void, scope: SynchronousScope)
}

/// A source whose subscriptions may deliver after `subscribe` returns (`defer`, `autoconnect`,
/// `replayLazily`): it subscribes `sink` to what delivers, in `scope`.
@usableFromInline
protocol SubscribingSourceStage<Value, Failure>: SourceStage {
  /// Runs one subscription, which sends into `sink` and lives in `scope`.
  func subscribe(sink: @escaping Signal<Value, Failure>.Sink, scope: SubscriptionScope)
}
