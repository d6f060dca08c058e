import Observation

/// The signal behind `model.observed[\.title].signal`: the key path's value now, then after each
/// change Observation reports, read on `isolation` (without one, on a serial queue of its own);
/// it completes when the model is deinitialized. The model is held weakly.
///
/// It ends without waiting for a change: the change handler of the last read is registered with
/// the model's Observation registrar, which lets go of it when the model is deinitialized; the
/// handler holds the subscription's ``ObservationWatch``, whose deinitializer asks for the end. A
/// property Observation does not track (a `let`, an `@ObservationIgnored` property) registers
/// nothing: it sends its value and then completes if `completesUntracked`, else sends nothing
/// more.
func keyPathObservation<Model: AnyObject, Value>(
  of model: Model, at keyPath: KeyPath<Model, Value>, isolation: (any Actor)?,
  completesUntracked: Bool = true
) -> Signal<Value, Never> {
  let source = ObservedKeyPathSource(
    model: model, keyPath: keyPath, isolation: isolation, completesUntracked: completesUntracked)
  return Signal(name: .source("+observed")) { _, sink, scope in
    KeyPathObservationTracker(source: source, sink: sink, scope: scope).start()
  }
}

/// What a key-path observation reads, and where.
///
/// Lock discipline: immutable. The model is read only on `target`, one read at a time per
/// subscription; the key path is only applied there.
final class ObservedKeyPathSource<Model: AnyObject, Value> {
  let model: WeakReference<Model>
  let keyPath: KeyPath<Model, Value>
  let target: HopTarget
  /// Whether the end of the watch completes the signal while the model lives (see
  /// ``keyPathObservation(of:at:isolation:completesUntracked:)``).
  let completesUntracked: Bool

  init(
    model: Model, keyPath: KeyPath<Model, Value>, isolation: (any Actor)?,
    completesUntracked: Bool
  ) {
    self.model = WeakReference(model)
    self.keyPath = keyPath
    self.completesUntracked = completesUntracked
    self.target =
      isolation.map(HopTarget.init(actor:))
      ?? .scheduler(QueueScheduler(name: "RACSwift.observed"))
  }
}

/// What the hop of a key-path observation carries: a read (first, or after a change), or the
/// news that nothing can request a read any more.
enum KeyPathObservationStep {
  case read(ObservationWatch)
  case ended
}

/// One subscription to a key-path observation.
final class KeyPathObservationTracker<Model: AnyObject, Value> {
  // Lock discipline: immutable. `step(_:)` runs only through the hop, one step at a time.
  let source: ObservedKeyPathSource<Model, Value>
  let sink: (inout Event<Value, Never>) -> Void
  let scope: SubscriptionScope

  init(
    source: ObservedKeyPathSource<Model, Value>,
    sink: @escaping (inout Event<Value, Never>) -> Void, scope: SubscriptionScope
  ) {
    self.source = source
    self.sink = sink
    self.scope = scope
  }

  /// Reads now if the caller runs on the target, else as soon as it can there.
  ///
  /// The hop holds this tracker; the watch holds the hop until disposal cuts it. The watch is
  /// held by whatever can still ask for a read: the change handler registered with the model, or
  /// a read waiting in the hop.
  func start() {
    let hop = Hop<KeyPathObservationStep>(to: source.target, scope: scope) { self.step($0) }
    let watch = ObservationWatch(hop: hop)
    // Weak: the scope must not keep the watch alive (it would never end).
    scope.add(AnyDisposable { [weak watch] in watch?.cut() })
    hop.receive(.read(watch))
  }

  /// Runs through the hop, on the target.
  private func step(_ step: KeyPathObservationStep) {
    guard !scope.isDisposed else { return }
    switch step {
    case .read(let watch):
      guard let model = source.model.object else { return emit(.completed, to: sink) }
      let keyPath = source.keyPath
      let value = withObservationTracking {
        model[keyPath: keyPath]
      } onChange: {
        // Called before the change is stored: read once it is, never inline.
        watch.requestRead()
      }
      emit(.next(value), to: sink)
    case .ended:
      // The model is gone, or the property is not tracked.
      if source.model.object != nil && !source.completesUntracked { return }
      emit(.completed, to: sink)
    }
  }
}

/// Held by whatever can still request a read of a key-path observation; when nothing holds it
/// any more — the model that registered its change handler was deinitialized, or the property is
/// not tracked — it asks the hop to end the signal.
final class ObservationWatch: Sendable {
  /// The subscription's hop; `nil` once the subscription is over.
  private let hop: LockedState<Hop<KeyPathObservationStep>?>

  init(hop: Hop<KeyPathObservationStep>) { self.hop = LockedState(hop) }

  /// Asks the hop to read again, unless the subscription is over; never inline.
  func requestRead() {
    hop.withLock { $0 }?.receive(.read(self), inlineAllowed: false)
  }

  /// Lets go of the hop: the subscription is over.
  func cut() { hop.withLock { $0 = nil } }

  deinit {
    // Nothing can request a read any more. Inline when this runs on the target with nothing
    // queued — the model released on its actor: the signal completes before the release
    // returns, as an ``Observed`` property's does; elsewhere, on the target after what is queued.
    hop.withLock { $0 }?.receive(.ended)
  }
}

/// For a binding made on an actor into a key path of an `@Observable` object: a signal that
/// completes, without values, when the object is deinitialized — so that the binding ends then,
/// as one into an ``Observed`` property does, instead of at its source's next value. `nil` for
/// any other object, or a binding made outside any actor (where nothing says which thread may
/// read the object).
func observationEnd<Object: AnyObject, Value>(
  of object: Object, for target: BindingTarget<Object, Value>
) -> Signal<Value, Never>? {
  guard object is any Observable, let isolation = target.isolation else { return nil }
  return keyPathObservation(
    of: object, at: target.keyPath, isolation: isolation, completesUntracked: false
  ).ignoreValues()
}
