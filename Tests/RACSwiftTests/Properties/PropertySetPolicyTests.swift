import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// A sign-up form as a RAC 2 model wrote it: custom setters that clean or skip values.
final class SignUpForm: @unchecked Sendable {
  // @unchecked: a test fixture used on one thread at a time.
  @Observed(normalizing: { $0.trimmingCharacters(in: .whitespaces) })
  var username = "  initial "
  @Observed(skipsEqualValues: true) var isActive = false
  @Observed(skipsEqualValues: true, normalizing: { $0.lowercased() })
  var email = ""
  /// Optionals declared without a value start at `nil`, as a plain `@Observed var x: T?` does.
  @Observed(normalizing: { $0?.isEmpty == true ? nil : $0 })
  var middleName: String?
  @Observed(skipsEqualValues: true) var selection: Int?
  /// A setter observer that sets the property only when the value differs: it ends.
  @Observed var nickname = "" {
    didSet {
      let cleaned = nickname.trimmingCharacters(in: .whitespaces)
      if cleaned != nickname { nickname = cleaned }
    }
  }
}

@Suite(
  "@Observed setter policies: normalize and skip equal values (A13-05)", .checksLiveSubscriptions)
struct PropertySetPolicyTests {
  @Test("normalizing: the initial value and every set are stored and sent normalized")
  func normalizing() {
    let form = SignUpForm()
    #expect(form.username == "initial")
    let sent = Recorder<String, Never>()
    let subscription = sent.subscribe(to: form.$username.signal)
    form.username = "  joshaber "
    form.$username.value = "ada  "
    form.$username.modify { $0 += "  " }
    #expect(form.username == "ada")
    #expect(sent.values == ["initial", "joshaber", "ada", "ada"])
    subscription.dispose()
  }

  @Test("normalizing applies to a binding's values too ($x <~ signal)")
  func normalizingBinding() {
    let form = SignUpForm()
    let typed = Subject<String, Never>()
    form.$username <~ typed
    typed.sendNext(" grace ")
    #expect(form.username == "grace")
    typed.sendCompleted()
  }

  @Test("an optional with a setter policy and no initial value starts at nil (issue 45)")
  func optionalWithoutInitialValue() {
    let form = SignUpForm()
    let names = Recorder<String?, Never>()
    let selections = Recorder<Int?, Never>()
    let subscriptions = [
      names.subscribe(to: form.$middleName.signal),
      selections.subscribe(to: form.$selection.signal),
    ]
    form.middleName = "Ada"
    form.middleName = ""
    form.selection = 2
    form.selection = 2
    form.selection = nil
    #expect(names.values == [nil, "Ada", nil])
    #expect(selections.values == [nil, 2, nil])
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("skipsEqualValues: a set equal to the current value stores and sends nothing")
  func skipsEqualValues() {
    let form = SignUpForm()
    let sent = Recorder<Bool, Never>()
    let subscription = sent.subscribe(to: form.$isActive.signal)
    form.isActive = false
    form.isActive = true
    form.isActive = true
    form.$isActive.value = false
    #expect(sent.values == [false, true, false])
    subscription.dispose()
  }

  @Test("skipsEqualValues with normalizing compares the normalized value")
  func skipsNormalized() {
    let form = SignUpForm()
    let sent = Recorder<String, Never>()
    let subscription = sent.subscribe(to: form.$email.changes)
    form.email = "Ada@Example.com"
    form.email = "ADA@example.COM"
    form.email = "grace@example.com"
    #expect(sent.values == ["ada@example.com", "grace@example.com"])
    subscription.dispose()
  }

  @Test("a didSet that sets its property only when the value differs runs and ends")
  func conditionalObserver() {
    let form = SignUpForm()
    let sent = Recorder<String, Never>()
    let subscription = sent.subscribe(to: form.$nickname.changes)
    form.nickname = "  ada "
    #expect(form.nickname == "ada")
    #expect(sent.values == ["  ada ", "ada"])
    subscription.dispose()
  }

  @Test("MutableProperty takes the same policies")
  func mutableProperty() {
    let volume = MutableProperty(5, skipsEqualValues: true, normalizing: { min(max($0, 0), 10) })
    let sent = Recorder<Int, Never>()
    let subscription = sent.subscribe(to: volume.signal)
    volume.value = 12
    volume.value = 11
    volume.modify { $0 -= 20 }
    #expect(sent.values == [5, 10, 0])
    subscription.dispose()
  }
}

/// An observer that sets its own property every time: Swift runs it again for its own set.
final class SelfTrimmingForm: @unchecked Sendable {
  // @unchecked: a test fixture used on one thread.
  @Observed var username = "" {
    didSet { username = username.trimmingCharacters(in: .whitespaces) }
  }
}

extension MisuseTests {
  @Test("a didSet that always sets its own @Observed property stops with a message, not a crash")
  func observerThatSetsItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let form = SelfTrimmingForm()
      form.username = "  ada "
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("does its didSet set it again?"))
    #expect(message.contains("@Observed(normalizing:)"))
  }

  @Test("nested sets of one @Observed property at the same depth are not mistaken for a loop")
  func manySetsInALoop() {
    let form = SelfTrimmingForm()
    for index in 0..<1_000 { form.$username.value = "\(index)" }
    #expect(form.username == "999")
  }
}
