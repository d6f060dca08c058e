/// The values of one group of `groupBy`: a hot signal carrying its ``key`` (RAC's
/// `RACGroupedSignal`).
public final class GroupedSignal<Key, Value, Failure: Error>: Signal<Value, Failure>,
  @unchecked Sendable
{
  // Lock discipline: immutable; the subject is thread-safe.
  /// The key all values of this group share.
  public let key: Key
  let subject: Subject<Value, Failure>

  init(key: Key) {
    self.key = key
    subject = Subject<Value, Failure>()
    super.init(name: .source("+group")) { signal, sink, scope in
      unsafeDowncast(signal, to: GroupedSignal.self).subject.subscribe(sink: sink, scope: scope)
    }
  }
}

extension Signal {
  /// Sorts values into groups by `key`: sends a ``GroupedSignal`` the first time a key is seen,
  /// then sends each value into its group; completion or an error reaches every group, in the
  /// order they were created (RAC's `-groupBy:`).
  ///
  /// ```swift
  /// logLines.groupBy { $0.level }.subscribe(next: { group in … })
  /// ```
  public func groupBy<Key: Hashable>(
    _ key: @escaping (Value) -> Key, isolation: isolated (any Actor)? = #isolation
  ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
    groupBy(key, transform: { $0 }, isolation: isolation)
  }

  /// Like ``groupBy(_:isolation:)``, sending `transform(value)` into the groups (RAC's
  /// `-groupBy:transform:`).
  ///
  /// ```swift
  /// messages.groupBy(\.room, transform: \.text)  // groups of texts, keyed by room
  /// ```
  public func groupBy<Key: Hashable, T>(
    _ key: @escaping (Value) -> Key, transform: @escaping (Value) -> T,
    isolation: isolated (any Actor)? = #isolation
  ) -> Signal<GroupedSignal<Key, T, Failure>, Failure> {
    typealias Op = UnarySignal<
      Value, Failure, GroupedSignal<Key, T, Failure>, Failure, GroupByParameters<Value, Key, T>
    >
    return Op(
      name: .input("groupBy:"), source: isolated(to: isolation),
      parameter: GroupByParameters(key: key, transform: transform)
    ) { signal, sink, scope in
      let op = Op.cast(signal)
      let key = op.parameter.key
      let transform = op.parameter.transform
      let groups = FoldState<[Key: GroupedSignal<Key, T, Failure>]>(accumulator: [:])
      let order = FoldState<[GroupedSignal<Key, T, Failure>]>(accumulator: [])
      op.subscribeInput(
        sink: { event in
          switch event {
          case .next(let value):
            let groupKey = key(value)
            let group: GroupedSignal<Key, T, Failure>
            if let existing = groups.accumulator[groupKey] {
              group = existing
            } else {
              group = GroupedSignal(key: groupKey)
              groups.accumulator[groupKey] = group
              order.accumulator.append(group)
              emit(.next(group), to: sink)
            }
            group.subject.sendNext(transform(value))
          case .error(let error):
            for group in order.accumulator { group.subject.sendError(error) }
            emit(.error(error), to: sink)
          case .completed:
            for group in order.accumulator { group.subject.sendCompleted() }
            emit(.completed, to: sink)
          }
        }, scope: scope)
    }
  }
}

/// The parameters of `groupBy`, kept in a struct so the functions keep their declared shapes
/// (CONTRIBUTING, rule 3).
struct GroupByParameters<Value, Key, T> {
  let key: (Value) -> Key
  let transform: (Value) -> T
}
