import RACSwift
import Testing

@Suite("scan with and without an index, built the same way", .checksLiveSubscriptions)
struct ScanTests {
  @Test("scanWithStart:reduceWithIndex: passes each value's index; every subscription starts again")
  func indexedScan() {
    let signal = Signal<Int, Never>.from([10, 20, 30]).scan([String]()) { log, value, index in
      log + ["\(index):\(value)"]
    }
    var first: [[String]] = []
    var second: [[String]] = []
    signal.subscribe(next: { first.append($0) })
    signal.subscribe(next: { second.append($0) })
    #expect(first == [["0:10"], ["0:10", "1:20"], ["0:10", "1:20", "2:30"]])
    #expect(second == first)
    #expect(signal.description == "[+from] -scanWithStart:reduceWithIndex:")
  }

  @Test("errors and completion pass through the indexed scan")
  func indexedScanTerminalEvents() {
    let subject = Subject<Int, TestError>()
    var events: [Event<Int, TestError>] = []
    subject.scan(0) { sum, value, index in sum + value * index }.subscribe(
      next: { events.append(.next($0)) }, error: { events.append(.error($0)) })
    subject.sendNext(5)
    subject.sendNext(7)
    subject.sendError(TestError(code: 1))
    #expect(events.count == 3)
    #expect(events.compactMap(\.value) == [0, 7])
    #expect(events.last?.isTerminal == true)
  }

  @Test("written on the main actor, the indexed scan's closure runs there and may use its state")
  @MainActor
  func indexedScanOnTheMainActor() {
    var weights = [1, 10, 100]
    var totals: [Int] = []
    let subject = Subject<Int, Never>()
    let subscription = subject.scan(0) { total, value, index in
      MainActor.preconditionIsolated()
      return total + value * weights[index]
    }.subscribe(next: { totals.append($0) })
    subject.sendNext(1)
    weights[1] = 20
    subject.sendNext(1)
    #expect(totals == [1, 21])
    subscription.dispose()
  }

  @Test("scan with index gives 1, 4, 9, 16 (RAC's spec)")
  func scanWithIndex() {
    let squares = collected(Signal.from([1, 3, 5, 7]).scan(0) { sum, value, _ in sum + value })
    #expect(squares.values == [1, 4, 9, 16])
    let indexed = collected(
      Signal.from([10, 10, 10]).scan(0) { sum, value, index in sum + value * index })
    #expect(indexed.values == [0, 10, 30])
  }

  @Test("scan and combineLatest(with:)")
  func scanAndCombineLatest() {
    let sums = Recorder<Int, Never>()
    sums.subscribe(to: Signal.from([1, 2, 3, 4]).scan(0, +))
    #expect(sums.values == [1, 3, 6, 10])
    let left = Subject<Int, Never>()
    let right = Subject<String, Never>()
    var pairs: [String] = []
    var done = false
    left.combineLatest(with: right).subscribe(
      next: { pairs.append("\($0)\($1)") }, completed: { done = true })
    left.sendNext(1)
    right.sendNext("a")
    left.sendNext(2)
    right.sendNext("b")
    left.sendCompleted()
    #expect(!done)
    right.sendCompleted()
    #expect(pairs == ["1a", "2a", "2b"])
    #expect(done)
  }
}
