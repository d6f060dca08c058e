import RACSwiftTesting
import Testing

@testable import RACSwift

@Suite(
  "Duplicate key-path bindings (A10-22): object identities", .checksLiveSubscriptions, .serialized)
struct BindingRegistryTests {
  @Test(
    "A10-22: a binding whose object is gone does not count against a new object that got its identifier, and ends quietly"
  )
  func reusedIdentifier() {
    let messages = Recorder<String, Never>()
    let previous = BindingRegistry.shared.report
    BindingRegistry.shared.report = { messages.record(.next($0)) }
    defer { BindingRegistry.shared.report = previous }
    // The identifier of an object that is gone is reused by the allocator for a new object;
    // the registry is told so here, rather than waiting for the allocator to do it.
    var gone: RegistryProbe? = RegistryProbe()
    let identifier = ObjectIdentifier(gone!)
    let staleBinding = SerialDisposable()  // its source has not sent since the object died
    let staleRegistration = BindingRegistry.shared.register(
      identifier: identifier, object: gone!, keyPath: \RegistryProbe.text, binding: staleBinding)
    gone = nil
    let fresh = RegistryProbe()
    let binding = SerialDisposable()
    let registration = BindingRegistry.shared.register(
      identifier: identifier, object: fresh, keyPath: \RegistryProbe.text, binding: binding)
    #expect(probeMessages(messages).isEmpty)
    #expect(staleBinding.isDisposed)
    #expect(!binding.isDisposed)
    // The stale binding's registration ending later does not remove the new one.
    staleRegistration.dispose()
    let duplicate = SerialDisposable()
    let duplicateRegistration = BindingRegistry.shared.register(
      identifier: identifier, object: fresh, keyPath: \RegistryProbe.text, binding: duplicate)
    #expect(probeMessages(messages).count == 1)
    #expect(binding.isDisposed)
    duplicateRegistration.dispose()
    registration.dispose()
  }
}

/// An object of a type no other test binds, so that the messages about it are this suite's own
/// (the reporter is shared by every suite running at the same time).
private final class RegistryProbe: BindingTargetProvider, @unchecked Sendable {
  // Lock discipline: written by the test's bindings only (none here sends a value).
  var text = ""
}

/// The messages of `recorder` about ``RegistryProbe``.
private func probeMessages(_ recorder: Recorder<String, Never>) -> [String] {
  recorder.values.filter { $0.contains("RegistryProbe") }
}

/// The duplicate-binding report names the key path as a reader knows it, never by the address
/// Swift prints for a computed property (issue 21: `\TestControl.<computed 0x… (Bool)>`).
@Suite("Binding reports name their key path", .checksLiveSubscriptions)
struct BindingMessageTests {
  /// A control whose `isEnabled` is computed, as most controls' is.
  final class ComputedControl: ActionControl {
    private var enabled = true
    var isEnabled: Bool {
      get { enabled }
      set { enabled = newValue }
    }
    var triggers: Signal<ComputedControl, Never> { .never }
  }

  /// The key path `control.bind(command)` binds: `isEnabled` through the protocol requirement.
  func commandBindingPath<Control: ActionControl>(of control: Control) -> AnyKeyPath {
    \Control.isEnabled
  }

  @Test("the path a command binding writes is the control's isEnabled")
  func commandPath() {
    let testControl = TestControl()
    #expect(
      readableKeyPath(commandBindingPath(of: testControl), of: testControl)
        == #"\TestControl.isEnabled"#)
    let control = ComputedControl()
    #expect(
      readableKeyPath(commandBindingPath(of: control), of: control)
        == #"\ComputedControl.isEnabled"#)
  }

  @Test("a stored property by its path; another computed one by its type, without an address")
  func otherPaths() {
    #expect(readableKeyPath(\Label.text, of: Label()) == #"\Label.text"#)
    let control = ComputedControl()
    #expect(
      readableKeyPath(\ComputedControl.isEnabled, of: control)
        == "a computed Bool property of ComputedControl")
  }
}
