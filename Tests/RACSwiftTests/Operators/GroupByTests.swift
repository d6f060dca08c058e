import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("groupBy (B.3)", .checksLiveSubscriptions)
struct GroupByTests {

  @Test("groupBy sends a group per key, values into their groups, completion to all")
  func groupBy() {
    let groups = Recorder<String, Never>()
    var members: [String: [Int]] = [:]
    let subscription = Signal.from([1, 2, 3, 4, 6]).groupBy({ $0 % 2 == 0 ? "even" : "odd" })
      .subscribe(next: { group in
        groups.record(.next(group.key))
        group.subscribe(next: { members[group.key, default: []].append($0) })
      })
    #expect(groups.values == ["odd", "even"])
    #expect(members["odd"] == [1, 3])
    #expect(members["even"] == [2, 4, 6])
    subscription.dispose()
    let transformed = collected(
      Signal.from(["a", "bb"]).groupBy({ $0.count }, transform: { $0.uppercased() }).map(\.key))
    #expect(transformed.values == [1, 2])
  }
}
