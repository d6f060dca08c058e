import Synchronization

/// A thread-safe value whose changes you can observe as a signal (RAC's `RACObserve` on a
/// property, with the storage made explicit).
///
/// ``signal`` sends the current value to each new subscriber, then every change;
/// ``changes`` sends only the changes. ``modify(_:)`` updates the value atomically, and
/// observers receive values in exactly the order the updates were made, whatever threads made
/// them.
///
/// ```swift
/// let volume = MutableProperty(5)
/// volume.signal.subscribe(next: { print($0) })  // 5
/// volume.value = 7                              // 7
/// volume.modify { $0 += 1 }                     // 8
/// ```
public final class MutableProperty<Value>: @unchecked Sendable {
  // Lock discipline: `current` is read and written with `lock` held. A change is queued on the
  // delivery engine while `lock` is held (so deliveries keep the order of the changes) and
  // delivered after `lock` is released. `modifyingThread` is written only by the thread holding
  // `lock` for `modify`, and read only to recognise that thread (see `lockForAccess()`).
  @usableFromInline let lock = Lock()
  @usableFromInline var current: Value
  /// The thread running a `modify` body, or 0.
  @usableFromInline let modifyingThread = Atomic<UInt>(0)
  @usableFromInline let core: SubjectCore<Value, Never>
  /// What every set does before it is stored and sent; `nil` for a plain property.
  @usableFromInline let setPolicy: PropertySetPolicy<Value>?
  /// Where the last set through `@Observed` was made (see ``ObserverRecursionCheck``); read and
  /// written with `lock` held.
  @usableFromInline var observerRecursion = ObserverRecursionCheck()
  private let token: Lifetime.Token
  /// Ends when the property is deinitialized; bindings into the property end with it.
  public let lifetime: Lifetime

  /// A property holding `initial`.
  public init(_ initial: Value) {
    current = initial
    setPolicy = nil
    core = SubjectCore(policy: .latest, initial: initial)
    (lifetime, token) = Lifetime.make()
  }

  /// A property holding `normalize(initial)` whose every set — `value = …`, ``modify(_:)``, a
  /// binding — stores and sends `normalize` of the value set, as an Objective-C custom setter
  /// that cleaned its argument did for RAC.
  ///
  /// ```swift
  /// let username = MutableProperty("", normalizing: { $0.trimmingCharacters(in: .whitespaces) })
  /// username.value = "  joshaber "  // stores and sends "joshaber"
  /// ```
  public convenience init(
    _ initial: Value, normalizing normalize: @escaping @Sendable (Value) -> Value
  ) {
    self.init(initial, policy: PropertySetPolicy(normalize: normalize, isEqual: nil))
  }

  @usableFromInline
  init(_ initial: Value, policy: PropertySetPolicy<Value>) {
    let value = policy.normalize?(initial) ?? initial
    current = value
    setPolicy = policy
    core = SubjectCore(policy: .latest, initial: value)
    (lifetime, token) = Lifetime.make()
  }

  deinit { core.send(.completed) }

  /// The current value. Setting it notifies observers.
  ///
  /// Inlinable, as ``modify(_:)`` is: a set is specialized where it is written, not run as
  /// generic code in RACSwift (which looked up type metadata at run time ~26 times per set).
  @inlinable
  public var value: Value {
    get {
      lockForAccess()
      defer { lock.unlock() }
      return current
    }
    set { modify { $0 = newValue } }
  }

  /// Takes `lock`. When it is taken, checks first whether the calling thread is the one running
  /// a `modify` body — a read or a change from that body would wait for itself forever — and
  /// stops with a message saying so. The uncontended path is the plain lock.
  @inlinable
  func lockForAccess() {
    if lock.tryLock() { return }
    lockContended()
  }

  /// ``lockForAccess()`` when the lock is taken.
  @usableFromInline
  func lockContended() {
    // A thread sees its own stores: only the thread inside `modify` can read its own identity.
    if modifyingThread.load(ordering: .relaxed) == currentThreadIdentity() {
      fatalError(
        "MutableProperty: the body of modify(_:) read or changed the property it is modifying; "
          + "the property is locked while the body runs — use the inout value it is given")
    }
    lock.lock()
  }

