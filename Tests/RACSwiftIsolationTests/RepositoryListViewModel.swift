import RACSwift

/// A repository in the list.
struct Repository: Sendable, Equatable, Hashable {
  /// The server's identifier.
  var id: Int
  /// The repository's name.
  var name: String
  /// Its main language, which the list is sectioned by.
  var language: String
}

/// One page of results, as the server sends it.
struct Page: Sendable, Equatable {
  /// The page's number, from 1; a page the cache replays before the first fresh one has 0.
  var number: Int
  /// The repositories on the page (the server may repeat some of an earlier page).
  var repositories: [Repository]
}

/// A summary of the pages loaded, built from a fresh start value per subscription.
struct LoadReport: Equatable {
  /// The page numbers, in order.
  var pageNumbers: [Int] = []
  /// How many repositories they held, repeats included.
  var repositoryCount = 0
}

/// A paginated repository list's view model, ported from a RAC 2 repository browser: pages
/// arrive (stale cached ones first, which are skipped), are loaded up to a page limit,
/// accumulated, de-duplicated and sorted into sections by language; totals are reported when
/// loading ends. Every closure uses the view model's own state and methods, unannotated.
@MainActor
final class RepositoryListViewModel {
  /// Pages after this one are not loaded.
  var pageLimit = 3
  /// Languages the user hid.
  var hiddenLanguages: Set<String> = []
  /// What a repository without a language is filed under.
  var otherSection = "Other"
  /// Every repository loaded, in order, without repeats.
  private(set) var repositories: [Repository] = []
  /// A line per page loaded ("page 1 (#0): 3 repositories").
  private(set) var pageLines: [String] = []
  /// The repositories newly shown, in order.
  private(set) var newRepositories: [Repository] = []
  /// Repository ids by section (`groupBy`).
  private(set) var sections: [String: [Int]] = [:]
  /// Repository names by language (`groupBy(_:transform:)`).
  private(set) var namesByLanguage: [String: [String]] = [:]
  /// How many visible repositories all pages held, once loading has ended.
  private(set) var visibleTotal: Int?
  /// The pages' numbers and positions, once loading has ended.
  private(set) var pageIndexLog: String?
  /// The load report, once loading has ended.
  private(set) var report: LoadReport?
  /// Whether loading has ended.
  private(set) var finishedLoading = false
  /// The stages whose closures ran, in order (each checked to run on the main actor).
  private(set) var stagesRun: [String] = []
  private var subscriptions: [any Disposable] = []

  /// Starts showing what `pages` sends.
  func start(pages: Signal<Page, Never>) {
    let loaded =
      pages
      .skip(until: { page in
        self.ran("skip(until:)")
        return self.isFresh(page)
      })
      .take(while: { page in
        self.ran("take(while:)")
        return page.number <= self.pageLimit
      })
    subscriptions.append(
      loaded
        .scan([Repository]()) { shown, page in
          self.ran("scan")
          return self.merging(page, into: shown)
        }
        .subscribe(next: { self.repositories = $0 }, completed: { self.finishedLoading = true }))
    subscriptions.append(
      loaded
        .scan("") { _, page, index in
          self.ran("scan(withIndex)")
          return self.line(for: page, at: index)
        }
        .subscribe(next: { self.pageLines.append($0) }))
    let fresh = loaded.bind {
      self.ran("bind")
      var seen: Set<Int> = []
      return { page, stop in
        self.ran("bind block")
        let new = page.repositories.filter { seen.insert($0.id).inserted && self.isVisible($0) }
        if page.number == self.pageLimit { stop = true }
        return .from(new)
      }
    }
    subscriptions.append(fresh.subscribe(next: { self.newRepositories.append($0) }))
    subscriptions.append(
      fresh
        .groupBy { repository in
          self.ran("groupBy")
          return self.section(for: repository)
        }
        .subscribe(next: { section in
          self.subscriptions.append(
            section.subscribe(next: { self.sections[section.key, default: []].append($0.id) }))
        }))
    subscriptions.append(
      fresh
        .groupBy(
          { $0.language },
          transform: { repository in
            self.ran("groupBy transform")
            return self.displayName(of: repository)
          }
        )
        .subscribe(next: { language in
          self.subscriptions.append(
            language.subscribe(next: { self.namesByLanguage[language.key, default: []].append($0) })
          )
        }))
    subscriptions.append(
      loaded
        .aggregate(0) { total, page in
          self.ran("aggregate")
          return total + page.repositories.filter(self.isVisible).count
        }
        .subscribe(next: { self.visibleTotal = $0 }))
    subscriptions.append(
      loaded
        .aggregate("") { log, page, index in
          self.ran("aggregate(withIndex)")
          return log + self.indexEntry(for: page, at: index)
        }
        .subscribe(next: { self.pageIndexLog = $0 }))
    subscriptions.append(
      loaded
        .aggregate(startFactory: {
          self.ran("aggregate startFactory")
          return self.emptyReport()
        }) { report, page in
          self.ran("aggregate(startFactory:)")
          return self.adding(page, to: report)
        }
        .subscribe(next: { self.report = $0 }))
  }

  /// Ends the view model's subscriptions.
  func stop() {
    for subscription in subscriptions { subscription.dispose() }
    subscriptions.removeAll()
  }

  /// Records that `stage`'s closure ran, and checks that it runs on the main actor.
  func ran(_ stage: String) {
    MainActor.assertIsolated("\(stage) ran off the main actor")
    stagesRun.append(stage)
  }

  func isFresh(_ page: Page) -> Bool { page.number > 0 }

  func isVisible(_ repository: Repository) -> Bool {
    !hiddenLanguages.contains(repository.language)
  }

  func merging(_ page: Page, into shown: [Repository]) -> [Repository] {
    shown + page.repositories.filter { !shown.contains($0) && isVisible($0) }
  }

  func line(for page: Page, at index: Int) -> String {
    "page \(page.number) (#\(index)): \(page.repositories.count) repositories"
  }

  func section(for repository: Repository) -> String {
    repository.language.isEmpty ? otherSection : repository.language
  }

  func displayName(of repository: Repository) -> String { repository.name.uppercased() }

  func indexEntry(for page: Page, at index: Int) -> String { "\(index):\(page.number);" }

  func emptyReport() -> LoadReport { LoadReport() }

  func adding(_ page: Page, to report: LoadReport) -> LoadReport {
    var report = report
    report.pageNumbers.append(page.number)
    report.repositoryCount += page.repositories.count
    return report
  }
}
