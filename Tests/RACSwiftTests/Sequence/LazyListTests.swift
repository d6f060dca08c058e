import Foundation
import RACSwift
import RACSwiftTesting
import Testing

func naturals(from start: Int, evaluated: AtomicCounter? = nil) -> LazyList<Int> {
  LazyList(
    head: {
      evaluated?.increment()
      return start
    },
    tail: { naturals(from: start + 1, evaluated: evaluated) })
}

@Suite("LazyList (A8, B.10, B.11)", .checksLiveSubscriptions)
struct LazyListTests {
  @Test("A8-03: map runs at most once per element: A, B, then nothing (seed 003)")
  func memoization() {
    let log = Recorder<String, Never>()
    let letters = ["A", "B"].lazyList.map { letter -> String in
      log.record(.next(letter))
      return letter + "_"
    }
    #expect(letters.head == "A_")
    #expect(log.values == ["A"])
    #expect(letters.tail.head == "B_")
    #expect(log.values == ["A", "B"])
    #expect(letters.tail.head == "B_")
    #expect(log.values == ["A", "B"])
  }

  @Test("A8-04: deriving another list does not re-run the source: A_ not _A_")
  func derivingLeavesSourceAlone() {
    let log = Recorder<String, Never>()
    let letters = ["A", "B"].lazyList.map { letter -> String in
      log.record(.next(letter))
      return letter + "_"
    }
    _ = letters.head
    let prefixed = letters.map { "_" + $0 }
    #expect(prefixed.head == "_A_")
    #expect(letters.head == "A_")
    #expect(log.values == ["A"])
  }

  @Test("A8-02: take(1) over an infinite list never computes the second head")
  func takeIsLazy() {
    let evaluated = AtomicCounter()
    let first = naturals(from: 1, evaluated: evaluated).take(1)
    #expect(first.array == [1])
    #expect(evaluated.count == 1)
  }

  @Test("a 1,000,000-element list iterates and is released on a 512 KiB stack", .tags(.stack))
  func deepList() async {
    await onSmallStack {
      var list: LazyList<Int>? = LazyList(0..<1_000_000)
      var sum = 0
      for value in list! { sum += value }
      #expect(sum == 499_999_500_000)
      list = nil
    }
  }

  @Test("operators agree with Array")
  func operators() {
    let numbers = [3, 1, 1, 4, 1, 5, 9, 2, 6, 5]
    let list = numbers.lazyList
    #expect(list.array == numbers)
    #expect(list.map { $0 * 2 }.array == numbers.map { $0 * 2 })
    #expect(list.filter { $0 > 2 }.array == numbers.filter { $0 > 2 })
    #expect(list.flattenMap { [$0, -$0].lazyList }.array == numbers.flatMap { [$0, -$0] })
    #expect(list.concat([7, 7].lazyList).array == numbers + [7, 7])
    #expect(list.zip(["a", "b"].lazyList).array.map { "\($0)\($1)" } == ["3a", "1b"])
    #expect(list.take(3).array == Array(numbers.prefix(3)))
    #expect(list.skip(8).array == Array(numbers.dropFirst(8)))
    #expect(list.scan(0, +).array == [3, 4, 5, 9, 10, 15, 24, 26, 32, 37])
    #expect(list.startWith(0).array == [0] + numbers)
    #expect(list.distinctUntilChanged().array == [3, 1, 4, 1, 5, 9, 2, 6, 5])
    #expect(list.foldLeft(0, +) == numbers.reduce(0, +))
    #expect(list.any { $0 > 8 })
    #expect(!list.all { $0 > 1 })
    #expect(list.first(where: { $0 > 4 }) == 5)
    #expect(LazyList<Int>.empty.head == nil)
    #expect(LazyList<Int>.empty.tail.isEmpty)
    #expect(list == numbers.lazyList)
    let expected: Int = (0..<10_000).lazy.map { $0 * 2 }.filter { $0 % 3 == 0 }.reduce(0, +)
    let derived: LazyList<Int> = LazyList(0..<10_000).map { $0 * 2 }.filter { $0 % 3 == 0 }
    #expect(derived.foldLeft(0, +) == expected)
  }

  @Test("B.11: dictionaries, sets, strings and iterators become lists")
  func adapters() {
    #expect("héllo".lazyList.array == ["h", "é", "l", "l", "o"])
    #expect(Set([1]).lazyList.array == [1])
    #expect(["k": 1].lazyList.array.map { "\($0.key)=\($0.value)" } == ["k=1"])
    var produced = 0
    let iterator = AnyIterator<Int> {
      produced += 1
      return produced <= 3 ? produced : nil
    }
    let fromIterator = LazyList(IteratorSequence(iterator))
    #expect(produced == 0)
    #expect(fromIterator.head == 1)
    #expect(produced == 1)
    #expect(fromIterator.array == [1, 2, 3])
  }

  @Test("foldRight evaluates the rest only when the combine closure asks")
  func foldRight() {
    let evaluated = AtomicCounter()
    let hasEven = naturals(from: 1, evaluated: evaluated).foldRight(false) { element, rest in
      element.isMultiple(of: 2) || rest()
    }
    #expect(hasEven)
    #expect(evaluated.count == 2)
  }

  @Test("eager evaluates now; lists derived from it are eager too")
  func eager() {
    let evaluated = AtomicCounter()
    let eager = naturals(from: 1, evaluated: evaluated).take(5).eager
    #expect(evaluated.count == 5)
    #expect(eager.isEager)
    #expect(eager.map { $0 * 2 }.isEager)
    #expect(eager.map { $0 * 2 }.array == [2, 4, 6, 8, 10])
    #expect(!eager.lazy.isEager)
    #expect(eager.lazy.array == [1, 2, 3, 4, 5])
  }

  @Test("A7-17: signal(on:) sends one element per scheduled action")
  func signalOnScheduler() {
    let scheduler = TestScheduler()
    let recorder = scheduler.record([1, 2, 3].lazyList.signal(on: scheduler))
    scheduler.step()
    #expect(recorder.values == [1])
    scheduler.run()
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isTerminated)
  }

  @Test("AD-02: signal.lazyList blocks until values sent later arrive; a failure ends the list")
  func fromSignal() {
    let subject = ReplaySubject<Int, TestError>()
    let list = subject.lazyList
    DispatchQueue.global().async {
      subject.sendNext(1)
      subject.sendNext(2)
      subject.sendError(TestError())
    }
    #expect(list.array == [1, 2])
    #expect(list.head == 1)
    let completed = Signal<Int, Never>.from([4, 5]).lazyList
    #expect(completed.array == [4, 5])
  }
}
