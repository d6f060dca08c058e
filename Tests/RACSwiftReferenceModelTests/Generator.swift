/// One case of the differential test: recorded sources, inner chains for higher-order
/// operators, the chain under test and when its subscriber disposes.
struct DifferentialCase: CustomStringConvertible {
  let seed: UInt64
  var leaves: [ColdTimeline] = []
  var inners: [Chain] = []
  var chain: Chain = .source(0)
  /// When the top-level subscriber disposes (milliseconds); events at this time are still seen.
  var disposal = 0

  var description: String {
    var lines = ["seed \(seed): \(chain)", "  disposed at \(disposal)"]
    for (index, leaf) in leaves.enumerated() { lines.append("  s\(index) = \(leaf)") }
    for (index, inner) in inners.enumerated() { lines.append("  inner[\(index)] = \(inner)") }
    return lines.joined(separator: "\n")
  }
}

/// The operators the generator may use; each batch adds some.
enum OperatorFamily: CaseIterable {
  case basic, sequential, combining, higherOrder, timing, sharing, scheduling
}

/// Makes random cases from a seed: chains of depth 1...6 over random timelines.
struct CaseGenerator {
  private var random: SplitMix64
  private var made: DifferentialCase
  private var families: Set<OperatorFamily>
  private var allowsHotSources = true

  init(seed: UInt64, families: Set<OperatorFamily> = Set(OperatorFamily.allCases)) {
    random = SplitMix64(seed: seed)
    made = DifferentialCase(seed: seed)
    self.families = families
  }

  /// The case of this generator's seed.
  static func makeCase(
    seed: UInt64, families: Set<OperatorFamily> = Set(OperatorFamily.allCases)
  ) -> DifferentialCase {
    var generator = CaseGenerator(seed: seed, families: families)
    // Inner chains use the basic operators only (no inner chains of their own) and cold
    // sources only: an inner chain may be subscribed several times at once, and a subject sends
    // to its subscribers in the order they subscribed, which the model does not track.
    generator.families = families.intersection([.basic])
    generator.allowsHotSources = false
    generator.made.inners = (0..<3).map { _ in generator.chain(depth: generator.random.int(0...1)) }
    generator.families = families
    generator.allowsHotSources = true
    generator.made.chain = generator.chain(depth: generator.random.int(1...6))
    generator.made.disposal =
      generator.random.chance(60) ? generator.random.int(1...3000) : 10_000
    return generator.made
  }

  /// A new recorded source, hot one time in five outside inner chains (each appears once in
  /// the chain, so it never has two subscribers at once): sometimes a few values sent while subscribing (maybe ending it
  /// there), then up to five values 1...500 ms apart, then maybe an error or completion.
  private mutating func leaf() -> Chain {
    var events: [(offset: Int, kind: Kind)] = []
    let isHot = allowsHotSources && random.chance(20)
    if !isHot, random.chance(30) {
      for _ in 0..<random.int(0...2) { events.append((0, .next(random.int(0...19)))) }
      if random.chance(40) {
        events.append((0, random.chance(50) ? .completed : .error(random.int(0...3))))
        made.leaves.append(ColdTimeline(events: events))
        return .source(made.leaves.count - 1)
      }
    }
    var offset = 0
    for _ in 0..<random.int(0...5) {
      offset += random.int(1...500)
      events.append((offset, .next(random.int(0...19))))
    }
    let ending = random.int(0...99)
    if ending < 50 {
      offset += random.int(1...500)
      events.append((offset, .completed))
    } else if ending < 75 {
      offset += random.int(1...500)
      events.append((offset, .error(random.int(0...3))))
    }
    made.leaves.append(ColdTimeline(events: events, isHot: isHot))
    return .source(made.leaves.count - 1)
  }

  private mutating func interval() -> Int { random.int(1...800) }

  private mutating func mapFunction() -> MapFunction {
    switch random.int(0...2) {
    case 0: .add(random.int(1...9))
    case 1: .multiply(random.int(2...3))
    default: .half
    }
  }

  private mutating func predicate() -> Predicate {
    switch random.int(0...2) {
    case 0: .even
    case 1: .below(random.int(3...15))
    default: .notMultiple(of: random.int(3...5))
    }
  }

  /// A chain `depth` operators deep on its longest path.
  private mutating func chain(depth: Int) -> Chain {
    guard depth > 0 else { return leaf() }
    var makers: [(inout CaseGenerator) -> Chain] = []
    let below = depth - 1
    if families.contains(.basic) {
      makers += [
        { .map($0.mapFunction(), $0.chain(depth: below)) },
        { .filter($0.predicate(), $0.chain(depth: below)) },
        { .scan($0.random.int(0...9), $0.chain(depth: below)) },
        { .take($0.random.int(0...4), $0.chain(depth: below)) },
        { .skip($0.random.int(0...3), $0.chain(depth: below)) },
        { .takeWhile($0.predicate(), $0.chain(depth: below)) },
        { .distinctUntilChanged($0.chain(depth: below)) },
        { .startWith($0.random.int(0...19), $0.chain(depth: below)) },
        { .materialize($0.chain(depth: below)) },
        { .takeLast($0.random.int(0...3), $0.chain(depth: below)) },
        { .skipWhile($0.predicate(), $0.chain(depth: below)) },
        { .combinePrevious($0.random.int(0...19), $0.chain(depth: below)) },
        { .collect($0.chain(depth: below)) },
        { .ignoreValues($0.chain(depth: below)) },
      ]
    }
    if families.contains(.sequential) {
      makers += [
        { .concat($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .then($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .catchError($0.chain(depth: below)) },
        { .retry($0.random.chance(25) ? nil : $0.random.int(0...3), $0.chain(depth: below)) },
        { .repeatForever($0.chain(depth: below)) },
      ]
    }
    if families.contains(.combining) {
      makers += [
        { .merge($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .mergeTriggers($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .mergeOptional($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .combineLatest($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .zip($0.chain(depth: below), $0.chain(depth: $0.random.int(0...below))) },
        { .takeUntil($0.chain(depth: below), trigger: $0.chain(depth: $0.random.int(0...below))) },
        { .sample($0.chain(depth: below), sampler: $0.chain(depth: $0.random.int(0...below))) },
        { .withLatest($0.chain(depth: below), other: $0.chain(depth: $0.random.int(0...below))) },
        {
          .takeUntilReplacement(
            $0.chain(depth: below), replacement: $0.chain(depth: $0.random.int(0...below)))
        },
      ]
    }
    if families.contains(.higherOrder) {
      makers += [
        { .flattenMap($0.chain(depth: below)) },
        { .switchToLatest($0.chain(depth: below)) },
        { .concatInner($0.chain(depth: below)) },
        { .flattenMapFirst($0.chain(depth: below)) },
      ]
    }
    if families.contains(.timing) {
      makers += [
        { .delay($0.interval(), $0.chain(depth: below)) },
        { .throttle($0.interval(), $0.chain(depth: below)) },
        { .buffer($0.interval(), $0.chain(depth: below)) },
        { .timeout($0.random.int(1...2500), $0.chain(depth: below)) },
      ]
    }
    if families.contains(.sharing) {
      makers += [
        {
          .shared(
            $0.random.pick([.publish, .replay, .replayLast, .replayLazily]),
            lag: $0.random.int(1...1500), $0.chain(depth: below))
        }
      ]
    }
    if families.contains(.scheduling) {
      makers += [
        { .deliverOn($0.chain(depth: below)) },
        { .subscribeOn($0.chain(depth: below)) },
      ]
    }
    let maker = makers[random.int(0...(makers.count - 1))]
    return maker(&self)
  }
}
