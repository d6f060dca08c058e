import CRACSwiftThreadState
import Foundation
import RACSwift
import Synchronization

extension Scenario {
  /// Where work runs and where results arrive; recursion without a stack.
  static let schedulers = Scenario(
    name: "schedulers",
    title: "Schedulers: subscribe(on:) moves the work, deliver(on:) moves the results",
    source: """
      From ReactiveCocoa 2's -subscribeOn:, -deliverOn: and recursive scheduling, as its \
      Design Guidelines describe them.
      """,
    article: "SchedulersAndTime",
    narration: """
      A signal's work runs where it is subscribed, and its events arrive where they are sent. \
      subscribe(on: io) moves the subscription — the work — to the io queue; deliver(on: ui) \
      moves only the events to the ui queue. Each value below says where the work ran and \
      where the subscriber received it. Then scheduleRecursive reschedules an action a \
      million times, as the work of a signal that sends the count: rescheduling is a loop, not \
      recursion, so the stack does not grow.
      """,
    code: """
      let work = Signal<String, Never> { subscriber in
        subscriber.sendNext(whereAmI()); subscriber.sendCompleted(); return nil
      }
      work.subscribe(on: io)                 // ran on io, received on io
      work.deliver(on: ui)                   // ran on the caller, received on ui
      work.subscribe(on: io).deliver(on: ui) // ran on io, received on ui
      let runs = Signal<Int, Never> { subscriber in   // sends how many times the action ran
        ImmediateScheduler.shared.scheduleRecursive { reschedule in
          count += 1; if count < 1_000_000 { reschedule() }
        }
        subscriber.sendNext(count); subscriber.sendCompleted(); return nil
      }                                      // and again with io.scheduleRecursive
      """,
    labels: [
      ("i→u", "where the work ran → where the value was received"),
      ("m, i, u", "the main thread, the io queue, the ui queue"),
      ("1M", "how many times scheduleRecursive ran the action: a million"),
    ],
    run: { stage in
      let io = QueueScheduler(name: "io")
      let ui = QueueScheduler(name: "ui")
      let work = Signal<String, Never> { subscriber in
        subscriber.sendNext(whereAmI())
        subscriber.sendCompleted()
        return nil
      }
      let variants: [(String, Signal<String, Never>)] = [
        ("no scheduler", work),
        ("subscribe(on: io)", work.subscribe(on: io)),
        ("deliver(on: ui)", work.deliver(on: ui)),
        ("subscribe(on: io).deliver(on: ui)", work.subscribe(on: io).deliver(on: ui)),
      ]
      var seen: [String] = []
      for (index, (name, signal)) in variants.enumerated() {
        if index > 0 { stage.step() }
        let received = stage.record(name, signal.map { ran in "\(ran)→\(whereAmI())" }) {
          $0.split(separator: "→").map { String($0.prefix(1)) }.joined(separator: "→")
        }
        guard stage.wait(until: { received.isTerminated }) else {
          return .check(false, "", failure: "\(name) did not complete in \(Stage.waitLimitText)")
        }
        let place = received.values.first ?? "nothing"
        seen.append(place)
        let parts = place.split(separator: "→")
        stage.log("\(name): the work ran on \(parts.first ?? ""), received on \(parts.last ?? "")")
      }

      // scheduleRecursive as the work of a signal that sends how many times the action ran:
      // drawn in the diagram like the signals above, one step each.
      let iterations = 1_000_000
      let runs: (Int) -> String = { $0 == iterations ? "1M" : "\($0)" }
      stage.step()
      let deepest = Atomic<Int>(0)
      let immediate = Signal<Int, Never> { subscriber in
        let count = Atomic<Int>(0)
        let base = stackAddress()
        ImmediateScheduler.shared.scheduleRecursive { reschedule in
          let depth = base - stackAddress()
          if depth > deepest.load(ordering: .relaxed) { deepest.store(depth, ordering: .relaxed) }
          if count.wrappingAdd(1, ordering: .relaxed).newValue < iterations { reschedule() }
        }
        subscriber.sendNext(count.load(ordering: .relaxed))
        subscriber.sendCompleted()
        return nil
      }
      let ranHere = stage.record("scheduleRecursive", immediate, label: runs)
      let ran = ranHere.values.first ?? 0
      let growth = deepest.load(ordering: .relaxed)
      stage.log(
        "scheduleRecursive ran \(ran) times; deepest stack below the caller: \(growth) bytes")

      stage.step()
      let queued = Signal<Int, Never> { subscriber in
        let count = Atomic<Int>(0)
        return io.scheduleRecursive { reschedule in
          let runs = count.wrappingAdd(1, ordering: .relaxed).newValue
          if runs < iterations {
            reschedule()
          } else {
            subscriber.sendNext(runs)
            subscriber.sendCompleted()
          }
        }
      }
      let ranOnQueue = stage.record("scheduleRecursive on io", queued, label: runs)
      let queueDone = stage.wait(until: { ranOnQueue.isTerminated })
      let onQueue = ranOnQueue.values.first ?? 0
      stage.log("on the io queue too: \(onQueue) runs")

      let expected = ["main→main", "io→io", "main→ui", "io→ui"]
      return .check(
        seen == expected && ran == iterations && growth < 4096 && queueDone
          && onQueue == iterations,
        "subscribe(on:) moved the work, deliver(on:) the results "
          + "(\(phrase(seen))); \(ran) reschedules grew the stack by only \(growth) bytes",
        failure: "places \(seen) (expected \(expected)); \(ran) runs, stack growth \(growth); "
          + "\(onQueue) runs on io")
    })
}

/// The scheduler running the caller, by name: `main`, a queue scheduler's label, or `another
/// thread`.
private func whereAmI() -> String {
  switch Schedulers.current {
  case let queue as QueueScheduler: queue.queue.label
  case is MainScheduler: "main"
  default: "another thread"
  }
}

/// The stack pointer of the caller, to measure how deep the stack is. (The address of a local
/// variable would not do: under AddressSanitizer, such a variable lives on a "fake stack" on the
/// heap, whose addresses say nothing about the real stack's depth.)
@inline(never)
private func stackAddress() -> Int {
  Int(bitPattern: cracswift_stack_pointer())
}
