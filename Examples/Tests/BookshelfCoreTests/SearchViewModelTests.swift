import BookshelfCore
import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// Search as you type against the bookshelf played by a loopback HTTP server: the pause after
/// typing is timed on virtual time, the answers come over a real socket.
@MainActor
@Suite("Search as you type", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct SearchViewModelTests {
  let shelf: FakeBookshelf
  let scheduler = TestScheduler()
  let model: SearchViewModel

  init() throws {
    shelf = try FakeBookshelf()
    model = SearchViewModel(service: shelf.service, scheduler: scheduler)
  }

  @Test("typing searches once, for the last query, after the user pauses")
  func searchesAfterAPause() async {
    var states: [SearchViewModel.State] = []
    let recording = model.$state.signal.subscribe(next: { states.append($0) })
    model.query = "v"
    model.query = "vo"
    model.query = "Volume 1 "
    await scheduler.advance(by: SearchViewModel.pause - .milliseconds(1))
    #expect(states == [.idle], "still typing")

    await scheduler.advance(by: .milliseconds(1))
    await model.$state.wait { if case .found = $0 { true } else { false } }
    let found = ([1] + Array(10...19)).map(Self.book)
    #expect(states == [.idle, .searching("volume 1"), .found("volume 1", found)])
    #expect(model.results == found)
    #expect(shelf.server.hitCount("/search?q=volume%201") == 1)
    #expect(shelf.server.hitCount("/search?q=vo") == 0, "no search for what was typed on the way")
    recording.dispose()
  }

  @Test("a new search cancels the one still running: only the latest answer is shown")
  func onlyTheLatestAnswer() async {
    model.query = "slow swift"
    await scheduler.advance(by: SearchViewModel.pause)
    #expect(model.state == .searching("slow swift"))
    await waitUntil { shelf.server.hitCount("/search?q=slow%20swift") == 1 }

    model.query = "volume 2"
    await scheduler.advance(by: SearchViewModel.pause)
    let server = shelf.server
    let hungUp = await Task.detached { server.waitForHangUp("slow swift") }.value
    #expect(hungUp, "the request for the earlier query was cancelled")

    await model.$state.wait { if case .found = $0 { true } else { false } }
    #expect(model.state == .found("volume 2", [2, 20, 21, 22, 23, 24, 25].map(Self.book)))
  }

  @Test("a failed search says why, and the next query searches again")
  func failure() async {
    model.query = "boom"
    await scheduler.advance(by: SearchViewModel.pause)
    await model.$state.wait { if case .failed = $0 { true } else { false } }
    #expect(model.errorMessage == APIError.server(status: 500).userMessage)
    #expect(model.results.isEmpty)

    model.query = "volume 7"
    await scheduler.advance(by: SearchViewModel.pause)
    await model.$state.wait { $0 == .found("volume 7", [Self.book(7)]) }
    #expect(model.errorMessage == nil)
  }

  @Test("a query shorter than two letters clears the results without asking the server")
  func shortQuery() async {
    model.query = "volume 5"
    await scheduler.advance(by: SearchViewModel.pause)
    await model.$state.wait { if case .found = $0 { true } else { false } }

    model.query = "v"
    await scheduler.advance(by: SearchViewModel.pause)
    #expect(model.state == .idle)
    #expect(shelf.server.hitCount("/search?q=v") == 0)
  }

  static func book(_ id: Int) -> Book { FakeBookshelf.catalog[id - 1] }
}
