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
//   .build/release/lock-contention [label] [sends per thread] [mode] [hold µs]
//
// mode: `ring` (the above, default), `pairs` (threads 2k and 2k + 1 share subject k, 4 subjects),
// `shared` (each thread alternates between its own subject and one subject all 8 share).
// hold: if above 0, the threads change `MutableProperty`s instead, laid out as the subjects,
// with `modify` bodies that sleep that long (as a body reading a file would). The body holds the
// property's lock, so the other thread on it parks: many threads sleep on locks at once, and a
// wake-up meant for one lock can reach threads waiting for others.
//
// Prints one line: sends (or changes) per second, all threads, wall clock; and, from getrusage
// over the run, the process's voluntary context switches — each one a thread going to sleep (a
// parked lock waiter, or a sleeping `modify` body) that something later woke — its involuntary
// ones (preemptions, sched_yield) and its processor time. For the futex calls (waits and
// wake-ups), run it under `perf stat -e syscalls:sys_enter_futex`. Run each configuration
// several times, alternating builds: the numbers of one run are noisy.

// Everything runs in a nonisolated function: code at the top level of `main.swift` is
// `@MainActor`, and subscriptions made there would deliver through the main actor.
nonisolated func measure() {
  let arguments = Array(CommandLine.arguments.dropFirst())
  let label = arguments.count > 0 ? arguments[0] : "lock"
  let sendsPerThread = arguments.count > 1 ? Int(arguments[1]) ?? 2_000_000 : 2_000_000
  let mode = arguments.count > 2 ? arguments[2] : "ring"
  let hold = arguments.count > 3 ? UInt64(arguments[3]) ?? 0 : 0
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
  let properties = (0..<(hold > 0 ? subjectCount : 0)).map { _ in MutableProperty(0) }
  let tallies = (0..<subjectCount).map { _ in Tally() }
  let subscriptions = (0..<subjectCount).map { index in
    let tally = tallies[index]
    let signal: Signal<Int, Never> = hold > 0 ? properties[index].changes : subjects[index]
    return signal.subscribe(next: { value in
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
      if hold > 0 {
        for index in 0..<sendsPerThread {
          properties[targets(thread, index)].modify { value in
            value = index
            usleep(UInt32(hold))
          }
        }
      } else {
        for index in 0..<sendsPerThread { subjects[targets(thread, index)].sendNext(index) }
      }
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
  let rate = String(format: "%.3f", Double(total) / seconds / 1e6)
  let cpu = String(format: "%.2f", after.cpu - before.cpu)
  print(
    "\(label) \(mode)\(hold > 0 ? " hold \(hold) µs" : ""): \(rate) M sends/s, "
      + "\(after.voluntary - before.voluntary) voluntary context switches, "
      + "\(after.involuntary - before.involuntary) involuntary, \(cpu) s CPU, "
      + "\(String(format: "%.2f", seconds)) s")
}

/// One subject's (or property's) subscriber state.
final class Tally: @unchecked Sendable {
  // Lock discipline: written only by the subscriber, whose deliveries RACSwift serializes; read
  // after every sender has finished.
  @exclusivity(unchecked) var count = 0
  @exclusivity(unchecked) var sum = 0
}

/// The process's context switches and processor time (user and system) so far.
func contextSwitches() -> (voluntary: Int, involuntary: Int, cpu: Double) {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return (usage.ru_nvcsw, usage.ru_nivcsw, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

measure()
