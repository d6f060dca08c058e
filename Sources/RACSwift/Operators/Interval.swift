import Synchronization

extension Signal where Value == Int, Failure == Never {
  /// Sends 0, 1, 2, … every `interval` on `scheduler`, forever (RAC's `+interval:onScheduler:`,
  /// sending the tick count rather than the date). `leeway` is how late a tick may be.
  /// `interval` must be positive.
  ///
  /// ```swift
  /// Signal.interval(.seconds(1), on: MainScheduler.shared).take(10)
  /// ```
  public static func interval(
    _ interval: Duration, on scheduler: any Scheduler, leeway: Duration = .zero
  ) -> Signal<Int, Never> {
    precondition(
      !(scheduler is ImmediateScheduler), "interval(_:on:) needs a scheduler that can repeat")
    if interval <= .zero {
      fatalError("Signal.interval(_:on:): the interval must be positive, not \(interval)")
    }
    return Signal(name: .source("+interval")) { _, sink, scope in
      let ticks = TickCounter()
      let downstream = SendableSink(sink)
      let timer = scheduler.schedule(after: interval, repeating: interval, leeway: leeway) {
        if scope.isDisposed { return }
        emit(.next(ticks.next()), to: downstream.send)
      }
      if let timer { scope.add(timer) }
    }
  }
}

/// Counts the ticks of one `interval` subscription.
final class TickCounter: Sendable {
  private let count = Atomic<Int>(0)
  func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).oldValue }
}
