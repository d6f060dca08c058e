/// Constant-stack `map` chains of any length (DESIGN §3.7).
///
/// Up to ``mapFusionDepth`` maps in a row are ordinary specialized stages. A `map` on a chain
/// that deep is fused instead: it becomes a link in a ``DeepMapLink`` list, and subscribing to
/// the end of the list subscribes once to the signal under all the maps and applies every
/// transform in a loop, on values boxed as `Any`. So a chain of 10,000 maps subscribes, delivers
/// and deallocates without recursion, at the cost of boxing — only chains that deep pay it.

/// How many maps in a row stay ordinary stages before further maps are fused.
@usableFromInline
let mapFusionDepth = 64

/// One transform of a fused chain, on boxed values.
@usableFromInline
typealias MapStage = (Any) -> Any

/// A signal made by `map`: its input, its transform, and how many maps end at it.
///
/// It can also filter: `filter` on a map that nobody else references yet (`just(x).map(f)
/// .filter(p)`, `subject.map(f).filter(p)`, built in one expression) stores its predicate here
/// instead of making a signal of its own — one allocation less per chain and, for a signal that
/// delivers over time, one stage less per event.
///
/// Lock discipline: `predicate` and `isFiltered` are written only by ``fuseFilter(_:)``, which
/// `filter` calls while its thread holds the only reference to the signal — before anyone else
/// can read them. Everything else is immutable.
@usableFromInline
final class MapSignal<Input, Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
  @usableFromInline let input: InputReference<Input, Failure>
  @usableFromInline let function: (Input) -> Value
  @usableFromInline let depth: Int
  /// The input signal, kept alive by `input` (read without a reference count).
  @usableFromInline unowned(unsafe) let source: Signal<Input, Failure>
  /// The fused filter's predicate when `isFiltered`, else one that passes everything. Not an
  /// optional: a function stored in an optional would be wrapped in a reabstraction thunk (an
  /// allocation). Set in the inlinable initializers rather than by a default value, which an
  /// unspecialized function would build, with a closure context (an allocation per signal).
  @usableFromInline @exclusivity(unchecked) var predicate: (Value) -> Bool
  /// Whether a `filter` was fused into this signal.
  @usableFromInline @exclusivity(unchecked) var isFiltered = false

  @inlinable
  init(
    name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Value, depth: Int,
    subscribe: @escaping SubscribeFunction
  ) {
    self.input = InputReference(source)
    self.source = source
    self.function = function
    self.depth = depth
    self.predicate = { _ in true }
    super.init(name: name, releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// A synchronous signal (see ``Signal/isSynchronous``).
  @inlinable
  init(
    synchronous name: SignalNameNode, source: Signal<Input, Failure>,
    function: @escaping (Input) -> Value, depth: Int,
    subscribe: @escaping SynchronousPath<Value, Failure>.Function
  ) {
    self.input = InputReference(source)
    self.source = source
    self.function = function
    self.depth = depth
    self.predicate = { _ in true }
    super.init(
      synchronous: name, depth: source.synchronousDepth &+ 1,
      releaseDepth: source.releaseDepth &+ 1, subscribe: subscribe)
  }

  /// `signal`, which must be a `MapSignal` of this type.
  @inlinable @inline(__always)
  static func cast(_ signal: Signal<Value, Failure>) -> MapSignal {
    unsafeDowncast(signal, to: MapSignal.self)
  }

  @usableFromInline
  override func mapChainDepth() -> Int { isFiltered ? 0 : depth }

  @usableFromInline
  override func currentNameNode() -> SignalNameNode {
    if isFiltered, case .applied(nil, let op, _) = nameNode {
      return .applied(nil, op, .then("filter:"))
    }
    return nameNode
  }

  @usableFromInline
  override func fuseFilter(_ isIncluded: @escaping (Value) -> Bool) -> Bool {
    // Both subscribe functions of `map` apply the predicate (the caller checks that the signal
    // has no name of its own and that it holds the only reference).
    if isFiltered { return false }
    predicate = isIncluded
    isFiltered = true
    return true
  }

  @usableFromInline
  override func nameInput() -> AnyObject? { source }

  @usableFromInline
  override func releaseInputs() { input.release(at: releaseDepth) }

  @usableFromInline
  override func collectMapStages(_ stages: inout [MapStage]) -> Signal<Any, Failure> {
    // A map with a fused filter is not a plain transform: it is the root of the chain above.
    if isFiltered { return super.collectMapStages(&stages) }
    // Recursion bounded by `mapFusionDepth`: deeper chains are fused links.
    let root = source.collectMapStages(&stages)
    let function = self.function
    stages.append { function($0 as! Input) }
    return root
  }
}

/// A link of a fused `map` chain. The first link remembers how to collect the ordinary maps
/// under it; later links only point at the previous one.
@usableFromInline
final class DeepMapLink<Failure: Error>: @unchecked Sendable {
  // Lock discipline: immutable after `init` except `previous`, which only `deinit` touches.
  private var previous: DeepMapLink?
  private let base: ((inout [MapStage]) -> Signal<Any, Failure>)?
  private let stage: MapStage
  /// The signal the fused chain starts from (for names), and how many links there are.
  let nameRoot: AnyObject
  let count: Int

  init(previous: DeepMapLink, stage: @escaping MapStage) {
    self.previous = previous
    self.base = nil
    self.stage = stage
    self.nameRoot = previous.nameRoot
    self.count = previous.count + 1
  }

  init<Value>(first source: Signal<Value, Failure>, stage: @escaping MapStage) {
    self.previous = nil
    self.base = { stages in source.collectMapStages(&stages) }
    self.stage = stage
    self.nameRoot = source
    self.count = 1
  }

  /// The signal under every map of the chain, and the transforms to apply, root first.
  func collect() -> (root: Signal<Any, Failure>, stages: [MapStage]) {
    var links: [DeepMapLink] = []
    var current: DeepMapLink? = self
    while let link = current {
      links.append(link)
      current = link.previous
    }
    var stages: [MapStage] = []
    let root = links[links.count - 1].base!(&stages)
    for link in links.reversed() { stages.append(link.stage) }
    return (root, stages)
  }

  deinit {
    // Release a long list iteratively instead of by one nested deinit per link.
    // Check uniqueness before binding the link (a binding is a second reference).
    var next = previous
    previous = nil
    while isKnownUniquelyReferenced(&next) {
      let link = next!
      next = link.previous
      link.previous = nil
    }
  }
}

/// The end of a fused `map` chain.
@usableFromInline
final class DeepMapSignal<Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
  let link: DeepMapLink<Failure>

  init(link: DeepMapLink<Failure>) {
    self.link = link
    super.init(name: .applied(link.nameRoot, "map:", .repeated(link.count))) {
      signal, sink, scope in
      let (root, stages) = unsafeDowncast(signal, to: DeepMapSignal.self).link.collect()
      root.subscribe(
        sink: { event in
          switch event {
          case .next(let value):
            var boxed = value
            for stage in stages { boxed = stage(boxed) }
            sink(.next(boxed as! Value))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, scope: scope)
    }
  }

  @usableFromInline
  override func mapChainDepth() -> Int { Int.max }

  @usableFromInline
  override func deepMapLink() -> DeepMapLink<Failure>? { link }

  @usableFromInline
  override func collectMapStages(_ stages: inout [MapStage]) -> Signal<Any, Failure> {
    let (root, own) = link.collect()
    stages.append(contentsOf: own)
    return root
  }
}

extension Signal {
  /// `map` on a chain already ``mapFusionDepth`` maps deep: adds a fused link.
  @usableFromInline
  func deepMap<T>(_ transform: @escaping (Value) -> T) -> Signal<T, Failure> {
    let stage: MapStage = { transform($0 as! Value) }
    if let previous = deepMapLink() {
      return DeepMapSignal<T, Failure>(link: DeepMapLink(previous: previous, stage: stage))
    }
    return DeepMapSignal<T, Failure>(link: DeepMapLink(first: self, stage: stage))
  }
}
