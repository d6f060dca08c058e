import OpenCombine
import RACSwift
import Synchronization

// W10: a cold created signal sending 0..<N → map(+1) → filter(even); the subscriber sums.
let w10 = Workload(
  id: "W10", title: "created signal → map → filter → sum", unit: "event", count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      let sum = Counter()
      meter.start()
      Signal<Int, Never> { subscriber in
        for value in 0..<n { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
      }
      .map { $0 + 1 }.filter { $0 % 2 == 0 }
      .subscribe(next: { sum.value &+= $0 })
      meter.stop()
      return sum.value
    },
    Implementation(name: Library.openCombine) { n, meter in
      let sum = Counter()
      meter.start()
      let source = CreatedPublisher<Int, Never> { emitter in
        for value in 0..<n { emitter.send(value) }
        emitter.finish()
      }
      let cancellable = Publishers.Filter(
        upstream: Publishers.Map(upstream: source, transform: { $0 + 1 }),
        isIncluded: { $0 % 2 == 0 }
      ).sink { sum.value &+= $0 }
      meter.stop()
      cancellable.cancel()
      return sum.value
    },
    Implementation(name: Library.closureLoop) { n, meter in
      let sum = Counter()
      let increment: (Int) -> Int = opaque { $0 + 1 }
      let isEven: (Int) -> Bool = opaque { $0 % 2 == 0 }
      let sink: (Int) -> Void = opaque { sum.value &+= $0 }
      // The created source: sends 0..<count to the function it is given, then returns.
      let source: (Int, (Int) -> Void) -> Void = opaque { count, send in
        for value in 0..<count { send(value) }
      }
      meter.start()
      source(n) { value in
        let incremented = increment(value)
        if isEven(incremented) { sink(incremented) }
      }
      meter.stop()
      return sum.value
    },
  ])

// OpenCombine has no counterpart of `Signal { subscriber in … }` (Combine's `Future` sends one
// value; `Deferred` wraps a publisher someone else wrote; a `PassthroughSubject` is hot and loses
// what is sent before the subscription). What an OpenCombine user writes instead is a small
// custom publisher: the subscription runs the body when values are first requested and forwards
// each value the body sends, synchronously, while the subscriber wants more and has not
// cancelled. Its state is behind a `Mutex` because a Combine subscription may be cancelled or
// asked for more from any thread (OpenCombine's own `Publishers.Sequence` locks per element too).

/// A publisher that runs `body` for each subscriber, synchronously, when the subscriber first
/// requests values.
struct CreatedPublisher<Output, Failure: Error>: Publisher {
  /// Sends values and completion into the emitter it is given.
  let body: (CreatedEmitter<Output, Failure>) -> Void

  init(_ body: @escaping (CreatedEmitter<Output, Failure>) -> Void) {
    self.body = body
  }

  func receive<Downstream: OpenCombine.Subscriber>(subscriber: Downstream)
  where Downstream.Input == Output, Downstream.Failure == Failure {
    subscriber.receive(subscription: CreatedSubscription(downstream: subscriber, body: body))
  }
}

/// What a ``CreatedPublisher``'s body sends into (the subscription, seen without its
/// subscriber's type).
class CreatedEmitter<Output, Failure: Error> {
  /// Sends a value, if the subscriber still wants one.
  func send(_ value: Output) {}
  /// Sends a failure; later sends are ignored.
  func fail(_ error: Failure) {}
  /// Sends completion; later sends are ignored.
  func finish() {}
}

/// One subscription to a ``CreatedPublisher``.
final class CreatedSubscription<Downstream: OpenCombine.Subscriber>:
  CreatedEmitter<Downstream.Input, Downstream.Failure>, Subscription
{
  private struct State {
    var demand = Subscribers.Demand.none
    var finished = false
    var started = false
  }

  private let state = Mutex(State())
  private let downstream: Downstream
  private let body: (CreatedEmitter<Downstream.Input, Downstream.Failure>) -> Void

  init(
    downstream: Downstream,
    body: @escaping (CreatedEmitter<Downstream.Input, Downstream.Failure>) -> Void
  ) {
    self.downstream = downstream
    self.body = body
  }

  func request(_ demand: Subscribers.Demand) {
    let start = state.withLock { state in
      state.demand += demand
      defer { state.started = true }
      return !state.started && !state.finished
    }
    if start { body(self) }
  }

  func cancel() {
    state.withLock { $0.finished = true }
  }

  override func send(_ value: Downstream.Input) {
    let wanted = state.withLock { state in
      guard !state.finished, state.demand > 0 else { return false }
      state.demand -= 1
      return true
    }
    guard wanted else { return }
    let more = downstream.receive(value)
    if more > 0 { state.withLock { $0.demand += more } }
  }

  override func fail(_ error: Downstream.Failure) {
    end(.failure(error))
  }

  override func finish() {
    end(.finished)
  }

  private func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
    let first = state.withLock { state in
      defer { state.finished = true }
      return !state.finished
    }
    if first { downstream.receive(completion: completion) }
  }
}
