import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

/// A photo model as a RAC 2 app declared it: an optional property filled in by a download.
final class PhotoModel: BindingTargetProvider, @unchecked Sendable {
  // @unchecked: a test fixture used on one thread.
  @Observed var thumbnailData: Data?
  var caption: String?
}

@Suite("<~ binds non-optional values into optional targets (A11-05)", .checksLiveSubscriptions)
struct OptionalBindingTests {
  @Test("A11-05: $optional <~ Signal<T, Never> assigns every value, no map { Optional($0) }")
  func observedOptional() {
    let model = PhotoModel()
    let downloads = Subject<Data, Never>()
    model.$thumbnailData <~ downloads
    #expect(model.thumbnailData == nil)
    downloads.sendNext(Data([1, 2]))
    #expect(model.thumbnailData == Data([1, 2]))
    downloads.sendNext(Data([3]))
    #expect(model.thumbnailData == Data([3]))
    downloads.sendCompleted()
  }

  @Test("A11-05: a MutableProperty<T?> takes a Signal<T, Never>; the binding ends with it")
  func mutablePropertyOptional() {
    var property: MutableProperty<Int?>? = MutableProperty(nil)
    let values = Subject<Int, Never>()
    if let property { property <~ values }
    values.sendNext(4)
    #expect(property?.value == 4)
    property = nil
    values.sendNext(5)
  }

  @Test("A11-05: object.rac[\\.optional] <~ Signal<T, Never> assigns every value")
  func keyPathOptional() {
    let model = PhotoModel()
    let captions = Subject<String, Never>()
    model.rac[\.caption] <~ captions
    captions.sendNext("sunset")
    #expect(model.caption == "sunset")
    captions.sendCompleted()
  }

  @Test("a signal of optionals still binds as it is: nil is assigned")
  func optionalSignal() {
    let model = PhotoModel()
    let downloads = Subject<Data?, Never>()
    model.$thumbnailData <~ downloads
    downloads.sendNext(Data([1]))
    downloads.sendNext(nil)
    #expect(model.thumbnailData == nil)
    downloads.sendCompleted()
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
struct BindingsTests {
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
