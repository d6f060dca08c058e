import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Property concurrency", .checksLiveSubscriptions, .tags(.concurrency))
struct MutablePropertyConcurrencyTests {
  @Test("MutableProperty under 4 writer threads: no lost modify; observers see a serial order")
  func writers() async {
    let property = MutableProperty(0)
    let probe = SerialityProbe()
    var lastSeen = 0
    var increasing = true
    let subscription = property.changes.subscribe(next: { value in
      probe.handle()
      if value != lastSeen + 1 { increasing = false }
      lastSeen = value
    })
    let perThread = TestScale.size(full: 25_000)
    await onThreads(4) { _ in
      for _ in 0..<perThread { property.modify { $0 += 1 } }
    }
    #expect(property.value == 4 * perThread)
    #expect(probe.count == 4 * perThread)
    #expect(probe.overlaps == 0)
    #expect(increasing)
    subscription.dispose()
  }
}
