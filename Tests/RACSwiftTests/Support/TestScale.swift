import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How big the stress tests run: how many rounds, values per thread and, where depth is not the
/// point, how deep a chain. Every test runs at every scale, with real threads; only the sizes
/// change.
///
/// - ``quick`` (the default, `swift test`): about a tenth of the full sizes, so the whole run
///   answers within a minute on 2 cores.
/// - ``full`` (`RACSWIFT_FULL_TESTS=1`): the sizes the tests were written with; `.ci/run` runs the
///   stress suites at this scale as a step of their own.
/// - ``sanitized`` (the process runs under the thread sanitizer or AddressSanitizer, whatever the
///   environment says): sizes that take a few seconds a test under the sanitizer, one test at a
///   time (`--no-parallel`); the quick sizes unless a call site says otherwise.
///
/// A call site states the full number, and its own quick number where a tenth does not fit (a
/// depth that must still overflow a 512 KiB stack without the bounded-stack mechanism):
/// `TestScale.size(full: 100_000)`, `TestScale.size(full: 10_000, quick: 500)`.
enum TestScale: Sendable {
  case quick
  case full
  case sanitized

  /// The scale of this process, read once.
  static let current: TestScale = {
    if runsUnderSanitizer { return .sanitized }
    if ProcessInfo.processInfo.environment["RACSWIFT_FULL_TESTS"] == "1" { return .full }
    return .quick
  }()

  /// The size to run at the current scale: `full` at ``full``; `quick` (by default a tenth of
  /// `full`, at least 1) at ``quick``; `sanitized` (by default the quick size) at ``sanitized``.
  static func size(full: Int, quick: Int? = nil, sanitized: Int? = nil) -> Int {
    let quickSize = quick ?? max(1, full / 10)
    switch current {
    case .full: return full
    case .quick: return quickSize
    case .sanitized: return sanitized ?? quickSize
    }
  }
}

/// Whether this process runs under the thread sanitizer (its runtime is linked in).
let runsUnderThreadSanitizer: Bool = runtimeIsLinked("__tsan_init")

/// Whether this process runs under AddressSanitizer (its runtime is linked in).
let runsUnderAddressSanitizer: Bool = runtimeIsLinked("__asan_init")

/// Whether this process runs under the thread sanitizer or AddressSanitizer.
let runsUnderSanitizer: Bool = runsUnderThreadSanitizer || runsUnderAddressSanitizer

/// Whether the process has the symbol `name` (a sanitizer's runtime defines its `init`).
private func runtimeIsLinked(_ name: String) -> Bool {
  guard let process = dlopen(nil, RTLD_NOW) else { return false }
  defer { dlclose(process) }
  return dlsym(process, name) != nil
}
