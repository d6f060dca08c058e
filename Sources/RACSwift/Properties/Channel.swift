/// A two-way link with two ends (RAC's `RACChannel`): values sent into one terminal go to the
/// subscribers of the other, never back to the sender's side.
///
/// Subscribers of the ``followingTerminal`` get the latest value sent into the
/// ``leadingTerminal`` at once, then later ones; subscribers of the leading terminal get only
/// values sent into the following terminal from then on. An error or completion sent into either
/// terminal reaches the subscribers of both, and is replayed to later ones.
///
/// ```swift
/// let channel = Channel<String, Never>()
/// channel.leadingTerminal.sendNext("from the model")
/// channel.followingTerminal.subscribe(next: { print($0) })  // from the model
/// ```
public final class Channel<Value, Failure: Error>: Sendable {
  /// The end the model side usually holds.
  public let leadingTerminal: ChannelTerminal<Value, Failure>
  /// The end the view side usually holds.
  public let followingTerminal: ChannelTerminal<Value, Failure>

  /// A new channel.
  public init() {
    let toLeading = ReplaySubject<Value, Failure>(capacity: 0)
    let toFollowing = ReplaySubject<Value, Failure>(capacity: 1)
    leadingTerminal = ChannelTerminal(receiving: toLeading, sendingTo: toFollowing)
    followingTerminal = ChannelTerminal(receiving: toFollowing, sendingTo: toLeading)
  }
}

/// One end of a ``Channel``: a signal of what the other end sends, and a subscriber sending to
/// the other end.
public final class ChannelTerminal<Value, Failure: Error>: Signal<Value, Failure>,
  SubscriberProtocol, @unchecked Sendable
{
  // Lock discipline: immutable; the subjects are thread-safe.
  let incoming: ReplaySubject<Value, Failure>
  let outgoing: ReplaySubject<Value, Failure>

  init(
    receiving incoming: ReplaySubject<Value, Failure>,
    sendingTo outgoing: ReplaySubject<Value, Failure>
  ) {
    self.incoming = incoming
    self.outgoing = outgoing
    super.init(name: .source("+channelTerminal")) { _, sink, scope in
      incoming.subscribe(sink: sink, scope: scope)
    }
  }

  /// Sends `value` to the other terminal's subscribers.
  public func sendNext(_ value: Value) { outgoing.sendNext(value) }

  /// Sends `error` to the subscribers of both terminals.
  public func sendError(_ error: Failure) {
    outgoing.sendError(error)
    incoming.sendError(error)
  }

  /// Sends completion to the subscribers of both terminals.
  public func sendCompleted() {
    outgoing.sendCompleted()
    incoming.sendCompleted()
  }

  /// Whether the channel has terminated.
  public var isDisposed: Bool { outgoing.isDisposed }

  /// Keeps `disposable` (a subscription feeding this terminal) until the channel terminates.
  public func didSubscribe(with disposable: any Disposable) {
    outgoing.didSubscribe(with: disposable)
  }
}

infix operator <~> : BindingPrecedence

/// Keeps two properties equal (RAC's `RACChannelTo(a) = RACChannelTo(b)`): `left` takes
/// `right`'s value at once, then a change to either is copied to the other. A value equal to the
/// other side's is not copied, so there is no echo loop. Ends when either property goes away.
///
/// ```swift
/// viewModel.name <~> form.nameField
/// ```
@inlinable
@discardableResult
public func <~> <Value: Equatable>(left: MutableProperty<Value>, right: MutableProperty<Value>)
  -> any Disposable
{
  // Weak references of their own rather than `[weak left]`, whose box is checked for exclusive
  // access on every value (see ``WeakReference``).
  let weakLeft = WeakReference(left)
  let weakRight = WeakReference(right)
  let rightToLeft = right.signal.take(during: left.lifetime).subscribe(
    next: { value in
      if let left = weakLeft.object, left.value != value { left.value = value }
    }, isolation: nil)
  let leftToRight = left.changes.take(during: right.lifetime).subscribe(
    next: { value in
      if let right = weakRight.object, right.value != value { right.value = value }
    }, isolation: nil)
  return CompoundDisposable([rightToLeft, leftToRight])
}
