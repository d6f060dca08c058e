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
    isolated(to: isolation).appending(
      subscribing: GroupByStage(key: key, transform: transform), name: .input("groupBy:"))
  }
}

/// The subscribing stage of `groupBy`: sends a ``GroupedSignal`` the first time a key is seen and
/// each value, transformed, into its group; a terminal event reaches every group, in the order
/// they were created, then the result.
struct GroupByStage<Input, Key: Hashable, T, Failure: Error>: SubscribingStage {
  typealias InputFailure = Failure
  typealias Value = GroupedSignal<Key, T, Failure>
  let key: (Input) -> Key
  let transform: (Input) -> T

  func subscribe(
    _ input: StageInput<Self>, sink: @escaping Signal<GroupedSignal<Key, T, Failure>, Failure>.Sink,
    scope: SubscriptionScope
  ) {
    let key = self.key
    let transform = self.transform
    let groups = FoldState<[Key: GroupedSignal<Key, T, Failure>]>(accumulator: [:])
    let order = FoldState<[GroupedSignal<Key, T, Failure>]>(accumulator: [])
    input.subscribe(
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
