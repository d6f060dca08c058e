import RACSwift
import Workloads

// W1m (not in WORKLOADS.md): W1b written as a `@MainActor` view model writes it — the chain
// built on the main actor, so every closure runs there — with the sends made on the main
// thread. What it shows: what isolating a chain to the main actor costs per event over the
// nonisolated W1b. Main-thread-only, so it runs in `workload-runner` and `smoke` (whose
// top-level code runs on the main thread), not under package-benchmark.
/// The app-code workloads, which are not WORKLOADS.md's: `workload-runner` and `smoke` run them;
/// package-benchmark does not (W1m must run on the main thread, where its benchmarks do not).
public let appWorkloads: [Workload] = [w1m]

let w1m = Workload(
  id: "W1m", title: "main-actor subject → map → filter → map → sum", unit: "send",
  count: 1_000_000,
  implementations: [
    Implementation(name: Library.racSwift) { n, meter in
      MainActor.assumeIsolated { mainActorW1b(n, meter) }
    },
    // The same loop as W1b's: on the main thread, a closure loop is the same work.
    workloads.first { $0.id == "W1b" }!.implementations.first { $0.name == Library.closureLoop }!,
  ])

@MainActor
private func mainActorW1b(_ n: Int, _ meter: Meter) -> Int {
  // Written on the main actor: every closure below may touch main-actor state, and runs there.
  let sum = Sum()
  let subject = Subject<Int, Never>()
  let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
    .subscribe(next: { sum.value &+= $0 })
  meter.start()
  for value in 0..<n { subject.sendNext(value) }
  meter.stop()
  subscription.dispose()
  return sum.value
}

/// The workloads' `Counter`, for this module: the `@exclusivity(unchecked)` of `Counter.value`
/// does not reach code in another module, which would pay a run-time exclusivity check (~30
/// instructions) for every value summed — work the other implementations do not do.
private final class Sum {
  // Lock discipline: used by one subscriber on the main actor; read after the run.
  @exclusivity(unchecked) var value = 0
}
