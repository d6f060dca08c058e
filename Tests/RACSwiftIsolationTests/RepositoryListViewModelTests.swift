import RACSwift
import RACSwiftTesting
import Testing

/// `RepositoryListViewModel` at run time: pages on the main actor and from a background thread.
@Suite("A @MainActor paginated list view model", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct RepositoryListViewModelTests {
  /// A repository with `id`, named after it unless `name` is given.
  static func repository(_ id: Int, _ language: String, _ name: String? = nil) -> Repository {
    Repository(id: id, name: name ?? "repo\(id)", language: language)
  }

  @MainActor
  @Test("pages sent on the main actor are accumulated, de-duplicated and sectioned at once")
  func synchronousOnTheMainActor() {
    let pages = Subject<Page, Never>()
    let model = RepositoryListViewModel()
    model.hiddenLanguages = ["Perl"]
    model.start(pages: pages)

    pages.sendNext(Page(number: 0, repositories: [Self.repository(9, "Swift")]))
    #expect(model.repositories.isEmpty, "a stale page from the cache is skipped")
    pages.sendNext(
      Page(
        number: 1,
        repositories: [
          Self.repository(1, "ObjC", "rac"), Self.repository(2, "Swift", "rx"),
          Self.repository(3, "Perl"),
        ]))
    #expect(model.repositories.map(\.id) == [1, 2])
    #expect(model.newRepositories.map(\.id) == [1, 2])
    #expect(model.pageLines == ["page 1 (#0): 3 repositories"])
    #expect(model.sections == ["ObjC": [1], "Swift": [2]])
    #expect(model.namesByLanguage == ["ObjC": ["RAC"], "Swift": ["RX"]])

    pages.sendNext(
      Page(
        number: 2,
        repositories: [
          Self.repository(2, "Swift", "rx"), Self.repository(4, "Swift"), Self.repository(5, ""),
        ]))
    #expect(model.repositories.map(\.id) == [1, 2, 4, 5])
    #expect(model.sections == ["ObjC": [1], "Swift": [2, 4], "Other": [5]])
    #expect(model.namesByLanguage["", default: []] == ["REPO5"])
    #expect(model.visibleTotal == nil, "totals wait for the end of loading")

    pages.sendNext(Page(number: 3, repositories: [Self.repository(6, "Elm")]))
    #expect(model.newRepositories.map(\.id) == [1, 2, 4, 5, 6])
    pages.sendNext(Page(number: 4, repositories: [Self.repository(7, "Elm")]))
    #expect(model.finishedLoading, "past the page limit")
    #expect(model.repositories.map(\.id) == [1, 2, 4, 5, 6])
    #expect(model.pageLines.count == 3)
    #expect(model.visibleTotal == 6)
    #expect(model.pageIndexLog == "0:1;1:2;2:3;")
    #expect(model.report == LoadReport(pageNumbers: [1, 2, 3], repositoryCount: 7))
    #expect(
      Set(model.stagesRun) == [
        "skip(until:)", "take(while:)", "scan", "scan(withIndex)", "bind", "bind block", "groupBy",
        "groupBy transform", "aggregate", "aggregate(withIndex)", "aggregate startFactory",
        "aggregate(startFactory:)",
      ])
    model.stop()
  }

  @MainActor
  @Test("pages sent from a background thread are shown on the main actor, in order")
  func backgroundPages() async {
    let pages = Subject<Page, Never>()
    let model = RepositoryListViewModel()
    model.pageLimit = 50
    model.start(pages: pages)
    let sent = (0...51).map { number in
      Page(
        number: number, repositories: [Self.repository(number, number % 2 == 0 ? "Swift" : "ObjC")])
    }

    sendFromBackground(sent, to: pages)
    await yield(until: {
      model.finishedLoading && model.report != nil && model.visibleTotal != nil
        && model.pageIndexLog != nil && model.sections.values.joined().count == 50
        && model.namesByLanguage.values.joined().count == 50
    })

    let loaded = Array(1...50)
    #expect(model.repositories.map(\.id) == loaded)
    #expect(model.newRepositories.map(\.id) == loaded)
    #expect(model.pageLines == loaded.map { "page \($0) (#\($0 - 1)): 1 repositories" })
    #expect(model.sections["Swift"] == loaded.filter { $0 % 2 == 0 })
    #expect(model.sections["ObjC"] == loaded.filter { $0 % 2 == 1 })
    #expect(model.namesByLanguage["ObjC"] == loaded.filter { $0 % 2 == 1 }.map { "REPO\($0)" })
    #expect(model.visibleTotal == 50)
    #expect(model.pageIndexLog == loaded.map { "\($0 - 1):\($0);" }.joined())
    #expect(model.report == LoadReport(pageNumbers: loaded, repositoryCount: 50))
    model.stop()
  }
}
