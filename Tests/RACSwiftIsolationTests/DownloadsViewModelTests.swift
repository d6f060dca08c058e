import RACSwift
import RACSwiftTesting
import Testing

/// `DownloadsViewModel` at run time: every closure on `DownloadActor`, in order.
@Suite(
  "A view model isolated to a custom global actor", .checksLiveSubscriptions,
  .timeLimit(.minutes(1)))
struct DownloadsViewModelTests {
  /// The reports of the tests: a cancelled file, a step too small to show, three finished files
  /// (one with a known checksum, one the mirror knows, one nobody knows).
  static let reports = [
    DownloadProgress(file: "a.zip", received: 0, size: 100),
    DownloadProgress(file: "junk.bin", received: 5, size: 10),
    DownloadProgress(file: "a.zip", received: 5, size: 100),
    DownloadProgress(file: "a.zip", received: 50, size: 100),
    DownloadProgress(file: "b.zip", received: 10, size: 10),
    DownloadProgress(file: "a.zip", received: 100, size: 100),
    DownloadProgress(file: "c.zip", received: 1, size: 1),
  ]

  /// A view model that ignores `junk.bin` and knows `a.zip`'s checksum, started on `reports`.
  @DownloadActor
  static func startedModel(reports: Signal<DownloadProgress, Never>) -> DownloadsViewModel {
    let model = DownloadsViewModel()
    model.cancelledFiles = ["junk.bin"]
    model.knownChecksums = ["a.zip": "aaa"]
    model.start(reports: reports) { file in
      file == "b.zip" ? .just("bbb") : .error(.unknownFile(file))
    }
    return model
  }

  @DownloadActor
  @Test("reports sent from a background thread run every closure on the actor, in order")
  func backgroundReports() async {
    let reports = Subject<DownloadProgress, Never>()
    let model = Self.startedModel(reports: reports)

    sendFromBackground(Self.reports, to: reports)
    await yield(until: { model.verified.count + model.unverified.count == 3 })

    #expect(
      model.shown == ["a.zip: 0%", "a.zip: 50%", "b.zip: 100%", "a.zip: 100%", "c.zip: 100%"])
    #expect(model.totals == [0, 5, 50, 60, 110, 111])
    #expect(model.verified == ["b.zip#bbb", "a.zip#aaa"])
    #expect(model.unverified == ["c.zip"])
    #expect(
      Set(model.stagesRun) == [
        "filter", "map", "distinctUntilChanged", "scan", "flattenMap", "Signal { }", "catch",
      ])
    model.stop()
  }

  @DownloadActor
  @Test("reports sent on the actor itself run every closure on the actor, in order (not inline)")
  func reportsSentOnTheActor() async {
    let reports = Subject<DownloadProgress, Never>()
    let model = Self.startedModel(reports: reports)

    reports.sendNext(Self.reports[0])
    // CONTRACT.md#isolation: an event that reaches the stage on its actor with nothing queued ahead runs
    // inline. On the main actor it does (see the main-actor suites); on a custom actor the hop
    // only knows it is on the actor while it runs work it queued itself, so an event sent by the
    // actor's own code is queued and runs after the sender's job.
    withKnownIssue(
      """
      RACSwift limitation: a value sent by a custom global actor's own code reaches a stage on \
      that actor later in order, not inline before sendNext returns (the main actor is inline)
      """
    ) {
      #expect(model.shown == ["a.zip: 0%"])
    }
    for report in Self.reports.dropFirst() { reports.sendNext(report) }
    await yield(until: { model.verified.count + model.unverified.count == 3 })

    #expect(
      model.shown == ["a.zip: 0%", "a.zip: 50%", "b.zip: 100%", "a.zip: 100%", "c.zip: 100%"])
    #expect(model.totals == [0, 5, 50, 60, 110, 111])
    model.stop()
  }
}
