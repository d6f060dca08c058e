/// A parameter and where to send, in one object, which a closure captures alone (stages built on
/// the stage template keep theirs in a ``StageRun``).
///
/// A closure that captures one object has that object as its context: each call hands it over
/// as is. A closure that captures several values gets a context box instead, and each call
/// unpacks every value from it before the stage's body runs (a map with a joined filter: six
/// words, 14 instructions per event). The object is the one allocation the box would have been.
///
/// A ``Subscriber`` keeps what it sends into in one too, without a parameter, so that it can
/// call the sink without a reference count per event and still let go of it when disposed.
///
/// ```swift
/// let target = StageContext(parameter: (), sink: sink)
/// source.subscribe(sink: { target.sink(&$0) }, scope: scope)
/// ```
///
/// Lock discipline: immutable.
@usableFromInline
final class StageContext<Parameter, Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let parameter: Parameter
  @usableFromInline let sink: Signal<Value, Failure>.Sink

  @inlinable
  init(parameter: Parameter, sink: @escaping Signal<Value, Failure>.Sink) {
    self.parameter = parameter
    self.sink = sink
  }
}
