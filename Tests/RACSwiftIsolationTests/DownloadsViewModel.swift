import RACSwift

/// A progress report of one download.
struct DownloadProgress: Sendable, Equatable {
  /// The file being downloaded.
  var file: String
  /// Bytes received so far.
  var received: Int
  /// The file's size in bytes.
  var size: Int
}

/// Why a download's checksum lookup failed.
enum ChecksumError: Error, Equatable {
  /// The mirror does not know the file.
  case unknownFile(String)
}

/// A downloads screen's view model, isolated to the app's own ``DownloadActor`` instead of the
/// main actor: progress reports are filtered, turned into percentages, de-duplicated, totalled,
/// and finished files verified — every closure using the view model's state and methods,
/// unannotated. The operators run them on `DownloadActor`.
@DownloadActor
final class DownloadsViewModel {
  /// Files the user cancelled: their reports are ignored.
  var cancelledFiles: Set<String> = []
  /// Percent steps smaller than this are not shown.
  var minimumStep = 10
  /// Checksums known locally.
  var knownChecksums: [String: String] = [:]
  /// The percentages shown, in order, as "file: n%".
  private(set) var shown: [String] = []
  /// Bytes received over all reports, in order.
  private(set) var totals: [Int] = []
  /// Verified files with their checksum, in order.
  private(set) var verified: [String] = []
  /// Files whose verification failed.
  private(set) var unverified: [String] = []
  /// The stages whose closures ran, in order (each checked to run on `DownloadActor`).
  private(set) var stagesRun: [String] = []
  private var subscriptions: [any Disposable] = []

  /// A view model with nothing downloaded yet.
  init() {}

  /// Starts showing what `reports` sends; `mirror` looks up checksums of finished files.
  func start(
    reports: Signal<DownloadProgress, Never>,
    mirror: @escaping (String) -> Signal<String, ChecksumError>
  ) {
    let tracked = reports.filter { report in
      self.ran("filter")
      return !self.cancelledFiles.contains(report.file)
    }
    subscriptions.append(
      tracked
        .map { report in
          self.ran("map")
          return (report.file, self.percent(of: report))
        }
        .distinctUntilChanged { previous, next in
          self.ran("distinctUntilChanged")
          return previous.0 == next.0 && next.1 - previous.1 < self.minimumStep
        }
        .subscribe(next: { file, percent in self.shown.append("\(file): \(percent)%") }))
    subscriptions.append(
      tracked
        .scan(0) { total, report in
          self.ran("scan")
          return total + self.increment(of: report)
        }
        .subscribe(next: { self.totals.append($0) }))
    subscriptions.append(
      tracked
        .filter { $0.received == $0.size }
        .flattenMap { report in
          self.ran("flattenMap")
          return self.checksum(of: report.file, mirror: mirror)
            .map { "\(report.file)#\($0)" }
            .catch { error in
              self.ran("catch")
              self.unverified.append(report.file)
              return .empty
            }
        }
        .subscribe(next: { self.verified.append($0) }))
  }

  /// Ends the view model's subscriptions.
  func stop() {
    for subscription in subscriptions { subscription.dispose() }
    subscriptions.removeAll()
  }

  /// Records that `stage`'s closure ran, and checks that it runs on `DownloadActor`.
  func ran(_ stage: String) {
    DownloadActor.shared.assertIsolated("\(stage) ran off DownloadActor")
    stagesRun.append(stage)
  }

  /// The checksum of `file`: the local one if known, else the mirror's.
  func checksum(
    of file: String, mirror: @escaping (String) -> Signal<String, ChecksumError>
  ) -> Signal<String, ChecksumError> {
    Signal { subscriber in
      self.ran("Signal { }")
      guard let known = self.knownChecksums[file] else {
        return mirror(file).subscribe(
          next: { subscriber.sendNext($0) }, error: { subscriber.sendError($0) },
          completed: { subscriber.sendCompleted() })
      }
      subscriber.sendNext(known)
      subscriber.sendCompleted()
      return nil
    }
  }

  func percent(of report: DownloadProgress) -> Int {
    report.size == 0 ? 100 : report.received * 100 / report.size
  }

  private var lastReceived: [String: Int] = [:]

  func increment(of report: DownloadProgress) -> Int {
    defer { lastReceived[report.file] = report.received }
    return report.received - (lastReceived[report.file] ?? 0)
  }
}
