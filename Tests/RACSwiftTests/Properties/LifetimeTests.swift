import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Lifetime and take(during:) (A13-05, B.14)", .checksLiveSubscriptions)
struct LifetimeTests {

  @Test("Lifetime and take(during:): the subscription ends when the token goes away")
  func lifetime() {
    let ticks = Subject<Int, Never>()
    var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: ticks.take(during: lifetime))
    ticks.sendNext(1)
    #expect(!lifetime.hasEnded)
    token = nil
    _ = token
    ticks.sendNext(2)
    #expect(recorder.events == [.next(1), .completed])
    #expect(lifetime.hasEnded)
    let late = Recorder<Int, Never>()
    late.subscribe(to: ticks.take(during: lifetime))
    #expect(late.events == [.completed])
    #expect(Lifetime.ended.hasEnded)
  }
}
