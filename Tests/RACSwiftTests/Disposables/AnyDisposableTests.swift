import RACSwift
import RACSwiftTesting
import Testing

@Suite("AnyDisposable (A3-02)", .checksLiveSubscriptions)
struct AnyDisposableTests {

  @Test("A3-02: AnyDisposable runs its action exactly once; dispose twice is a no-op")
  func anyDisposable() {
    let runs = AtomicCounter()
    let disposable = AnyDisposable { runs.increment() }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(runs.count == 1)
    let plain = AnyDisposable()
    plain.dispose()
    #expect(plain.isDisposed)
  }
}
