import RACSwift
import RACSwiftTesting
import Testing

@Suite("catch, mapError, try, promoteError (B.3)", .checksLiveSubscriptions)
struct ErrorHandlingTests {
  @Test("A7-06: catch subscribes to the recovery signal; it may turn an error into a value")
  func catchError() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(
      to: Signal<Int, TestError>.from([1]).concat(.error(TestError(code: 7))).catch { error in
        .just(error.code)
      })
    #expect(recorder.events == [.next(1), .next(7), .completed])
  }

  @Test("A7-05: catchTo(.empty) swallows errors; values and completion pass")
  func catchTo() {
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: Signal<Int, TestError>.error(TestError()).catchTo(.empty))
    #expect(recorder.events == [.completed])
    let passing = Recorder<Int, Never>()
    passing.subscribe(to: Signal<Int, TestError>.from([1, 2]).catchTo(.just(9)))
    #expect(passing.events == [.next(1), .next(2), .completed])
  }

  @Test("catch: the failed source is disposed before the recovery signal runs")
  func catchDisposesSource() {
    let cleanups = AtomicCounter()
    let holder = SubscriberHolder<Int, TestError>()
    let failing = Signal<Int, TestError> { subscriber in
      holder.subscriber = subscriber
      return AnyDisposable { cleanups.increment() }
    }
    let seen = Recorder<Int, Never>()
    failing.catch { _ in Signal<Int, Never>.defer { .just(cleanups.count) } }.subscribe(
      next: { seen.record(.next($0)) })
    holder.subscriber?.sendError(TestError())
    #expect(cleanups.count == 1)
    #expect(seen.values == [1])
    holder.subscriber = nil
  }

  @Test("mapError, ignoreErrors, replaceError")
  func conversions() {
    let failing = Signal<Int, TestError>.from([1]).concat(.error(TestError(code: 2)))
    let mapped = Recorder<Int, MappedError>()
    mapped.subscribe(to: failing.mapError { MappedError(original: $0.code) })
    #expect(mapped.events == [.next(1), .error(MappedError(original: 2))])
    let ignored = Recorder<Int, Never>()
    ignored.subscribe(to: failing.ignoreErrors())
    #expect(ignored.events == [.next(1), .completed])
    let replaced = Recorder<Int, Never>()
    replaced.subscribe(to: failing.replaceError(with: -1))
    #expect(replaced.events == [.next(1), .next(-1), .completed])
  }

  @Test("promoteError keeps values and completion, typed to fail")
  func promote() {
    let recorder = Recorder<Int, TestError>()
    recorder.subscribe(to: Signal.from([1, 2]).promoteError(TestError.self))
    #expect(recorder.events == [.next(1), .next(2), .completed])
  }

  @Test("tryMap and try with typed throws: a throw ends the signal with the error")
  func tryOperators() {
    let source = Signal<Int, TestError>.from([1, 2, 3, 4])
    let mapped = Recorder<String, TestError>()
    mapped.subscribe(
      to: source.tryMap { value throws(TestError) in
        if value == 3 { throw TestError(code: value) }
        return "#\(value)"
      })
    #expect(mapped.events == [.next("#1"), .next("#2"), .error(TestError(code: 3))])
    let checked = Recorder<Int, TestError>()
    checked.subscribe(
      to: source.try { value throws(TestError) in
        if value > 1 { throw TestError(code: value) }
      })
    #expect(checked.events == [.next(1), .error(TestError(code: 2))])
    #expect(source.try { _ throws(TestError) in }.name == "[+from] -try:")
  }

  @Test("Signal.try runs its body per subscription")
  func staticTry() {
    let runs = AtomicCounter()
    let signal = Signal<Int, TestError>.try { () throws(TestError) in
      let run = runs.increment()
      if run == 2 { throw TestError(code: run) }
      return run
    }
    let first = Recorder<Int, TestError>()
    first.subscribe(to: signal)
    let second = Recorder<Int, TestError>()
    second.subscribe(to: signal)
    #expect(first.events == [.next(1), .completed])
    #expect(second.events == [.error(TestError(code: 2))])
  }
}

/// A second error type, for `mapError`.
struct MappedError: Error, Equatable {
  let original: Int
}
