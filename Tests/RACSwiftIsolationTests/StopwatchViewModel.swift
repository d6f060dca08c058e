import RACSwift

/// A stopwatch screen as a RAC 2 port writes it: it takes its scheduler as a parameter (the main
/// thread scheduler in the app, a test scheduler in its tests), ticks with a repeating action,
/// hides a banner with a delayed one, and keeps its cleanups in disposables — every action using
/// the view model's state with no isolation annotation (CONTRACT.md#isolation).
@MainActor
final class StopwatchViewModel {
  private(set) var seconds = 0
  private(set) var wallClockTicks = 0
  private(set) var banner: String?
  private(set) var isRunning = false
  private(set) var log: [String] = []
  /// For each action or cleanup that ran: whether it ran on the main queue.
  private(set) var ranOnMainQueue: [Bool] = []
  let bag = CompoundDisposable()
  private let scheduler: any IsolatingScheduler
  private var timer: (any Disposable)?
  private var wallClock: (any Disposable)?

  init(scheduler: any IsolatingScheduler = MainScheduler.shared) { self.scheduler = scheduler }

  /// Starts ticking every second, on the scheduler passed in.
  func start() {
    isRunning = true
    scheduler.schedule { self.note("started") }
    timer = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) { self.tick() }
    bag.add { self.note("bag disposed") }
  }

  func stop() { timer?.dispose() }

  /// Shows `text` for three seconds.
  func showBanner(_ text: String) {
    banner = text
    scheduler.schedule(after: .seconds(3)) {
      self.note("banner hidden")
      self.banner = nil
    }
  }

  /// A session that ends the stopwatch when disposed.
  func makeSession() -> AnyDisposable {
    AnyDisposable {
      self.isRunning = false
      self.note("session ended")
    }
  }

  /// Ticks on `MainScheduler.shared` itself, with no leeway written.
  func startWallClock() {
    wallClock = MainScheduler.shared.schedule(after: .zero, repeating: .seconds(3600)) {
      self.clockTick()
    }
  }

  func stopWallClock() { wallClock?.dispose() }

  private func tick() {
    note("tick")
    seconds += 1
  }

  private func clockTick() {
    note("wall clock")
    wallClockTicks += 1
  }

  private func note(_ entry: String) {
    log.append(entry)
    ranOnMainQueue.append(isOnMainQueue())
  }
}
