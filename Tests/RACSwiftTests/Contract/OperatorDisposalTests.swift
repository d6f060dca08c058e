import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Signals that count their live subscriptions: each subscription sends one value and then
/// stays open until disposed, so only disposal can end it.
final class SubscriptionProbe: Sendable {
  let subscribed = AtomicCounter()
  let disposed = AtomicCounter()

  /// Subscriptions made and not yet disposed.
  var live: Int { subscribed.count - disposed.count }

  /// A never-ending signal sending `value` at subscription.
  func signal<Value: Sendable>(_ value: Value) -> Signal<Value, TestError> {
    Signal { subscriber in
      self.subscribed.increment()
      subscriber.sendNext(value)
      return AnyDisposable { self.disposed.increment() }
    }
  }

  /// A never-ending signal sending `1` at subscription.
  var ints: Signal<Int, TestError> { signal(1) }
}

/// One operator applied to probe signals (as its receiver, its other inputs and its inner
/// signals), subscribed.
struct OperatorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let subscribe: @Sendable (SubscriptionProbe, TestScheduler) -> any Disposable

  init(
    _ name: String,
    _ subscribe: @escaping @Sendable (SubscriptionProbe, TestScheduler) -> any Disposable
  ) {
    self.name = name
    self.subscribe = subscribe
  }

  var testDescription: String { name }

  static let all: [OperatorCase] = [
    // Transforming
    .init("map") { p, _ in p.ints.map { $0 + 1 }.subscribe() },
    .init("mapReplace") { p, _ in p.ints.mapReplace("x").subscribe() },
    .init("asOptional") { p, _ in p.ints.asOptional().subscribe() },
    .init("flattenMap") { p, _ in p.ints.flattenMap { _ in p.ints }.subscribe() },
    .init("flattenMapFirst") { p, _ in p.ints.flattenMapFirst { _ in p.ints }.subscribe() },
    .init("scan") { p, _ in p.ints.scan(0, +).subscribe() },
    .init("scan with index") { p, _ in p.ints.scan(0) { sum, value, _ in sum + value }.subscribe()
    },
    .init("combinePrevious") { p, _ in p.ints.combinePrevious(0) { $0 + $1 }.subscribe() },
    .init("aggregate") { p, _ in p.ints.aggregate(0, +).subscribe() },
    .init("collect") { p, _ in p.ints.collect().subscribe() },
    .init("materialize") { p, _ in p.ints.materialize().subscribe() },
    .init("dematerialize") { p, _ in p.ints.materialize().dematerialize().subscribe() },
    .init("groupBy") { p, _ in p.ints.groupBy { $0 % 2 }.flattenMap { $0.map { $0 } }.subscribe() },
    .init("tryMap") { p, _ in p.ints.tryMap { $0 }.subscribe() },
    // Filtering
    .init("filter") { p, _ in p.ints.filter { $0 > 0 }.subscribe() },
    .init("ignore") { p, _ in p.ints.ignore(1).subscribe() },
    .init("ignoreValues") { p, _ in p.ints.ignoreValues().subscribe() },
    .init("distinctUntilChanged") { p, _ in p.ints.distinctUntilChanged().subscribe() },
    .init("skip") { p, _ in p.ints.skip(3).subscribe() },
    .init("take") { p, _ in p.ints.take(3).subscribe() },
    .init("takeLast") { p, _ in p.ints.takeLast(2).subscribe() },
    .init("take(until:)") { p, _ in p.ints.take(until: p.ints.filter { _ in false }).subscribe() },
    .init("take(untilReplacement:)") { p, _ in
      p.ints.take(untilReplacement: p.ints.filter { _ in false }).subscribe()
    },
    .init("take(while:)") { p, _ in p.ints.take(while: { _ in true }).subscribe() },
    .init("skip(while:)") { p, _ in p.ints.skip(while: { _ in true }).subscribe() },
    .init("skip(until:)") { p, _ in p.ints.skip(until: { _ in false }).subscribe() },
    .init("take(until: predicate)") { p, _ in p.ints.take(until: { _ in false }).subscribe() },
    // Combining
    .init("startWith") { p, _ in p.ints.startWith(0).subscribe() },
    .init("concat") { p, _ in p.ints.concat(p.ints).subscribe() },
    .init("concat of an array") { p, _ in Signal.concat([p.ints, p.ints]).subscribe() },
    .init("concat of signals") { p, _ in p.signal(p.ints).concat().subscribe() },
    .init("merge") { p, _ in p.ints.merge(p.ints).subscribe() },
    .init("merge (static)") { p, _ in Signal.merge(p.ints, p.ints, p.ints).subscribe() },
    .init("merge of T with T?") { p, _ in p.ints.merge(p.signal(Int?.none)).subscribe() },
    .init("merge(triggers:)") { p, _ in Signal.merge(triggers: p.ints, p.signal("a")).subscribe() },
    .init("merge(triggers:) of four") { p, _ in
      Signal.merge(triggers: p.ints, p.signal("a"), p.signal(true), p.ints).subscribe()
    },
    .init("flatten") { p, _ in p.signal(p.ints).flatten().subscribe() },
    .init("flatten(maxConcurrent:)") { p, _ in
      p.signal(p.ints).flatten(maxConcurrent: 1).subscribe()
    },
    .init("switchToLatest") { p, _ in p.signal(p.ints).switchToLatest().subscribe() },
    .init("zip") { p, _ in Signal.zip(p.ints, p.signal("a")).subscribe() },
    .init("zip of an array") { p, _ in Signal.zip([p.ints, p.ints]).subscribe() },
    .init("combineLatest") { p, _ in Signal.combineLatest(p.ints, p.signal("a")).subscribe() },
    .init("combineLatest(with:)") { p, _ in p.ints.combineLatest(with: p.ints).subscribe() },
    .init("if") { p, _ in Signal.if(p.signal(true), then: p.ints, else: p.ints).subscribe() },
    .init("switch") { p, _ in
      Signal.switch(p.signal("a"), cases: ["a": p.ints], default: p.ints).subscribe()
    },
    .init("then") { p, _ in p.ints.then { p.ints }.subscribe() },
    .init("sample") { p, _ in p.ints.sample(p.ints).subscribe() },
    .init("withLatest(from:)") { p, _ in p.ints.withLatest(from: p.ints).subscribe() },
    // Boolean
    .init("not") { p, _ in p.signal(true).not().subscribe() },
    .init("and") { p, _ in
      Signal.combineLatest([p.signal(true), p.signal(false)]).and().subscribe()
    },
    .init("or") { p, _ in Signal.combineLatest([p.signal(true), p.signal(false)]).or().subscribe()
    },
    .init("any(_:)") { p, _ in p.ints.any { $0 > 5 }.subscribe() },
    .init("all(_:)") { p, _ in p.ints.all { $0 > 0 }.subscribe() },
    // Errors
    .init("catch") { p, _ in p.ints.catch { _ in p.ints }.subscribe() },
    .init("catchTo") { p, _ in p.ints.catchTo(p.ints).subscribe() },
    .init("retry") { p, _ in p.ints.retry().subscribe() },
    .init("retry(_:)") { p, _ in p.ints.retry(3).subscribe() },
    .init("repeat") { p, _ in p.ints.repeat().subscribe() },
    .init("mapError") { p, _ in p.ints.mapError { TestError(code: $0.code + 1) }.subscribe() },
    .init("ignoreErrors") { p, _ in p.ints.ignoreErrors().subscribe() },
    .init("replaceError") { p, _ in p.ints.replaceError(with: 0).subscribe() },
    // Side effects
    .init("doNext") { p, _ in p.ints.doNext(isolation: nil) { _ in }.subscribe() },
    .init("doError") { p, _ in p.ints.doError(isolation: nil) { _ in }.subscribe() },
    .init("doCompleted") { p, _ in p.ints.doCompleted(isolation: nil) {}.subscribe() },
    .init("initially") { p, _ in p.ints.initially {}.subscribe() },
    .init("finally") { p, _ in p.ints.finally(isolation: nil) {}.subscribe() },
    .init("doDisposed") { p, _ in p.ints.doDisposed {}.subscribe() },
    .init("logAll") { p, _ in p.ints.logAll().subscribe() },
    // Time and schedulers (the scheduler is never run: disposal must cancel pending work)
    .init("delay") { p, s in p.ints.delay(.seconds(1), on: s).subscribe() },
    .init("throttle") { p, s in p.ints.throttle(.seconds(1), on: s).subscribe() },
    .init("timeout") { p, s in p.ints.timeout(.seconds(1), on: s).subscribe() },
    .init("buffer(withTime:)") { p, s in p.ints.buffer(withTime: .seconds(1), on: s).subscribe() },
    .init("deliver(on:)") { p, s in p.ints.deliver(on: s).subscribe() },
    // Sharing: autoconnect disconnects when its last subscriber goes (RAC's -autoconnect).
    .init("publish().autoconnect()") { p, _ in p.ints.publish().autoconnect().subscribe() },
  ]
}

@Suite("Disposal through every operator", .checksLiveSubscriptions)
struct OperatorDisposalTests {
  @Test(
    "disposing an operator's subscription disposes every upstream and inner subscription",
    arguments: OperatorCase.all)
  func disposalReachesEverySource(_ operatorCase: OperatorCase) {
    let probe = SubscriptionProbe()
    let scheduler = TestScheduler()
    let subscription = operatorCase.subscribe(probe, scheduler)
    #expect(probe.subscribed.count > 0, "\(operatorCase.name) never subscribed to its inputs")
    #expect(probe.live > 0)
    subscription.dispose()
    #expect(probe.live == 0, "\(operatorCase.name) left \(probe.live) subscription(s) open")
    // Nothing scheduled by the operator runs after disposal either.
    scheduler.run()
    #expect(probe.live == 0)
  }
}
