/// The "at most one terminal event" rule of the event grammar as one flag: events
/// pass while it is open, and the first terminal event that passes closes it for good.
///
/// It does no synchronization of its own. Whoever stores it must run its mutations one at a time:
/// ``SerializedSink`` does so through its gate (several inputs, several threads), and
/// ``TerminalGuard`` relies on its upstream delivering serially (one input). Stored in a class
/// and touched on every event (``SerializedSink``), declare it `@exclusivity(unchecked)`: that
/// access is already serialized by its owner. ``TerminalGuard`` (the boolean operators) touches
/// it at most twice per subscription, so it keeps the check (`Benchmarks/RESULTS.md`, session 31).
@usableFromInline
struct TerminalLatch {
  /// Whether a terminal event has passed: nothing more may.
  @usableFromInline var isClosed = false

  /// An open latch.
  @inlinable init() {}

  /// Whether `event` may be delivered — the latch is still open. A terminal event that may be
  /// delivered closes the latch before this returns, so the caller delivers it last.
  @inlinable @inline(__always)
  mutating func admit<Value, Failure: Error>(_ event: Event<Value, Failure>) -> Bool {
    if isClosed { return false }
    if event.isTerminal { isClosed = true }
    return true
  }
}

/// Forwards events until the first terminal one, then nothing: for stages that can end a
/// subscription themselves (a thrown error) while upstream keeps sending. The unserialized
/// counterpart of ``SerializedSink`` for one input, sharing its ``TerminalLatch``: upstream
/// delivers serially, so it needs no gate, and like any unary stage it leaves checking the
/// subscription's scope to the source.
///
/// Lock discipline: none needed — `latch` is touched only from `send`, which upstream calls one
/// event at a time.
@usableFromInline
final class TerminalGuard<Value, Failure: Error> {
  @usableFromInline let sink: (inout Event<Value, Failure>) -> Void
  @usableFromInline var latch = TerminalLatch()

  @inlinable init(sink: @escaping (inout Event<Value, Failure>) -> Void) { self.sink = sink }

  @inlinable @inline(__always)
  func send(_ event: Event<Value, Failure>) {
    if latch.admit(event) { emit(event, to: sink) }
  }
}
