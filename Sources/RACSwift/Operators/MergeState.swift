import Synchronization

/// The state of one subscription to a merging operator (`flattenMap`, `bind`, `merge`,
/// `flatten`): serializes the events of the source and of every inner signal into one sink
/// (its ``SerializedSink`` base, ``SerializedSink/send(_:)``), and completes when the source and
/// every inner signal have completed.
///
/// Lock discipline: delivery follows ``SerializedSink``'s; `active` is atomic. Each inner
/// subscription lives in its own child scope, removed from the parent scope when it completes —
/// except a synchronous inner signal (``Signal/isSynchronous``), which finishes inside
/// `subscribeInner` in the merge's scope.
@usableFromInline
final class MergeState<Value, Failure: Error>: SerializedEventSink<Value, Failure>,
  @unchecked Sendable
{
  /// The source plus the inner signals that have not completed.
  @usableFromInline let active = Atomic<Int>(1)

  /// Subscribes `inner` in a child scope and forwards its values and error. Called only while
  /// the source is delivering (before ``sourceFinished()``).
  @inlinable
  func subscribeInner(_ inner: Signal<Value, Failure>) {
    if scope.isDisposed { return }
    if let path = inner.synchronousPath {
      // It delivers everything before this returns and only reads its scope's disposed flag, so
      // it runs in the merge's own scope: no child scope, nothing added to or removed from the
      // parent. Nor is it counted in `active`: the source, which is delivering, holds a count
      // until `sourceFinished()`, so the merge cannot complete while this inner runs.
      inner.subscribe(
        path,
        stage: { event in
          if case .completed = event { return }
          send(event)
        }, scope: SynchronousScope(scope))
      return
    }
    active.wrappingAdd(1, ordering: .relaxed)
    let child = MergeInnerScope(state: self)
    scope.add(child)
    // The sink captures only the child (which knows the state): a closure with one class
    // reference needs no context allocation — one allocation less per inner signal.
    inner.subscribe(
      sink: { [child] event in
        // The child holds the state while it delivers: no reference count per event.
        child.stateReference.withObject { state in
          switch event {
          case .next, .error:
            state.send(event)
          case .completed:
            state.scope.endChild(child)
            state.finishOne()
          }
        }
      }, scope: child)
  }

  /// The source completed (or stopped).
  @inlinable
  func sourceFinished() { finishOne() }

  @inlinable
  func finishOne() {
    if active.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
      send(.completed)
    }
  }
}

/// The scope of one inner subscription of a merge, holding the merge's state so that the inner
/// sink can reach it through its scope alone.
///
/// The state holds the scope it delivers into, which for a merge of a merge (`s.merge(t)` built
/// in a loop) is the inner scope of the merge below: the state is held through a
/// ``ChainReference``, let go of from `deinit`, so that releasing a 100,000-deep chain of them
/// once its subscription has ended takes bounded stack.
@usableFromInline
final class MergeInnerScope<Value, Failure: Error>: SubscriptionScope, @unchecked Sendable {
  // Lock discipline: `stateReference` is immutable (released once, by `deinit`); the scope's own
  // state follows SubscriptionScope's.
  /// The merge's state; the inner sink reaches it with `withObject`, without a reference count.
  @usableFromInline let stateReference: ChainReference<MergeState<Value, Failure>>

  @inlinable
  init(state: MergeState<Value, Failure>) {
    stateReference = ChainReference(state)
    super.init(chainedChildOf: state.scope)
  }

  deinit { stateReference.release(atLoopPoint: ChainDepth.isScopeLoopPoint(downstreamDepth)) }
}
