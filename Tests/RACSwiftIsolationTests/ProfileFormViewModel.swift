import RACSwift

/// What the name service can fail with.
enum ProfileError: Error, Equatable {
  /// No connection.
  case offline
}

/// A profile form as a RAC 2 port writes it with the conveniences ports asked for: the age field
/// parsed with `compactMap` against the view model's own limit, the
/// optional nickname picker's selections with `skipNil()`, a refresh `Command` without input
/// (`Command { … }`, `execute()`), and the name field, which cannot fail, combined with the
/// availability service, which can, without `promoteError()`. Every closure uses the view model's state and methods
/// unannotated: the operators run them on the main actor. The command's work holds `self`
/// unowned: the view model owns the command.
@MainActor
final class ProfileFormViewModel {
  /// The oldest age the form accepts.
  var maximumAge = 130
  /// Valid ages typed, in order.
  private(set) var ages: [Int] = []
  /// Nicknames picked, in order (a cleared picker sends `nil`, which is skipped).
  private(set) var nicknames: [String] = []
  /// How many times the age field's text was parsed (each checked on the main actor).
  private(set) var parseCount = 0
  /// Whether the app is online: the refresh command is enabled only then.
  let isOnline = MutableProperty(true)
  /// The nickname suggestions the last refresh loaded.
  private(set) var suggestions: [String] = []
  /// How many times the suggestions were loaded (each checked on the main actor).
  private(set) var loadCount = 0
  /// Loads nickname suggestions; set in `init`, once `self` can be captured.
  private(set) var refresh: Command<Void, [String], Never>?
  /// Asks the name service whether a name is free.
  var checkName: (String) -> Signal<Bool, ProfileError> = { _ in .never }
  /// Names whose availability was asked, in order (each asked on the main actor).
  private(set) var checkedNames: [String] = []
  /// What the form says about the name typed.
  private(set) var nameSummary = ""
  /// The name service's error, if it failed.
  private(set) var nameError: ProfileError?
  private var subscriptions: [any Disposable] = []

  /// A form whose refresh command delivers its state on `scheduler`.
  init(scheduler: any Scheduler) {
    refresh = Command(enabled: isOnline.signal, scheduler: scheduler) { [unowned self] in
      self.loadSuggestions()
    }
  }

  /// Refreshes the suggestions, as a pull-to-refresh would.
  func pullToRefresh() {
    refresh!.execute().subscribe(next: { names in self.suggestions = names })
  }

  /// The suggestions for the nicknames picked so far.
  func loadSuggestions() -> Signal<[String], Never> {
    MainActor.assertIsolated()
    loadCount += 1
    return .just(nicknames.map { "\($0)\(loadCount)" })
  }

  /// Starts following the age field's text and the nickname picker.
  func start(ageText: Signal<String, Never>, nickname: Signal<String?, Never>) {
    subscriptions.append(
      ageText.compactMap { text in self.parseAge(text) }
        .subscribe(next: { age in self.ages.append(age) }))
    subscriptions.append(
      nickname.skipNil().map { name in self.display(name) }
        .subscribe(next: { name in self.nicknames.append(name) }))
  }

  /// Follows the name field: each name is checked with the service (the last one asked wins), and
  /// the summary combines the name with its answer.
  func watchName(_ name: Signal<String, Never>) {
    let available: Signal<Bool, ProfileError> = name.map { text in
      self.checkAvailability(of: text)
    }.switchToLatest()
    let summary: Signal<String, ProfileError> = Signal.combineLatest(name, available).map {
      text, isFree in self.summary(of: text, isFree: isFree)
    }
    subscriptions.append(
      summary.subscribe(
        next: { text in self.nameSummary = text }, error: { error in self.nameError = error }))
  }

  /// Asks the service about `name`, normalized.
  func checkAvailability(of name: String) -> Signal<Bool, ProfileError> {
    MainActor.assertIsolated()
    let normalized = name.lowercased()
    checkedNames.append(normalized)
    return checkName(normalized)
  }

  /// The summary of a name and whether it is free.
  func summary(of name: String, isFree: Bool) -> String {
    MainActor.assertIsolated()
    return isFree ? "\(name) is free" : "\(name) is taken"
  }

  /// The age in `text`, if it is a number the form accepts.
  func parseAge(_ text: String) -> Int? {
    MainActor.assertIsolated()
    parseCount += 1
    guard let age = Int(text), (0...maximumAge).contains(age) else { return nil }
    return age
  }

  /// A nickname as the form shows it.
  func display(_ name: String) -> String { "@\(name)" }

  /// Ends the view model's subscriptions.
  func stop() {
    for subscription in subscriptions { subscription.dispose() }
    subscriptions = []
  }
}
