/// The values of one group of `groupBy`: a hot signal carrying its ``key`` (RAC's
/// `RACGroupedSignal`). `groupBy` sends the group's events into a ``Subject`` the signal keeps,
/// and the signal's subscribe function subscribes to it, as a subject's own does.
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
