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
      million times: rescheduling is a loop, not recursion, so the stack does not grow.
      """,
    code: """
      let work = Signal<String, Never> { subscriber in
        subscriber.sendNext(whereAmI()); subscriber.sendCompleted(); return nil
      }
      work.subscribe(on: io)                 // ran on io, received on io
      work.deliver(on: ui)                   // ran on the caller, received on ui
      work.subscribe(on: io).deliver(on: ui) // ran on io, received on ui
      ImmediateScheduler.shared.scheduleRecursive { reschedule in
        count += 1; if count < 1_000_000 { reschedule() }
      }
      """,
    labels: [
      ("i→u", "where the work ran → where the value was received"),
      ("m, i, u", "the main thread, the io queue, the ui queue"),
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
          return .check(false, "", failure: "\(name) did not complete in 10 s")
        }
        let place = received.values.first ?? "nothing"
        seen.append(place)
        let parts = place.split(separator: "→")
        stage.log("\(name): the work ran on \(parts.first ?? ""), received on \(parts.last ?? "")")
      }

      stage.step()
      let iterations = 1_000_000
      let count = Atomic<Int>(0)
      let deepest = Atomic<Int>(0)
      let base = stackAddress()
      ImmediateScheduler.shared.scheduleRecursive { reschedule in
        let depth = base - stackAddress()
        if depth > deepest.load(ordering: .relaxed) { deepest.store(depth, ordering: .relaxed) }
        if count.wrappingAdd(1, ordering: .relaxed).newValue < iterations { reschedule() }
      }
      let ran = count.load(ordering: .relaxed)
      let growth = deepest.load(ordering: .relaxed)
      stage.log(
        "scheduleRecursive ran \(ran) times; deepest stack below the caller: \(growth) bytes")

      let onQueue = Atomic<Int>(0)
      let finished = DispatchSemaphore(value: 0)
      io.scheduleRecursive { reschedule in
        if onQueue.wrappingAdd(1, ordering: .relaxed).newValue < iterations {
          reschedule()
        } else {
          finished.signal()
        }
      }
      let queueDone = finished.wait(timeout: .now() + 10) == .success
      stage.log("on the io queue too: \(onQueue.load(ordering: .relaxed)) runs")

      let expected = ["main→main", "io→io", "main→ui", "io→ui"]
      return .check(
        seen == expected && ran == iterations && growth < 4096 && queueDone,
        "subscribe(on:) moved the work, deliver(on:) the results "
          + "(\(phrase(seen))); \(ran) reschedules grew the stack by only \(growth) bytes",
        failure: "places \(seen) (expected \(expected)); \(ran) runs, stack growth \(growth)")
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
