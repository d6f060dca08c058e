/// One event of a signal (RAC's `RACEvent`): a value, a failure, or successful completion.
///
/// A signal sends `next* (error | completed)?`: any number of values, then at most one
/// terminal event, after which nothing more is delivered to that subscriber.
///
/// ```swift
/// let events: [Event<Int, Never>] = [.next(1), .next(2), .completed]
/// events.last?.isTerminal  // true
/// ```
@frozen
public enum Event<Value, Failure: Error> {
  /// A new value.
  case next(Value)
  /// The signal failed; no more events follow.
  case error(Failure)
  /// The signal finished successfully; no more events follow.
  case completed

  /// Whether this is `error` or `completed` (RAC's `finished`).
  @inlinable public var isTerminal: Bool {
    if case .next = self { return false }
    return true
  }

  /// The value of a `next` event, else `nil`.
  @inlinable public var value: Value? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The failure of an `error` event, else `nil`.
  @inlinable public var error: Failure? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Transforms the value of a `next` event; terminal events pass through.
  @inlinable
  public func map<T, E: Error>(_ transform: (Value) throws(E) -> T) throws(E) -> Event<T, Failure> {
    switch self {
    case .next(let value): return .next(try transform(value))
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }

  /// Whether the event passes a filter with `isIncluded`: a `next` event whose value it
  /// accepts, or any terminal event. The one stage body of `filter`, escaping or not.
  @inlinable @inline(__always)
  func passes(_ isIncluded: (Value) -> Bool) -> Bool {
    if case .next(let value) = self { return isIncluded(value) }
    return true
  }

  /// Transforms the failure of an `error` event; other events pass through.
  @inlinable
  public func mapError<F: Error>(_ transform: (Failure) -> F) -> Event<Value, F> {
    switch self {
    case .next(let value): return .next(value)
    case .error(let error): return .error(transform(error))
    case .completed: return .completed
    }
  }
}

extension Event: Sendable where Value: Sendable {}
extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}

extension Event: CustomStringConvertible {
  /// `next(<value>)`, `error(<failure>)` or `completed`.
  public var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

/// Sends a new `event` to `sink`, a stage taking its event `inout` (see `Signal.Sink`):
/// `emit(.next(value), to: sink)`. A stage forwarding the event it received passes it on as is,
/// `sink(&event)`, without a copy.
@inlinable @inline(__always)
func emit<Value, Failure: Error>(
  _ event: Event<Value, Failure>, to sink: (inout Event<Value, Failure>) -> Void
) {
  var event = event
  sink(&event)
}
