import RACSwift
import RACSwiftTesting
import Testing

@Suite("ScopedDisposable (B.5)", .checksLiveSubscriptions)
struct ScopedDisposableTests {

  @Test("ScopedDisposable disposes the wrapped one when it goes away")
  func scoped() {
    let wrapped = AnyDisposable()
    do {
      let scoped = wrapped.scoped()
      #expect(!scoped.isDisposed)
    }
    #expect(wrapped.isDisposed)
    let early = AnyDisposable()
    let scoped = ScopedDisposable(early)
    scoped.dispose()
    #expect(early.isDisposed)
  }
}
