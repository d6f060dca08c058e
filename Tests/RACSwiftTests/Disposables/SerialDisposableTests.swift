import RACSwift
import RACSwiftTesting
import Testing

@Suite("SerialDisposable (B.5)", .checksLiveSubscriptions)
struct SerialDisposableTests {

  @Test("SerialDisposable: setting does not dispose the replaced one; swap returns it")
  func serialReplace() {
    let serial = SerialDisposable()
    let first = AnyDisposable()
    let second = AnyDisposable()
    serial.disposable = first
    serial.disposable = second
    #expect(!first.isDisposed)
    let previous = serial.swap(first)
    #expect(previous === second)
    serial.dispose()
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    #expect(serial.disposable == nil)
  }

  @Test("SerialDisposable: setting after dispose disposes the new one and keeps nil")
  func serialAfterDispose() {
    let serial = SerialDisposable()
    serial.dispose()
    let late = AnyDisposable()
    serial.disposable = late
    #expect(late.isDisposed)
    #expect(serial.disposable == nil)
    #expect(serial.swap(AnyDisposable()) == nil)
  }
}
