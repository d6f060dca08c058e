import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Cold semantics per subscription (A2-05, A6-02)", .checksLiveSubscriptions)
struct PerSubscriptionStateTests {
  @Test("every stateful operator starts afresh for each subscription")
  func freshState() {
    let source = Signal.from([1, 1, 2, 3, 3, 4])
    let chains: [(String, Signal<Int, Never>)] = [
      ("take", source.take(3)), ("skip", source.skip(2)), ("takeLast", source.takeLast(2)),
      ("scan", source.scan(0, +)), ("scan with index", source.scan(0) { $0 + $1 + $2 }),
      ("aggregate", source.aggregate(0, +)),
      ("distinctUntilChanged", source.distinctUntilChanged()),
      ("combinePrevious", source.combinePrevious(0, +)),
      ("take(while:)", source.take(while: { $0 < 3 })),
      ("skip(until:)", source.skip(until: { $0 > 1 })), ("startWith", source.startWith(9)),
      ("collect", source.collect().map(\.count)), ("repeat/take", source.repeat().take(8)),
      ("flatten(maxConcurrent:)", source.map { Signal.just($0) }.flatten(maxConcurrent: 1)),
      (
        "bind",
        source.bind { () -> (Int, inout Bool) -> Signal<Int, Never>? in
          var seen = 0
          return { value, _ in
            seen += 1
            return .just(value * seen)
          }
        }
      ),
    ]
    for (name, chain) in chains {
      let first = collected(chain).values
      let second = collected(chain).values
      #expect(first == second, "\(name) shared state between subscriptions")
    }
  }
}