  /// Updates the value atomically with `body` and notifies observers of the result; returns what
  /// `body` returns. `body` runs with the property locked: it must not touch this property —
  /// reading `value` or calling `modify` there stops the program with a message saying so.
  ///
  /// ```swift
  /// counter.modify { $0 += 1 }
  /// ```
  @inlinable
  @discardableResult
  public func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try update(throughObservedWrapper: false, body)
  }

  /// ``modify(_:)``; `throughObservedWrapper`: the set comes from an `@Observed` property's
  /// setter, which may be running inside that property's own `didSet` (see
  /// ``ObserverRecursionCheck``).
  @inlinable
  func update<R>(throughObservedWrapper: Bool, _ body: (inout Value) throws -> R) rethrows -> R {
    lockForAccess()
    if throughObservedWrapper { noteObservedSet() }
    if let setPolicy { return try update(applying: setPolicy, body) }
    let result = try run(body, on: &current)
    modifyingThread.store(0, ordering: .relaxed)
    publishAndUnlock(current)
    return result
  }

  /// ``update(throughObservedWrapper:_:)`` with `lock` held, for a property with a set policy:
  /// the result is normalized, and not stored or sent if the policy finds it equal to the value
  /// before.
  @inlinable
  func update<R>(applying policy: PropertySetPolicy<Value>, _ body: (inout Value) throws -> R)
    rethrows -> R
  {
    var value = current
    let result = try run(body, on: &value)
    // The policy runs with the property locked, as `body` does (a read of the property there
    // stops with the same message).
    if let normalize = policy.normalize { value = normalize(value) }
    let unchanged = policy.isEqual?(current, value) ?? false
    modifyingThread.store(0, ordering: .relaxed)
    if unchanged {
      lock.unlock()
      return result
    }
    current = value
    publishAndUnlock(value)
    return result
  }

  /// With `lock` held: runs `body` on `value` as the thread modifying the property. If `body`
  /// throws, releases the lock and rethrows; otherwise the caller clears `modifyingThread` once
  /// the last code that runs for it (the set policy) has run.
  @inlinable @inline(__always)
  func run<R>(_ body: (inout Value) throws -> R, on value: inout Value) rethrows -> R {
    modifyingThread.store(currentThreadIdentity(), ordering: .relaxed)
    do {
      return try body(&value)
    } catch {
      modifyingThread.store(0, ordering: .relaxed)
      lock.unlock()
      throw error
    }
  }

  /// With `lock` held: queues `value` for the observers (so deliveries keep the order of the
  /// changes), releases the lock, then delivers.
  @inlinable @inline(__always)
  func publishAndUnlock(_ value: Value) {
    let mustDeliver = core.gate.enqueue(.event(.next(value)))
    lock.unlock()
    if mustDeliver { core.drainGate() }
  }

  /// Called with `lock` held for every set through `@Observed`: stops the program with a
  /// message when the sets of this property nest without end on one thread.
  @usableFromInline
  func noteObservedSet() {
    if observerRecursion.noteSet() { return }
    lock.unlock()
    fatalError(
      "@Observed \(Value.self) property: set \(ObserverRecursionCheck.limit) times, each inside "
        + "the one before on this thread — does its didSet set it again? Swift runs a wrapped "
        + "property's didSet again for a set made inside it (unlike a plain stored property's), "
        + "so such an observer never ends. Use @Observed(normalizing:) to clean every value set, "
        + "or set the property in didSet only when the value differs.")
  }

  /// The current value on subscription, then every change; completes when the property goes
  /// away.
  @inlinable
  public var signal: Signal<Value, Never> {
    let core = self.core
    return Signal(name: .source("+property")) { _, sink, scope in
      core.attach(sink, scope: scope)
    }
  }

  /// Every change from now on (not the current value).
  public var changes: Signal<Value, Never> { signal.skip(1) }

  /// A read-only view of this property: the same as ``Property/init(_:)``.
  ///
  /// ```swift
  /// let volume = MutableProperty(5)
  /// let shown = volume.readOnly  // shown.value == 5
  /// ```
  public var readOnly: Property<Value> { Property(self) }
}

