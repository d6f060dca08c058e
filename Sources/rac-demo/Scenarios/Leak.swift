import RACSwift

extension Scenario {
  /// A view model kept alive by its own subscription, found by the leak report.
  static let leak = Scenario(
    name: "leak",
    title: "Finding a leak: a subscription that outlives its view model, named with its place",
    source: """
      From ReactiveCocoa 2's memory-management guidance (a block that captures self strongly, \
      subscribed to a signal self owns, is a retain cycle — hence @weakify and @strongify).
      """,
    article: "FindingALeak",
    narration: """
      Two search view models subscribe to their own query signal; the leaky one's handler \
      captures self strongly, the other's weakly. The leaky model holds its query, the query \
      holds the subscription, and the subscription's handler holds the model: a cycle. When \
      the screen lets go of both, the second goes away and ends its subscription; the leaky \
      one lives on and still handles queries. The subscription ledger, installed for the \
      story as the .checksLiveSubscriptions trait installs one for a test, names what is left: \
      the chain, the line that subscribed it, and where its handlers run. Disposing that \
      subscription and letting go of its disposable, which holds the handler, breaks the cycle.
      """,
    code: """
      subscription = query.filter { !$0.isEmpty }.map { $0.lowercased() }
        .subscribe(next: { self.handle($0) })               // the leaky model: a cycle
        .subscribe(next: { [weak self] in self?.handle($0) }) // the fixed one
      let ledger = SubscriptionLedger()
      ledger.withLedger { /* make both models, type, let go of them */ }
      ledger.liveSubscriptions  // [[query] -filter:] -map: subscribed at …Leak.swift:…
      subscription?.dispose(); subscription = nil  // ends it and lets go of it: no cycle
      """,
    labels: [
      ("s, a", #"a query the model handled: "swift", then "again""#),
      ("2, 1, 0", "how many subscriptions the ledger counts live at that step"),
    ],
    run: { stage in
      let handledByLeaky = Subject<String, Never>()
      let handledByFixed = Subject<String, Never>()
      let liveCounts = Subject<Int, Never>()
      stage.record("leaky model handled", handledByLeaky, label: { String($0.prefix(1)) })
      stage.record("fixed model handled", handledByFixed, label: { String($0.prefix(1)) })
      stage.record("live in the ledger", liveCounts)

      let ledger = SubscriptionLedger()
      weak var leaky: SearchModel?
      weak var fixed: SearchModel?
      ledger.withLedger {
        var screen: [SearchModel]? = [
          SearchModel(capturingSelfStrongly: true, handled: handledByLeaky),
          SearchModel(capturingSelfStrongly: false, handled: handledByFixed),
        ]
        leaky = screen?[0]
        fixed = screen?[1]
        for model in screen ?? [] { model.query.sendNext("Swift") }
        stage.log("typed \"Swift\" into both models: each handled \"swift\"")
        liveCounts.sendNext(ledger.liveCount)
        stage.step()
        screen = nil
      }
      liveCounts.sendNext(ledger.liveCount)
      stage.log(
        "the screen let go of both models: the fixed one "
          + (fixed == nil ? "went away" : "is STILL ALIVE") + ", the leaky one "
          + (leaky == nil ? "went away" : "is still alive"))
      stage.step()
      leaky?.query.sendNext("Again")
      fixed?.query.sendNext("Again")
      stage.log("typed \"Again\" into whichever model is still alive: the leaky one handled it")
      stage.step()
      liveCounts.sendNext(ledger.liveCount)
      let report = ledger.liveSubscriptions
      stage.log("\(counted(ledger.liveCount, "live subscription")) in the ledger:")
      for subscription in report { stage.log("  \(subscription)") }
      stage.step()
      leaky?.close()
      liveCounts.sendNext(ledger.liveCount)
      stage.log(
        "disposing its subscription and letting go of the disposable broke the cycle: the leaky "
          + "model "
          + (leaky == nil ? "went away" : "is still alive") + "; "
          + counted(ledger.liveCount, "live subscription") + " left")

      let named = report.first
      return .check(
        report.count == 1 && named?.name == "[[query] -filter:] -map:"
          && named?.location?.hasPrefix("rac_demo/Leak.swift:") == true
          && named?.handlersRunOn == SubscriptionLedger.LiveSubscription.sendingThread
          && leaky == nil && fixed == nil && ledger.liveCount == 0,
        "the leaked subscription was named with the line that made it: "
          + (named.map { "\($0.name ?? "?") at \($0.location ?? "?")" } ?? "none")
          + "; breaking the cycle freed the model and left 0 live",
        failure: "report \(report.map(\.description)); leaky model alive: \(leaky != nil), "
          + "fixed model alive: \(fixed != nil), live: \(ledger.liveCount)")
    })
}

/// A search view model that subscribes to its own query, capturing itself strongly (a cycle)
/// or weakly.
private final class SearchModel {
  let query = Subject<String, Never>().setName("query")
  private let handled: Subject<String, Never>
  private var subscription: (any Disposable)?

  init(capturingSelfStrongly: Bool, handled: Subject<String, Never>) {
    self.handled = handled
    let queries = query.filter { !$0.isEmpty }.map { $0.lowercased() }
    if capturingSelfStrongly {
      subscription = queries.subscribe(next: { self.handle($0) })
    } else {
      subscription = queries.subscribe(next: { [weak self] in self?.handle($0) })
    }
  }

  private func handle(_ query: String) { handled.sendNext(query) }

  /// Ends the subscription and lets go of its disposable (which holds the handler), and with
  /// them the cycle.
  func close() {
    subscription?.dispose()
    subscription = nil
  }
}
