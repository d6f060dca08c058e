import RACSwiftTesting
import Testing

@testable import RACSwift

@Suite(
  "Combining engine concurrency: 4 threads into a 3-input combineLatest and zip",
  .checksLiveSubscriptions, .tags(.concurrency), .detectsHangs)
struct CombiningEngineConcurrencyTests {
  static let threads = 4
  /// Values each thread sends, a third into each input (a multiple of 3).
  static let perThread = TestScale.size(full: 30_000)

  /// Thread `thread`'s `index`-th value goes to input `(thread + index) % 3`: every thread feeds
  /// every input, so two threads often send into one input while a third sends into another.
  private static func feed(
    _ numbers: Subject<Int, Never>, _ words: Subject<String, Never>,
    _ points: Subject<Point, Never>, thread: Int
  ) {
    for index in 0..<perThread {
      switch (thread + index) % 3 {
      case 0: numbers.sendNext(index)
      case 1: words.sendNext("w")
      default: points.sendNext(Point(x: thread, y: index))
      }
    }
  }

  @Test("B.3 +combineLatest of (Int, String, Point) fed from 4 threads: one output per value")
  func combineLatest() async {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let probe = SerialityProbe()
    let completions = AtomicCounter()
    let subscription = Signal.combineLatest(numbers, words, points).subscribe(
      next: { _ in probe.handle() }, completed: { completions.increment() })
    numbers.sendNext(-1)
    words.sendNext("")
    points.sendNext(Point(x: -1, y: -1))
    await onThreads(Self.threads) { thread in Self.feed(numbers, words, points, thread: thread) }
    numbers.sendCompleted()
    words.sendCompleted()
    points.sendCompleted()
    #expect(probe.count == 1 + Self.threads * Self.perThread)
    #expect(probe.overlaps == 0)
    #expect(completions.count == 1)
    subscription.dispose()
  }

  @Test("B.1 +zip of (Int, String, Point) fed from 4 threads: every tuple, each input in order")
  func zip() async {
    let numbers = Subject<Int, Never>()
    let words = Subject<String, Never>()
    let points = Subject<Point, Never>()
    let probe = SerialityProbe()
    let completions = AtomicCounter()
    // Owner of the handler only (never run twice at once; the probe checks it).
    let lastIndex = LastIndexPerThread()
    let subscription = Signal.zip(numbers, words, points).subscribe(
      next: { _, _, point in
        probe.handle()
        lastIndex.check(point)
      }, completed: { completions.increment() })
    await onThreads(Self.threads) { thread in Self.feed(numbers, words, points, thread: thread) }
    numbers.sendCompleted()
    #expect(probe.count == Self.threads * Self.perThread / 3)
    #expect(probe.overlaps == 0)
    #expect(lastIndex.outOfOrder == 0)
    #expect(completions.count == 1)
    subscription.dispose()
  }
}

/// Checks that each thread's points come out of zip in the order that thread sent them.
///
/// Lock discipline: touched only by a zip's handler, which RACSwift never runs twice at once.
private final class LastIndexPerThread: @unchecked Sendable {
  var last = [Int](repeating: -1, count: CombiningEngineConcurrencyTests.threads)
  var outOfOrder = 0

  func check(_ point: Point) {
    if point.y <= last[point.x] { outOfOrder += 1 }
    last[point.x] = point.y
  }
}
