import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

/// `LoginViewModel` at run time: the form, the login signal, background edits, release.
@Suite("A @MainActor login view model", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct LoginViewModelTests {
  @MainActor
  @Test("editing the form on the main actor updates every derived value before the edit returns")
  func formIsSynchronous() {
    let model = LoginViewModel(session: SessionStore()) { _ in .never }
    let hintLabel = Label()
    #expect(model.usernameHint.value == "")
    #expect(model.submitTitle.value == "Password too short")
    model.watchForm(hintLabel: hintLabel)
    #expect(model.greeting == "Hello, Guest", "observe reads at once when subscribed on the actor")
    #expect(model.canSubmit.value == false)

    model.username.value = "root"
    #expect(hintLabel.text == "root is reserved")
    #expect(model.usernameHint.value == "root is reserved")
    #expect(model.namesAllowed == false)
    #expect(model.canSubmit.value == false)
    model.username.value = "ada"
    #expect(model.edits == ["→root", "root→ada"])
    #expect(model.canSubmit.value == true)
    #expect(model.usernameHint.value == "")
    #expect(hintLabel.text == "")

    model.password.value = "short"
    #expect(model.typedStrongPassword == nil)
    model.password.value = "correct horse"
    #expect(model.typedStrongPassword == true)
    #expect(model.submitTitle.value == "Log in")

    #expect(
      Set(model.stagesRun) == [
        "MutableProperty.map", "Property.map", "combinePrevious", "any", "all", "observe", "map",
      ])
    model.stop()
  }

  @MainActor
  @Test("logging in validates the form, checks the token and keeps the screen's state")
  func logIn() {
    var responses: [Subject<String, LoginError>] = []
    let model = LoginViewModel(session: SessionStore()) { _ in
      let response = Subject<String, LoginError>()
      responses.append(response)
      return response
    }
    var tokens: [String] = []
    var errors: [LoginError] = []
    let record = { (signal: Signal<String, LoginError>) in
      _ = signal.subscribe(next: { tokens.append($0) }, error: { errors.append($0) })
    }

    record(model.logIn())
    #expect(errors == [.incomplete])
    #expect(model.errorMessage == "Enter your name and password")
    #expect(model.attempts == 1)
    #expect(!model.isLoggingIn)

    model.username.value = "ada"
    model.password.value = "secret"
    record(model.logIn())
    #expect(model.isLoggingIn, "set by initially, before the request")
    responses[0].sendNext("tok-ada")
    #expect(model.token == "tok-ada")
    responses[0].sendCompleted()
    #expect(tokens == ["tok-ada"])
    #expect(model.errorMessage == nil)
    #expect(!model.isLoggingIn)

    record(model.logIn())
    responses[1].sendNext("forged")
    #expect(errors == [.incomplete, .badToken("forged")])
    #expect(model.errorMessage == "The server sent a bad token")
    #expect(model.attempts == 3)
    #expect(!model.isLoggingIn)

    let endSession = Subject<Never, LoginError>()
    var farewells: [String] = []
    model.logOut(endSession: endSession).subscribe(next: { farewells.append($0) })
    #expect(farewells.isEmpty)
    endSession.sendCompleted()
    #expect(farewells == ["Goodbye, ada"])
    #expect(model.token == nil)
    #expect(
      model.stagesRun.filter { !$0.hasSuffix("Property.map") } == [
        "initially", "Signal.try", "initially", "Signal.try", "try", "initially", "Signal.try",
        "try", "then",
      ])
  }

  @MainActor
  @Test("edits made on a background thread reach the main-actor closures in order")
  func backgroundEdits() async {
    let session = SessionStore()
    let model = LoginViewModel(session: session) { _ in .never }
    let hintLabel = Label()
    model.watchForm(hintLabel: hintLabel)
    let names = (1...100).map { "user\($0)" } + ["admin"]
    let username = model.username

    DispatchQueue.global().async {
      for name in names { username.value = name }
    }
    await yield(until: { model.edits.count == names.count })
    #expect(model.edits == zip([""] + names, names).map { "\($0)→\($1)" })
    await yield(until: {
      hintLabel.text == "admin is reserved" && model.usernameHint.value == "admin is reserved"
        && model.namesAllowed == false && model.canSubmit.value == false
    })

    session.userName = "ada"
    await yield(until: { model.greeting == "Hello, ada" })
    model.stop()
  }

  @MainActor
  @Test("after stop(), nothing the view model subscribed to keeps it alive")
  func stopReleasesTheModel() {
    weak var released: LoginViewModel?
    do {
      let model = LoginViewModel(session: SessionStore()) { _ in .never }
      released = model
      model.watchForm(hintLabel: Label())
      model.username.value = "ada"
      model.stop()
    }
    #expect(released == nil, "the session's change handler still registered must not hold it")
  }
}
