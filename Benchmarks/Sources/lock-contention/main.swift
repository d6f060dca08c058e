import Dispatch
import Foundation
import RACSwift
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Lock contention across unrelated subjects (issue 20, item 7): 8 threads send into 8 subjects,
// thread i alternating between subject i and subject i + 1 (mod 8), so every subject has two
// senders and every thread contends with both its neighbours on different locks.
//
//   swift build -c release --product lock-contention
//   .build/release/lock-contention [label] [sends per thread] [mode]
//
// mode: `ring` (the above, default), `pairs` (threads 2k and 2k + 1 share subject k, 4 subjects),
// `shared` (each thread alternates between its own subject and one subject all 8 share).
//
// Prints one line: sends per second (all threads, wall clock) and the process's context
// switches during the run (getrusage): voluntary ones are the times a thread went to sleep —
// a parked lock waiter, each of which ends with a wake-up — and involuntary ones are
// preemptions (and sched_yield). Run each configuration several times, alternating builds.

// Everything runs in a nonisolated function: code at the top level of `main.swift` is
// `@MainActor`, and subscriptions made there would deliver through the main actor.
nonisolated func measure() {
  let arguments = Array(CommandLine.arguments.dropFirst())
  let label = arguments.count > 0 ? arguments[0] : "lock"
  let sendsPerThread = arguments.count > 1 ? Int(arguments[1]) ?? 2_000_000 : 2_000_000
  let mode = arguments.count > 2 ? arguments[2] : "ring"
  let threadCount = 8

  let subjectCount: Int
  let targets: @Sendable (Int, Int) -> Int  // (thread, send index) -> subject
  switch mode {
  case "pairs":
    subjectCount = threadCount / 2
    targets = { thread, _ in thread / 2 }
  case "shared":
    subjectCount = threadCount + 1
    targets = { thread, index in index & 1 == 0 ? thread : threadCount }
  default:
    subjectCount = threadCount
    targets = { thread, index in index & 1 == 0 ? thread : (thread + 1) % threadCount }
  }

  let subjects = (0..<subjectCount).map { _ in Subject<Int, Never>() }
  let tallies = (0..<subjectCount).map { _ in Tally() }
  let subscriptions = zip(subjects, tallies).map { subject, tally in
    subject.subscribe(next: { value in
      tally.count &+= 1
      tally.sum &+= value
    })
  }

  let ready = Atomic<Int>(0)
  let go = Atomic<Bool>(false)
  let group = DispatchGroup()
  for thread in 0..<threadCount {
    group.enter()
    let worker = Thread {
      ready.wrappingAdd(1, ordering: .relaxed)
      while !go.load(ordering: .acquiring) { sched_yield() }
      for index in 0..<sendsPerThread { subjects[targets(thread, index)].sendNext(index) }
      group.leave()
    }
    worker.start()
  }
  while ready.load(ordering: .relaxed) < threadCount { sched_yield() }

  let before = contextSwitches()
  let start = DispatchTime.now().uptimeNanoseconds
  go.store(true, ordering: .releasing)
  group.wait()
  let elapsed = DispatchTime.now().uptimeNanoseconds - start
  let after = contextSwitches()
  for subscription in subscriptions { subscription.dispose() }

  let total = sendsPerThread * threadCount
  precondition(tallies.reduce(0) { $0 + $1.count } == total, "lost values")
  let seconds = Double(elapsed) / 1e9
  let voluntary = after.voluntary - before.voluntary
  let involuntary = after.involuntary - before.involuntary
  print(
    "\(label) \(mode): \(String(format: "%.2f", Double(total) / seconds / 1e6)) M sends/s, "
      + "\(voluntary) voluntary context switches "
      + "(\(String(format: "%.0f", Double(voluntary) / seconds)) /s), \(involuntary) involuntary, "
      + "\(String(format: "%.2f", seconds)) s")
}

/// One subject's subscriber state.
final class Tally: @unchecked Sendable {
  // Lock discipline: written only by the subject's subscriber, whose deliveries RACSwift
  // serializes; read after every sender has finished.
  @exclusivity(unchecked) var count = 0
  @exclusivity(unchecked) var sum = 0
}

func contextSwitches() -> (voluntary: Int, involuntary: Int) {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return (usage.ru_nvcsw, usage.ru_nivcsw)
}

measure()
