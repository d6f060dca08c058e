/// A recorded cold source: each subscription replays `events` at their offsets (milliseconds)
/// from its own subscribe time. Offsets never decrease; events at offset 0 are sent
/// synchronously while subscribing (as `Signal.just` does), the others each by its own
/// scheduler action, at strictly increasing offsets.
///
/// A hot source (`isHot`) is a `Subject` driven at absolute times (`offset` is then the time
/// since the top-level subscription, at least 1): a subscriber sees only what is sent after it
/// subscribed, or at once the terminal event sent before (subjects remember it).
struct ColdTimeline: CustomStringConvertible {
  var events: [(offset: Int, kind: Kind)]
  var isHot = false

  var description: String {
    (isHot ? "hot " : "")
      + "[" + events.map { "\($0.offset):\($0.kind)" }.joined(separator: " ") + "]"
  }
}

/// A value transform of `map` (and of the values the chain combines): total on non-negative
/// values, result in `0..<1000`.
enum MapFunction: CustomStringConvertible {
  case add(Int)
  case multiply(Int)
  case half

  func callAsFunction(_ value: Int) -> Int {
    switch self {
    case .add(let amount): (value + amount) % 1000
    case .multiply(let factor): (value * factor) % 1000
    case .half: (value / 2) % 1000
    }
  }

  var description: String {
    switch self {
    case .add(let amount): "{ $0 + \(amount) }"
    case .multiply(let factor): "{ $0 * \(factor) }"
    case .half: "{ $0 / 2 }"
    }
  }
}

/// A predicate of `filter` and `take(while:)`.
enum Predicate: CustomStringConvertible {
  case even
  case below(Int)
  case notMultiple(of: Int)

  func callAsFunction(_ value: Int) -> Bool {
    switch self {
    case .even: value % 2 == 0
    case .below(let limit): value < limit
    case .notMultiple(let divisor): value % divisor != 0
    }
  }

  var description: String {
    switch self {
    case .even: "{ $0 % 2 == 0 }"
    case .below(let limit): "{ $0 < \(limit) }"
    case .notMultiple(let divisor): "{ $0 % \(divisor) != 0 }"
    }
  }
}

/// How `shared` shares its input with a late subscriber.
enum ShareKind: String {
  /// `publish()`, connected at subscribe time.
  case publish
  /// `replay()` (connects when made, at subscribe time).
  case replay
  /// `replayLast()`.
  case replayLast
  /// `replayLazily()`, with an early subscriber at subscribe time that connects it.
  case replayLazily
}

