import RACSwift
import Testing

/// A model whose observed property has a setter observer, as an Objective-C setter that did
/// more than store.
final class ObservedPlayer {
  var log: [String] = []
  @Observed var volume = 5 {
    didSet { log.append("didSet \(volume)") }
  }
}

@Suite(
  "Setter observers on @Observed, as the porting guide describes them", .checksLiveSubscriptions)
struct SetterObserverTests {
  @Test("subscribers receive a set before didSet runs")
  func subscribersFirst() {
    let player = ObservedPlayer()
    let subscription = player.$volume.changes.subscribe(next: { [unowned player] in
      player.log.append("sent \($0)")
    })
    player.volume = 7
    #expect(player.log == ["sent 7", "didSet 7"])
    subscription.dispose()
  }

  @Test("a set through the projected property — value, modify, a binding — skips didSet")
  func projectedSetsSkipDidSet() {
    let player = ObservedPlayer()
    player.$volume.value = 8
    player.$volume.modify { $0 += 1 }
    let volumes = Subject<Int, Never>()
    player.$volume <~ volumes
    volumes.sendNext(10)
    #expect(player.volume == 10)
    #expect(player.log.isEmpty)
  }
}
