import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Channels and two-way bindings (B.13)", .checksLiveSubscriptions)
struct ChannelTests {
  @Test("values sent to one terminal reach the other's subscribers, never the sender's")
  func terminals() {
    let channel = Channel<String, Never>()
    let leading = Recorder<String, Never>()
    let following = Recorder<String, Never>()
    let first = leading.subscribe(to: channel.leadingTerminal)
    channel.leadingTerminal.sendNext("model")
    let second = following.subscribe(to: channel.followingTerminal)
    channel.followingTerminal.sendNext("view")
    #expect(following.values == ["model"])  // latest leading value replayed
    #expect(leading.values == ["view"])  // no initial value for the leading side
    channel.leadingTerminal.sendCompleted()
    #expect(leading.isTerminated)
    #expect(following.isTerminated)
    first.dispose()
    second.dispose()
  }

  @Test("<~> keeps two properties equal without echo loops")
  func twoWay() {
    let model = MutableProperty("model")
    let field = MutableProperty("field")
    let modelChanges = Recorder<String, Never>()
    let watch = modelChanges.subscribe(to: model.changes)
    let binding = model <~> field
    #expect(model.value == "field")
    field.value = "typed"
    #expect(model.value == "typed")
    model.value = "reset"
    #expect(field.value == "reset")
    #expect(modelChanges.values == ["field", "typed", "reset"])
    binding.dispose()
    watch.dispose()
  }

  @Test("B.13, A13-08: a <~> link whose result is discarded keeps both properties equal")
  func discardedTwoWayLink() {
    let model = MutableProperty("model")
    let field = MutableProperty("field")
    model <~> field
    #expect(model.value == "field")
    field.value = "typed"
    #expect(model.value == "typed")
    model.value = "reset"
    #expect(field.value == "reset")
    field.value = "again"
    #expect(model.value == "again")
  }

  @Test("B.13: a discarded <~> link ends when either property goes away: 0 live")
  func twoWayLinkEndsWithEitherEnd() {
    let model = MutableProperty("model")
    var field: MutableProperty<String>? = MutableProperty("field")
    if let field { model <~> field }
    field = nil
    model.value = "after"
    #expect(model.value == "after")
    _ = field
  }
}
