import Foundation
import RACSwift
import RACSwiftTesting
import Testing

extension MisuseTests {
  @Test("a subject fed back its own values without end stops a debug build with a message")
  func endlessFeedbackLoop() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let echo = Subject<Int, Never>()
      echo.map { $0 + 1 }.subscribe(echo)
      echo.sendNext(0)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a feedback loop such as subject.map"))
  }
}

@Suite("A subject fed back its own values (reliability issue, item 5)", .checksLiveSubscriptions)
struct FeedbackLoopTests {
  @Test("A2-02: a feedback loop that ends delivers every value in order, then the send returns")
  func boundedFeedbackLoop() {
    let echo = Subject<Int, Never>()
    let received = Recorder<Int, Never>()
    let watch = received.subscribe(to: echo)
    let loop = echo.filter { $0 < 20_000 }.map { $0 + 1 }.subscribe(echo)
    echo.sendNext(0)
    #expect(received.values == Array(0...20_000))
    loop.dispose()
    watch.dispose()
  }
}