/// A read-only property: a current value plus the signal of it and its changes. Make one from a
/// ``MutableProperty`` (``Property/init(_:)`` or ``MutableProperty/readOnly``), a constant, or by
/// transforming and combining other properties.
///
/// ```swift
/// let fullName = first.readOnly.combine(with: last.readOnly).map { "\($0) \($1)" }
/// ```
public final class Property<Value>: Sendable {
  // Lock discipline: immutable after init.
  private let getter: @Sendable () -> Value
  /// The current value on subscription, then every change.
  public let signal: Signal<Value, Never>

  init(getter: @escaping @Sendable () -> Value, signal: Signal<Value, Never>) {
    self.getter = getter
    self.signal = signal
  }

  /// A read-only view of `property`: its value and its signal, without the setter
  /// (ReactiveSwift's spelling of ``MutableProperty/readOnly``). The view keeps `property` alive
  /// to read its value, so the signal they share completes only once the view has gone away
  /// too.
  ///
  /// ```swift
  /// final class Player {
  ///   private let volumeStorage = MutableProperty(5)
  ///   var volume: Property<Int> { Property(volumeStorage) }
  /// }
  /// ```
  public convenience init(_ property: MutableProperty<Value>) {
    self.init(getter: { property.value }, signal: property.signal)
  }

  /// A property that always holds `value`.
  public convenience init(value: Value) where Value: Sendable {
    self.init(getter: { value }, signal: .just(value))
  }

  /// The current value.
  public var value: Value { getter() }

  /// Every change from now on.
  public var changes: Signal<Value, Never> { signal.skip(1) }

  /// A property whose value is `transform` of this one's (`transform` should be pure).
  ///
  /// Written outside any actor, `transform` runs on every read and every change. Written on an
  /// actor (a `@MainActor` view model), `transform` may use the actor's state and runs only on
  /// it: once now, and again on the actor after each change; reads, from any thread, return the
  /// latest result.
  ///
  /// ```swift
  /// let title = count.readOnly.map { "\($0) items" }
  /// ```
  public func map<T>(
    _ transform: @escaping (Value) -> T, isolation: isolated (any Actor)? = #isolation
  ) -> Property<T> {
    guard isolation != nil else {
      let getter = self.getter
      let function = IsolatedClosure(transform)
      return Property<T>(
        getter: { function.function(getter()) }, signal: signal.map(transform, isolation: nil))
    }
    // Computed on the actor into a property of its own, which the mapped property reads; the
    // subscription ends with that property. It starts from the current value too, so that a
    // change made by another thread between the first read and the subscription is not lost
    // (on the main actor that first result is stored before `map` returns).
    let results = MutableProperty<T>(transform(value))
    let target = WeakReference(results)
    signal.map(transform).take(during: results.lifetime).subscribe(
      next: { target.object?.value = $0 }, isolation: nil)
    return Property<T>(getter: { results.value }, signal: results.signal)
  }

  /// A property holding both values.
  public func combine<Other>(with other: Property<Other>) -> Property<(Value, Other)> {
    let left = getter
    let right = other.getter
    return Property<(Value, Other)>(
      getter: { (left(), right()) }, signal: signal.combineLatest(with: other.signal))
  }
}

extension MutableProperty where Value: Equatable {
  /// A property holding `initial` that ignores a set of a value equal to the current one —
  /// nothing is stored or sent — as RAC code did in a setter that returned early for an equal
  /// value; `normalize`, if given, is applied to each value first.
  ///
  /// ```swift
  /// let active = MutableProperty(false, skipsEqualValues: true)
  /// active.value = false  // nothing is sent
  /// ```
  public convenience init(
    _ initial: Value, skipsEqualValues: Bool,
    normalizing normalize: (@Sendable (Value) -> Value)? = nil
  ) {
    self.init(
      initial,
      policy: PropertySetPolicy(
        normalize: normalize, isEqual: skipsEqualValues ? { $0 == $1 } : nil))
  }
}

extension MutableProperty {
  /// A property whose value is `transform` of this one's.
  ///
  /// Written on an actor, `transform` runs only on it (see ``Property/map(_:isolation:)``).
  public func map<T>(
    _ transform: @escaping (Value) -> T, isolation: isolated (any Actor)? = #isolation
  ) -> Property<T> {
    readOnly.map(transform)
  }

  /// A property holding both values.
  public func combine<Other>(with other: MutableProperty<Other>) -> Property<(Value, Other)> {
    readOnly.combine(with: other.readOnly)
  }
}