/// A chain of operators over recorded sources: what the generator makes, the model evaluates
/// and the library runner builds with RACSwift. Every signal sends `Int` values and fails with
/// an error code; operators whose output has another type are followed by a fixed encoding back
/// to `Int` (written next to each case), the same on both sides.
indirect enum Chain: CustomStringConvertible {
  /// The recorded cold source `leaves[index]`.
  case source(Int)
  case map(MapFunction, Chain)
  case filter(Predicate, Chain)
  /// `scan(initial) { ($0 + $1) % 1000 }`.
  case scan(Int, Chain)
  case take(Int, Chain)
  case skip(Int, Chain)
  case takeWhile(Predicate, Chain)
  case distinctUntilChanged(Chain)
  case startWith(Int, Chain)
  /// `a.concat(b)`.
  case concat(Chain, Chain)
  /// `a.merge(b)`.
  case merge(Chain, Chain)
  /// `Signal.merge(triggers: a, b.map { "\($0)" }).mapReplace(0)`: triggers of two value types.
  case mergeTriggers(Chain, Chain)
  /// `a.merge(b.asOptional()).map { $0 ?? -1 }`: a signal of `Int` with one of `Int?`.
  case mergeOptional(Chain, Chain)
  /// `flattenMap { inners[$0 % inners.count] }`.
  case flattenMap(Chain)
  /// `map { inners[…] }.switchToLatest()`.
  case switchToLatest(Chain)
  /// `map { inners[…] }.concat()` (the signal-of-signals `concat`).
  case concatInner(Chain)
  /// `flattenMapFirst { inners[…] }`.
  case flattenMapFirst(Chain)
  /// `a.combineLatest(with: b).map { ($0 * 1000 + $1) % 1_000_000 }`.
  case combineLatest(Chain, Chain)
  /// `a.zip(with: b).map { ($0 * 1000 + $1) % 1_000_000 }`.
  case zip(Chain, Chain)
  /// `a.take(until: trigger)`.
  case takeUntil(Chain, trigger: Chain)
  /// `a.sample(sampler)`.
  case sample(Chain, sampler: Chain)
  /// `a.withLatest(from: other).map { ($0 * 1000 + $1) % 1_000_000 }`.
  case withLatest(Chain, other: Chain)
  /// `catch { inners[$0.code % inners.count] }`.
  case catchError(Chain)
  /// `retry(n)`, or `retry()` (forever) when `nil`.
  case retry(Int?, Chain)
  /// `materialize()` encoded: `next(v)` → v, `completed` → -1, `error(c)` → -2 - c.
  case materialize(Chain)
  /// `a.then { b }`.
  case then(Chain, Chain)
  case delay(Int, Chain)
  case throttle(Int, Chain)
  /// `buffer(withTime:)` encoded by ``encodeBatch(_:)``.
  case buffer(Int, Chain)
  /// `timeout(_:on:orFail: ModelError(code: 9))`.
  case timeout(Int, Chain)
  case takeLast(Int, Chain)
  case skipWhile(Predicate, Chain)
  /// `combinePrevious(start) { pair($0, $1) }`.
  case combinePrevious(Int, Chain)
  /// `collect()` encoded by ``encodeBatch(_:)``.
  case collect(Chain)
  case ignoreValues(Chain)
  /// `repeat()`.
  case repeatForever(Chain)
  /// `a.take(untilReplacement: replacement)`.
  case takeUntilReplacement(Chain, replacement: Chain)
  /// `deliver(on: scheduler)`.
  case deliverOn(Chain)
  /// `subscribe(on: scheduler)`.
  case subscribeOn(Chain)
  /// The input shared (``ShareKind``) and subscribed by a late subscriber `lag` after the
  /// subscription; the chain's output is what that late subscriber sees.
  case shared(ShareKind, lag: Int, Chain)

  var description: String {
    switch self {
    case .source(let index): "s\(index)"
    case .map(let f, let c): "\(c).map\(f)"
    case .filter(let p, let c): "\(c).filter\(p)"
    case .scan(let initial, let c): "\(c).scan(\(initial), +)"
    case .take(let n, let c): "\(c).take(\(n))"
    case .skip(let n, let c): "\(c).skip(\(n))"
    case .takeWhile(let p, let c): "\(c).take(while: \(p))"
    case .distinctUntilChanged(let c): "\(c).distinctUntilChanged()"
    case .startWith(let v, let c): "\(c).startWith(\(v))"
    case .concat(let a, let b): "\(a).concat(\(b))"
    case .merge(let a, let b): "\(a).merge(\(b))"
    case .mergeTriggers(let a, let b): "Signal.merge(triggers: \(a), \(b))"
    case .mergeOptional(let a, let b): "\(a).merge(\(b).asOptional())"
    case .flattenMap(let c): "\(c).flattenMap(inner)"
    case .switchToLatest(let c): "\(c).map(inner).switchToLatest()"
    case .concatInner(let c): "\(c).map(inner).concat()"
    case .flattenMapFirst(let c): "\(c).flattenMapFirst(inner)"
    case .combineLatest(let a, let b): "\(a).combineLatest(with: \(b))"
    case .zip(let a, let b): "\(a).zip(with: \(b))"
    case .takeUntil(let a, let t): "\(a).take(until: \(t))"
    case .sample(let a, let s): "\(a).sample(\(s))"
    case .withLatest(let a, let o): "\(a).withLatest(from: \(o))"
    case .catchError(let c): "\(c).catch(inner)"
    case .retry(let n, let c): "\(c).retry(\(n.map(String.init) ?? ""))"
    case .materialize(let c): "\(c).materialize()"
    case .then(let a, let b): "\(a).then { \(b) }"
    case .delay(let d, let c): "\(c).delay(\(d))"
    case .throttle(let d, let c): "\(c).throttle(\(d))"
    case .buffer(let d, let c): "\(c).buffer(withTime: \(d))"
    case .timeout(let d, let c): "\(c).timeout(\(d))"
    case .shared(let kind, let lag, let c): "\(c).\(kind.rawValue)(late: \(lag))"
    case .takeLast(let n, let c): "\(c).takeLast(\(n))"
    case .skipWhile(let p, let c): "\(c).skip(while: \(p))"
    case .combinePrevious(let start, let c): "\(c).combinePrevious(\(start))"
    case .collect(let c): "\(c).collect()"
    case .ignoreValues(let c): "\(c).ignoreValues()"
    case .repeatForever(let c): "\(c).repeat()"
    case .takeUntilReplacement(let a, let r): "\(a).take(untilReplacement: \(r))"
    case .deliverOn(let c): "\(c).deliver(on: scheduler)"
    case .subscribeOn(let c): "\(c).subscribe(on: scheduler)"
    }
  }
}

/// The `Int` a `buffer(withTime:)` batch is encoded as (order-sensitive, non-negative).
func encodeBatch(_ values: [Int]) -> Int {
  values.reduce(values.count) { ($0 * 31 + $1) % 1_000_003 }
}

/// The code of the error `timeout` fails with.
let timeoutCode = 9
