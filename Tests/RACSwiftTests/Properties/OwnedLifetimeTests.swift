import RACSwift
import RACSwiftTesting
import Testing

/// A class that ends its own work when it goes away, with one declaration (RAC's
/// `takeUntil:self.rac_willDeallocSignal`).
@MainActor
final class TickCounter {
  @OwnedLifetime var lifetime: Lifetime
  private(set) var ticks = 0

  init(ticks source: Signal<Int, Never>) {
    source.take(during: lifetime).subscribe(next: { [unowned self] _ in ticks += 1 })
  }
}

@MainActor
@Suite("@OwnedLifetime: an owner's lifetime in one line (A13-07)", .checksLiveSubscriptions)
struct OwnedLifetimeTests {
  @Test("work taken during the lifetime runs while the owner lives and ends when it goes")
  func endsWithOwner() {
    let source = Subject<Int, Never>()
    weak var dropped: TickCounter?
    var ended = false
    expectNoLiveSubscriptions {
      var counter: TickCounter? = TickCounter(ticks: source)
      source.sendNext(1)
      source.sendNext(2)
      #expect(counter?.ticks == 2)
      let lifetime = counter?.lifetime
      #expect(lifetime?.hasEnded == false)
      lifetime?.ended.subscribe(completed: { ended = true })
      dropped = counter
      counter = nil
      #expect(lifetime?.hasEnded == true, "holding the Lifetime does not keep it going")
    }
    #expect(dropped == nil)
    #expect(ended)
    source.sendNext(3)  // reaches nobody
  }

  @Test("observeEnded written on the main actor runs there, with the actor's state")
  func observeEndedOnTheActor() async {
    final class Owner {
      @OwnedLifetime var lifetime: Lifetime
      var token: Lifetime.Token { _lifetime.token }
    }
    var endings: [Bool] = []
    var owner: Owner? = Owner()
    owner?.lifetime.observeEnded { endings.append(isOnMainQueue()) }
    owner = nil
    #expect(endings == [true], "ended on the main actor: at once")

    let other = Owner()
    other.lifetime.observeEnded { endings.append(isOnMainQueue()) }
    let released = other.token
    await Task.detached { released.end() }.value
    while endings.count < 2 { await Task.yield() }
    #expect(endings == [true, true], "ended on another thread: carried to the main actor")
  }

  @Test("the token ends the lifetime early")
  func endsEarly() {
    final class Owner {
      @OwnedLifetime var lifetime: Lifetime
      func stop() { _lifetime.token.end() }
    }
    let owner = Owner()
    #expect(!owner.lifetime.hasEnded)
    owner.stop()
    #expect(owner.lifetime.hasEnded)
  }
}
