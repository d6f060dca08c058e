import RACSwift
import RACSwiftTesting
import Testing

@Suite("Constant stack (CONTRACT.md#bounded-stack)", .checksLiveSubscriptions, .tags(.stack))
struct StackTests {
  @Test("a chain of 10,000 maps subscribes and delivers on a 512 KiB stack")
  func tenThousandMaps() async {
    await onSmallStack {
      var signal = Signal<Int, Never>.just(0)
      for _ in 0..<10_000 { signal = signal.map { $0 + 1 } }
      let recorder = Recorder<Int, Never>()
      recorder.subscribe(to: signal)
      #expect(recorder.events == [.next(10_000), .completed])
    }
  }

  @Test("concat of many justs completes on a 512 KiB stack")
  func concatOfManyJusts() async {
    let count = TestScale.size(full: 100_000, quick: 10_000)
    await onSmallStack {
      let signals = (0..<count).map { Signal<Int, Never>.just($0) }
      let sum = AtomicCounter()
      let completed = AtomicCounter()
      Signal.concat(signals).subscribe(
        next: { _ in sum.increment() }, completed: { completed.increment() })
      #expect(sum.count == count)
      #expect(completed.count == 1)
    }
  }
}
