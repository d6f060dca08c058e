import RACSwift
import RACSwiftTesting
import Testing

/// `asOptional()`: a signal of `T` where a signal of `T?` is expected, which RAC's `id` never
/// told apart and Swift does not convert by itself.
@Suite("asOptional()", .checksLiveSubscriptions)
struct AsOptionalTests {
  /// A search as a port declares it: `nil` until there is something to show.
  static func results(for query: String) -> Signal<[Int]?, Never> {
    if query.isEmpty { return .just(nil) }
    return search(query).asOptional()
  }

  /// The service, which knows nothing of optionals.
  static func search(_ query: String) -> Signal<[Int], Never> { .just([query.count]) }

  @Test("returned where a signal of optionals is declared, it sends each value wrapped")
  func returned() {
    let recorder = Recorder<[Int]?, Never>()
    recorder.subscribe(to: Self.results(for: "abc"))
    #expect(recorder.events == [.next([3]), .completed])
    let empty = Recorder<[Int]?, Never>()
    empty.subscribe(to: Self.results(for: ""))
    #expect(empty.events == [.next(nil), .completed])
  }

  @Test("returned from a closure whose signal type is declared optional")
  func fromClosure() {
    let queries = Subject<String, Never>()
    let shown: Signal<[Int]?, Never> = queries.flattenMap { query in
      Self.search(query).asOptional()
    }
    let recorder = Recorder<[Int]?, Never>()
    recorder.subscribe(to: shown)
    queries.sendNext("ab")
    queries.sendCompleted()
    #expect(recorder.events == [.next([2]), .completed])
  }

  @Test("errors and completion pass through; the name shows the lift")
  func terminalEventsAndName() {
    let source = Subject<Int, TestError>().setName("counts")
    let recorder = Recorder<Int?, TestError>()
    recorder.subscribe(to: source.asOptional())
    source.sendNext(1)
    source.sendError(TestError())
    #expect(recorder.events == [.next(1), .error(TestError())])
    #expect(source.asOptional().name == "[counts] -asOptional")
  }

  @Test("a signal of optionals lifts once more: nil stays a value")
  func nestedOptionals() {
    let recorder = Recorder<Int??, Never>()
    recorder.subscribe(to: Signal<Int?, Never>.from([1, nil]).asOptional())
    #expect(recorder.events == [.next(.some(1)), .next(.some(nil)), .completed])
  }
}
