import RACSwiftTesting
import Testing

@testable import RACSwift

/// The duplicate-binding report names the key path as a reader knows it, never by the address
/// Swift prints for a computed property (issue 21: `\TestControl.<computed 0x… (Bool)>`).
@Suite("Binding reports name their key path")
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
