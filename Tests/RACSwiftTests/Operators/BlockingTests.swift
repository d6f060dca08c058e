import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("first, toArray, last: blocking and async (B.3)", .checksLiveSubscriptions)
struct BlockingTests {

  @Test("A7-16: first blocks until a value sent later from another thread")
  func blocking() throws {
    let subject = ReplaySubject<Int, TestError>()
    DispatchQueue.global().async {
      subject.sendNext(7)
      subject.sendNext(8)
      subject.sendCompleted()
    }
    #expect(try subject.first() == 7)
    #expect(try subject.toArray() == [7, 8])
    #expect(try subject.last() == 8)
    #expect(try Signal<Int, TestError>.empty.firstOrDefault(3) == 3)
    try subject.waitUntilCompleted()
    #expect(throws: TestError(code: 5)) {
      try Signal<Int, TestError>.error(TestError(code: 5)).toArray()
    }
  }

  @Test("async first/toArray/last suspend instead of blocking")
  func asyncForms() async throws {
    let signal = Signal<Int, TestError>.from([1, 2, 3])
    #expect(try await signal.first() == 1)
    #expect(try await signal.toArray() == [1, 2, 3])
    #expect(try await signal.last() == 3)
    #expect(try await Signal<Int, TestError>.empty.firstOrDefault(9) == 9)
  }
}
