import BookshelfCore
import RACSwift
import RACSwiftTesting
import Testing

/// The login screen against a scripted service on virtual time: every step happens when the test
/// advances the clock, so the in-between states can be checked.
@MainActor
@Suite("The login screen", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct LoginViewModelTests {
  let scheduler = TestScheduler()
  let service: ScriptedBookService
  let model: LoginViewModel

  init() {
    service = ScriptedBookService(scheduler: scheduler)
    model = LoginViewModel(service: service, scheduler: scheduler)
  }

  @Test("the hint says what is missing; the button is enabled once the form is complete")
  func validation() {
    #expect(model.validationMessage == "Enter your username.")
    #expect(!model.submit.isEnabled)

    model.username = "  ada "
    #expect(model.validationMessage == "Passwords have at least 8 characters.")
    model.password = "correct horse"
    #expect(model.validationMessage == nil)
    #expect(model.submit.isEnabled)

    model.username = "ada lovelace"
    #expect(model.validationMessage == "Usernames have no spaces.")
    #expect(!model.submit.isEnabled)
  }

  @Test("the screen observes the outputs read-only: each is a Property, its value get-only")
  func outputsAreReadOnly() {
    // What compiles from another module: reading and observing. Setting `model.isLoggingIn`,
    // `model.$isLoggingIn.value` or binding `model.$isLoggingIn <~ …` does not.
    let busy: Property<Bool> = model.$isLoggingIn
    let hints: Property<String?> = model.$validationMessage
    var shown: [String?] = []
    let subscription = hints.signal.subscribe(next: { shown.append($0) })
    model.username = "ada"
    #expect(shown == ["Enter your username.", "Passwords have at least 8 characters."])
    #expect(busy.value == false)
    let valuePath: AnyKeyPath = \Property<Bool>.value
    #expect(!(valuePath is ReferenceWritableKeyPath<Property<Bool>, Bool>))
    subscription.dispose()
  }

  @Test("logging in: disabled while the request runs, then the session arrives")
  func success() {
    var greeted: [String] = []
    model.loggedIn.subscribe(next: { greeted.append($0.displayName) })
    model.username = " ada"
    model.password = "correct horse"

    model.submit.execute()
    #expect(!model.submit.isEnabled, "one login at a time")
    scheduler.advance(by: .milliseconds(500))
    #expect(model.isLoggingIn)
    #expect(service.logInAttempts == [Credentials(username: "ada", password: "correct horse")])
    #expect(model.session == nil)

    scheduler.advance(by: .seconds(1))
    #expect(model.session == Session(token: "token-ada", displayName: "Ada"))
    #expect(greeted == ["Ada"])
    #expect(!model.isLoggingIn)
    #expect(model.errorMessage == nil)
  }

  @Test("a refused login shows why until the form is edited; the next attempt can succeed")
  func wrongPassword() {
    model.username = "ada"
    model.password = "wrong horse"
    model.submit.execute()
    scheduler.run()
    #expect(model.errorMessage == APIError.wrongCredentials.userMessage)
    #expect(model.session == nil)
    #expect(model.submit.isEnabled, "the user may try again")

    model.password = "correct horse"
    #expect(model.errorMessage == nil, "editing the form hides the error")
    model.submit.execute()
    scheduler.run()
    #expect(model.session?.token == "token-ada")
  }

  @Test("the submit button does nothing while the form is incomplete")
  func incompleteForm() {
    model.username = "ada"
    var refused: [CommandError<APIError>] = []
    model.submit.execute().subscribe(error: { refused.append($0) })
    scheduler.run()
    #expect(service.logInAttempts.isEmpty)
    #expect(refused.count == 1)
  }
}
