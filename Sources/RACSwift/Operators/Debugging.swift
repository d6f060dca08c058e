import Foundation
import Synchronization

/// Where `logNext()`, `logError()`, `logCompleted()` and `logAll()` write their lines.
///
/// Each line reads `<signal description> next: <value>` (or `error: …`, `completed`), followed by
/// where the subscription that received it was made — the modern form of RAC's asynchronous
/// backtraces:
/// `[+from] -map: next: 2 (subscribed at MyApp/Model.swift:42)`.
///
/// ```swift
/// SignalLog.output = { line in logger.debug("\(line)") }
/// ```
public enum SignalLog {
  /// Receives one log line (without a trailing newline).
  public typealias Output = @Sendable (String) -> Void

  private static let storage = Mutex<Output>(SignalLog.standardError)

  /// The current destination; standard error by default.
  public static var output: Output {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// Writes each line to standard error.
  public static let standardError: Output = { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  @usableFromInline
  static func write(_ description: String, _ event: String, origin: SubscriptionOrigin) {
    var line = "\(description) \(event)"
    if let place = origin.text { line += " (subscribed at \(place))" }
    output(line)
  }
}

extension Signal {
  /// Logs each value as `<description> next: <value>` to ``SignalLog/output``, with where the
  /// subscription was made; keeps the receiver's name.
  ///
  /// ```swift
  /// query.logNext().subscribe()
  /// // [+subject] next: swift (subscribed at MyApp/SearchModel.swift:12)
  /// ```
  public func logNext() -> Signal<Value, Failure> {
    log(next: true, error: false, completed: false)
  }

  /// Logs an error as `<description> error: <error>`.
  ///
  /// ```swift
  /// request.logError()
  /// ```
  public func logError() -> Signal<Value, Failure> {
    log(next: false, error: true, completed: false)
  }

  /// Logs completion as `<description> completed`.
  ///
  /// ```swift
  /// upload.logCompleted()
  /// ```
  public func logCompleted() -> Signal<Value, Failure> {
    log(next: false, error: false, completed: true)
  }

  /// Logs every event (`logNext`, `logError` and `logCompleted` together).
  ///
  /// ```swift
  /// request.logAll()
  /// ```
  public func logAll() -> Signal<Value, Failure> { log(next: true, error: true, completed: true) }

  private func log(next: Bool, error: Bool, completed: Bool) -> Signal<Value, Failure> {
    let source = self
    return Signal(name: .alias(self)) { _, sink, scope in
      let origin = scope.origin
      source.subscribe(
        sink: { event in
          switch event {
          case .next(let value):
            if next { SignalLog.write(source.description, "next: \(value)", origin: origin) }
          case .error(let failure):
            if error { SignalLog.write(source.description, "error: \(failure)", origin: origin) }
          case .completed:
            if completed { SignalLog.write(source.description, "completed", origin: origin) }
          }
          sink(&event)
        }, scope: scope)
    }
  }
}
