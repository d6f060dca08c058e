import RACSwift
import Testing

/// What happens to a subscription nobody ends — never disposed, no terminal event — once its
/// sources are released: the rule documented on `Disposable` (reliability issue, item 5).
@Suite("Abandoned subscriptions", .checksLiveSubscriptions)
struct AbandonedSubscriptionTests {
  typealias Make = @Sendable (Subject<Int, Never>, Subject<Int, Never>) -> Signal<Int, Never>

  /// Live subscriptions left after a subscription to `make(a, b)` is dropped undisposed, then
  /// `a` and `b` are released; and after the same, disposed.
  static func liveCounts(_ make: Make) -> (abandoned: Int, disposed: Int) {
    let abandoned = SubscriptionLedger()
    abandoned.withLedger {
      let a = Subject<Int, Never>()
      let b = Subject<Int, Never>()
      _ = make(a, b).subscribe(next: { _ in })
      a.sendNext(1)
      b.sendNext(2)
    }
    let disposed = SubscriptionLedger()
    disposed.withLedger {
      let a = Subject<Int, Never>()
      let b = Subject<Int, Never>()
      let subscription = make(a, b).subscribe(next: { _ in })
      a.sendNext(1)
      b.sendNext(2)
      subscription.dispose()
    }
    return (abandoned.liveCount, disposed.liveCount)
  }

  static let freedWithTheirSources: [(String, Make)] = [
    ("map", { a, _ in a.map { $0 } }),
    ("zip", { a, b in a.zip(with: b).map { $0 + $1 } }),
    ("combineLatest", { a, b in a.combineLatest(with: b).map { $0 + $1 } }),
    ("switchToLatest", { a, b in a.map { _ in b }.switchToLatest() }),
    ("take(until:)", { a, b in a.take(until: b) }),
    ("then", { a, b in a.then { b } }),
  ]

  static let keptUntilDisposed: [(String, Make)] = [
    ("merge", { a, b in a.merge(b) }),
    ("flattenMap", { a, b in a.flattenMap { _ in b } }),
    ("concat", { a, b in a.concat(b) }),
    ("retry", { a, _ in a.retry() }),
    ("catch", { a, b in a.catch { _ in b } }),
  ]

  @Test("single-input chains, combineLatest, zip, switchToLatest, take(until:): freed")
  func freed() {
    for (name, make) in Self.freedWithTheirSources {
      let counts = Self.liveCounts(make)
      #expect(counts.abandoned == 0, "\(name)")
      #expect(counts.disposed == 0, "\(name)")
    }
  }

  @Test("operators with inner subscriptions: kept while undisposed, freed by dispose()")
  func keptUntilDisposed() {
    for (name, make) in Self.keptUntilDisposed {
      let counts = Self.liveCounts(make)
      #expect(counts.abandoned > 0, "\(name): documented as kept; update Disposable's docs")
      #expect(counts.disposed == 0, "\(name)")
    }
  }
}
