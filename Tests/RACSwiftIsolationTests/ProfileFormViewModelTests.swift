import RACSwift
import RACSwiftTesting
import Testing

/// `ProfileFormViewModel` at run time: the conveniences real ports asked for (`compactMap`,
/// `skipNil`, a `Never` signal combined with a failing one) in a @MainActor view model.
@Suite("A @MainActor profile form", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct ProfileFormViewModelTests {
  @MainActor
  @Test("typed on the main actor, compactMap and skipNil have passed each value when it returns")
  func onTheMainActor() {
    let model = ProfileFormViewModel(scheduler: ImmediateScheduler.shared)
    let ageText = Subject<String, Never>()
    let nickname = Subject<String?, Never>()
    model.start(ageText: ageText, nickname: nickname)
    ageText.sendNext("42")
    #expect(model.ages == [42])
    ageText.sendNext("forty")
    ageText.sendNext("200")
    model.maximumAge = 250
    ageText.sendNext("200")
    #expect(model.ages == [42, 200])
    #expect(model.parseCount == 4)
    nickname.sendNext("ada")
    nickname.sendNext(nil)
    nickname.sendNext("grace")
    #expect(model.nicknames == ["@ada", "@grace"])
    model.stop()
  }

  @MainActor
  @Test("sent from a background thread, the values reach the main actor in order")
  func fromBackground() async {
    let model = ProfileFormViewModel(scheduler: ImmediateScheduler.shared)
    let ageText = Subject<String, Never>()
    let nickname = Subject<String?, Never>()
    model.start(ageText: ageText, nickname: nickname)
    sendFromBackground(["1", "x", "2", "300", "3"], to: ageText)
    sendFromBackground([nil, "ada", nil, "lin"], to: nickname)
    await yield(until: { model.ages.count == 3 && model.nicknames.count == 2 })
    #expect(model.ages == [1, 2, 3])
    #expect(model.nicknames == ["@ada", "@lin"])
    #expect(model.parseCount == 5)
    model.stop()
  }

  @MainActor
  @Test("a refresh Command without input runs its work on the main actor; enabled follows isOnline")
  func refreshCommand() {
    let scheduler = TestScheduler()
    let model = ProfileFormViewModel(scheduler: scheduler)
    let nickname = Subject<String?, Never>()
    model.start(ageText: .never, nickname: nickname)
    nickname.sendNext("ada")
    model.pullToRefresh()
    #expect(model.loadCount == 1, "the work is made at once, on the main actor")
    #expect(model.refresh!.isExecuting)
    scheduler.run()
    #expect(model.suggestions == ["@ada1"])
    #expect(!model.refresh!.isExecuting)
    model.isOnline.value = false
    #expect(!model.refresh!.isEnabled)
    model.pullToRefresh()
    scheduler.run()
    #expect(model.loadCount == 1, "a disabled command makes no work")
    model.isOnline.value = true
    model.pullToRefresh()
    scheduler.run()
    #expect(model.suggestions == ["@ada2"])
    model.stop()
  }

  @MainActor
  @Test("the name field, which cannot fail, combines with the failing service without promoteError")
  func nameAvailability() {
    let model = ProfileFormViewModel(scheduler: ImmediateScheduler.shared)
    var answers: [String: Subject<Bool, ProfileError>] = [:]
    model.checkName = { name in
      let answer = Subject<Bool, ProfileError>()
      answers[name] = answer
      return answer
    }
    let name = Subject<String, Never>()
    model.watchName(name)
    name.sendNext("Ada")
    answers["ada"]!.sendNext(true)
    #expect(model.nameSummary == "Ada is free")
    name.sendNext("Root")
    answers["root"]!.sendNext(false)
    #expect(model.nameSummary == "Root is taken")
    answers["ada"]!.sendNext(true)
    #expect(model.nameSummary == "Root is taken", "the answer about a replaced name is dropped")
    answers["root"]!.sendError(.offline)
    #expect(model.nameError == .offline)
    #expect(model.checkedNames == ["ada", "root"])
    model.stop()
  }
}
