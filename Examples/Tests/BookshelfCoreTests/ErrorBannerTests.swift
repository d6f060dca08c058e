import BookshelfCore
import RACSwift
import RACSwiftTesting
import Testing

/// The banner's messages hide themselves after a while, timed on a `TestScheduler` standing in
/// for `MainScheduler`: the hiding runs on the main actor, in virtual time.
@MainActor
@Suite("The error banner", .checksLiveSubscriptions)
struct ErrorBannerTests {
  let scheduler = TestScheduler()
  let errors = Subject<APIError, Never>()
  let banner: ErrorBanner

  init() {
    banner = ErrorBanner(scheduler: scheduler)
    banner.show(errors)
  }

  @Test("a message hides itself once it has been on show for visibleFor")
  func hidesItself() {
    errors.sendNext(.offline)
    #expect(banner.message == APIError.offline.userMessage)
    scheduler.advance(by: ErrorBanner.visibleFor - .seconds(1))
    #expect(banner.message != nil)
    scheduler.advance(by: .seconds(1))
    #expect(banner.message == nil)
  }

  @Test("a newer message replaces the one on show and gets the whole time again")
  func newerMessageRestartsTheTime() {
    errors.sendNext(.offline)
    scheduler.advance(by: .seconds(3))
    errors.sendNext(.server(status: 503))
    #expect(banner.message == APIError.server(status: 503).userMessage)
    scheduler.advance(by: .seconds(3))
    #expect(banner.message != nil, "the first message's time does not hide the second")
    scheduler.advance(by: .seconds(1))
    #expect(banner.message == nil)
  }

  @Test("dismissing hides at once and cancels the pending hiding")
  func dismissCancels() {
    errors.sendNext(.offline)
    scheduler.advance(by: .seconds(1))
    banner.dismiss()
    #expect(banner.message == nil)
    errors.sendNext(.wrongCredentials)
    scheduler.advance(by: ErrorBanner.visibleFor - .seconds(1))
    #expect(
      banner.message == APIError.wrongCredentials.userMessage,
      "the dismissed message's hiding does not hide the next one")
    scheduler.advance(by: .seconds(1))
    #expect(banner.message == nil)
  }
}
