import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("MutableProperty (A13-05, B.14)", .checksLiveSubscriptions)
struct MutablePropertyTests {
  @Test("A13-05: signal sends the current value, then every change; changes only the changes")
  func signalAndChanges() {
    let property = MutableProperty(1)
    let all = Recorder<Int, Never>()
    let changes = Recorder<Int, Never>()
    let first = all.subscribe(to: property.signal)
    let second = changes.subscribe(to: property.changes)
    property.value = 2
    property.modify { $0 += 10 }
    #expect(all.values == [1, 2, 12])
    #expect(changes.values == [2, 12])
    #expect(property.value == 12)
    first.dispose()
    second.dispose()
  }

  @Test("modify returns the body's result; the signal completes when the property goes away")
  func modifyAndDeinit() {
    var property: MutableProperty<[Int]>? = MutableProperty([])
    let count = property!.modify { list -> Int in
      list.append(1)
      return list.count
    }
    #expect(count == 1)
    let recorder = Recorder<[Int], Never>()
    recorder.subscribe(to: property!.signal)
    property = nil
    #expect(recorder.events == [.next([1]), .completed])
  }

  @Test("map and combine derive read-only properties")
  func derived() {
    let first = MutableProperty("Ada")
    let last = MutableProperty("Lovelace")
    let full = first.combine(with: last).map { "\($0) \($1)" }
    #expect(full.value == "Ada Lovelace")
    let names = Recorder<String, Never>()
    let subscription = names.subscribe(to: full.signal)
    last.value = "Byron"
    #expect(names.values == ["Ada Lovelace", "Ada Byron"])
    #expect(Property(value: 3).value == 3)
    subscription.dispose()
  }

  @Test("<~ binds a signal to a property until the property goes away")
  func bindToProperty() {
    let source = Subject<Int, Never>()
    var property: MutableProperty<Int>? = MutableProperty(0)
    property! <~ source
    source.sendNext(5)
    #expect(property?.value == 5)
    property = nil
    source.sendNext(6)
  }

}
