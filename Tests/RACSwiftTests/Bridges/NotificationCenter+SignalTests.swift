import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("NotificationCenter as a signal (A13-01, B.17)", .checksLiveSubscriptions)
struct NotificationCenterSignalTests {
  @Test("A13-01: each subscription adds an observer; disposal removes it")
  func notifications() {
    let center = NotificationCenter()
    let name = Notification.Name("reachabilityChanged")
    let sender = Label()
    let reachable = Recorder<Bool, Never>()
    let subscription = reachable.subscribe(
      to: center.signal(forName: name, object: sender)
        .map { ($0.userInfo?["reachable"] as? Bool) ?? false })
    center.post(name: name, object: sender, userInfo: ["reachable": true])
    center.post(name: name, object: Label(), userInfo: ["reachable": false])
    center.post(name: name, object: sender, userInfo: ["reachable": false])
    subscription.dispose()
    center.post(name: name, object: sender, userInfo: ["reachable": true])
    #expect(reachable.values == [true, false])

    // Two subscriptions are two observers: each gets every notification, and disposing one
    // leaves the other observing.
    let first = Recorder<Notification, Never>()
    let second = Recorder<Notification, Never>()
    let firstSubscription = first.subscribe(to: center.signal(forName: name, object: nil))
    let secondSubscription = second.subscribe(to: center.signal(forName: name, object: nil))
    center.post(name: name, object: sender)
    #expect(first.values.count == 1)
    #expect(second.values.count == 1)
    firstSubscription.dispose()
    center.post(name: name, object: sender)
    #expect(first.values.count == 1)
    #expect(second.values.count == 2)
    secondSubscription.dispose()
  }

}
