import Foundation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Event", .checksLiveSubscriptions)
struct EventTests {
  @Test("accessors, map and mapError")
  func accessors() throws {
    let next = Event<Int, TestError>.next(2)
    #expect(next.value == 2)
    #expect(next.error == nil)
    #expect(!next.isTerminal)
    #expect(next.map { $0 * 10 } == .next(20))
    let failure = Event<Int, TestError>.error(TestError(code: 1))
    #expect(failure.isTerminal)
    #expect(failure.error == TestError(code: 1))
    #expect(failure.mapError { _ in TestError(code: 9) } == .error(TestError(code: 9)))
    #expect(Event<Int, TestError>.completed.isTerminal)
    #expect("\(Event<Int, TestError>.next(1))" == "next(1)")
    #expect("\(Event<Int, TestError>.completed)" == "completed")
  }
}
