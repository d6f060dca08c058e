import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Properties (A13-05, B.14)", .checksLiveSubscriptions)
struct PropertyTests {
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

@Suite("Property concurrency", .checksLiveSubscriptions, .tags(.concurrency))
struct PropertyConcurrencyTests {
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
    await onThreads(4) { _ in
      for _ in 0..<25_000 { property.modify { $0 += 1 } }
    }
    #expect(property.value == 100_000)
    #expect(probe.count == 100_000)
    #expect(probe.overlaps == 0)
    #expect(increasing)
    subscription.dispose()
  }
}

/// A bindable object.
final class Label: BindingTargetProvider, @unchecked Sendable {
  var text = ""
  var count = 0
}

/// A bindable object with a lifetime.
final class Screen: BindingTargetProvider, LifetimeProvider, @unchecked Sendable {
  var title = ""
  @OwnedLifetime var lifetime: Lifetime
}

@Suite("Bindings (A11-05, A13-06, A10-22)", .checksLiveSubscriptions, .serialized)
struct BindingTests {
  @Test("A13-06: bind(to:at:) assigns every value; disposing ends the binding")
  func bindKeyPath() {
    let label = Label()
    let source = Subject<String, Never>()
    let binding = source.bind(to: label, at: \.text)
    source.sendNext("hello")
    #expect(label.text == "hello")
    binding.dispose()
    source.sendNext("ignored")
    #expect(label.text == "hello")
  }

  @Test("A11-05: a nil value is assigned as nilValue; the rac[] spelling")
  func nilValueAndRac() {
    let label = Label()
    let names = Subject<String?, Never>()
    let counts = Subject<Int, Never>()
    let first = names.bind(to: label, at: \.text, nilValue: "anonymous")
    let second = label.rac[\.count] <~ counts
    names.sendNext(nil)
    #expect(label.text == "anonymous")
    names.sendNext("ada")
    counts.sendNext(3)
    #expect(label.text == "ada")
    #expect(label.count == 3)
    first.dispose()
    second.dispose()
  }

  @Test("a binding to a deallocated object ends by itself")
  func deallocatedTarget() {
    let source = Subject<String, Never>()
    var label: Label? = Label()
    source.bind(to: label!, at: \.text)
    label = nil
    source.sendNext("after")  // the binding notices and ends: no live subscription remains
    var screen: Screen? = Screen()
    source.bind(to: screen!, at: \.title)
    screen = nil  // a LifetimeProvider ends its bindings at once, without another value
  }

  @Test("A10-22: binding the same key path twice is reported, and the new binding wins")
  func doubleBinding() {
    let messages = Recorder<String, Never>()
    let previous = BindingRegistry.shared.report
    BindingRegistry.shared.report = { messages.record(.next($0)) }
    defer { BindingRegistry.shared.report = previous }
    let label = Label()
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()
    first.bind(to: label, at: \.text)
    let winner = second.bind(to: label, at: \.text)
    #expect(messages.values.count == 1)
    #expect(messages.values.first?.contains("already bound") == true)
    first.sendNext("old")
    second.sendNext("new")
    #expect(label.text == "new")
    winner.dispose()
    // After the winner ends, binding again is fine.
    let third = first.bind(to: label, at: \.text)
    #expect(messages.values.count == 1)
    third.dispose()
  }
}

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
}

@Suite("NotificationCenter and Observation bridges (A13-01, B.17)", .checksLiveSubscriptions)
struct FoundationBridgeTests {
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

  @MainActor
  @Test("observe sends the current value, then the value after each change; stops on disposal")
  func observation() async {
    let model = ObservedModel()
    var titles: [String] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = Signal.observe { model.title }.subscribe(next: { title in
        titles.append(title)
        if title == "third" { done.resume() }
        if titles.count == 1 { model.title = "second" }
        if title == "second" { model.title = "third" }
      })
    }
    #expect(titles == ["first", "second", "third"])
    subscription?.dispose()
    model.title = "after disposal"
    await Task.yield()
    #expect(titles == ["first", "second", "third"])
  }

  @MainActor
  @Test("a disposed observe subscription no longer holds its read closure or its handlers")
  func observationReleasesClosures() {
    /// Captured by the closures; gone once nothing holds them.
    final class Owner {}
    let model = ObservedModel()
    weak var readOwner: Owner?
    weak var handlerOwner: Owner?
    do {
      let forRead = Owner()
      let forHandler = Owner()
      readOwner = forRead
      handlerOwner = forHandler
      let subscription = Signal.observe {
        _ = forRead
        return model.title
      }
      .subscribe(next: { _ in _ = forHandler })
      subscription.dispose()
    }
    // The model's change handler for the last read is still registered (it fires at the next
    // change), but it no longer reaches the closures.
    #expect(readOwner == nil)
    #expect(handlerOwner == nil)
  }
}

@Suite("Observation under many changes", .checksLiveSubscriptions)
struct ObservationStressTests {
  @MainActor
  @Test("1,000 changes from the model's actor: values in order, ending with the last; coalesced")
  func thousandChanges() async {
    let model = ObservedModel()
    var seen: [Int] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = Signal.observe { model.title }.subscribe(next: { title in
        let number = Int(title) ?? 0
        seen.append(number)
        if number == 1_000 { done.resume() }
      })
      Task { @MainActor in
        for value in 1...1_000 {
          model.title = "\(value)"
          await Task.yield()
        }
      }
    }
    // Documented coalescing: changes made before a re-read arrive as one value. Never stale,
    // never out of order, and the last change always arrives.
    #expect(seen.first == 0)
    #expect(seen.last == 1_000)
    #expect(seen == seen.sorted())
    #expect(seen.count <= 1_001)
    subscription?.dispose()
    // Nothing arrives after disposal, however many changes follow and however long we let the
    // main actor run.
    let final = seen
    for value in 1_001...1_100 {
      model.title = "\(value)"
      await Task.yield()
    }
    #expect(seen == final)
  }
}

/// An `@Observable` model for the Observation bridge.
@Observable
@MainActor
final class ObservedModel {
  var title = "first"
}
