import Foundation
import RACSwift
import Testing

/// Misuse that used to hang or trap without a word stops the program with a message naming the
/// rule that was broken (reliability issue, item 4).
@Suite("Misuse stops with a message", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct MisuseTests {
  @Test("a subject subscribed to itself stops at once instead of spinning forever")
  func subjectSubscribedToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subject = Subject<Int, Never>()
      subject.subscribe(subject)
      subject.sendNext(1)
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a subject cannot subscribe to itself"))
  }

  @Test("an interval that is not positive is refused with a message, on a queue scheduler")
  func negativeInterval() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal.interval(.seconds(-1), on: QueueScheduler()).subscribe(next: { _ in })
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the interval must be positive"))
  }

  @Test("a queue scheduler refuses a repeating interval that is not positive")
  func queueSchedulerRepeatingZero() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      QueueScheduler().schedule(after: .zero, repeating: .zero, leeway: .zero) {}
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("a repeating interval must be positive"))
  }
}

extension MisuseTests {
  @Test("a modify body that reads its own property stops with a message instead of deadlocking")
  func reentrantModify() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(1)
      property.modify { $0 = property.value + 1 }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the body of modify(_:) read or changed the property"))
  }

  @Test("a modify body that modifies its own property again stops with the same message")
  func nestedModify() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let property = MutableProperty(1)
      property.modify { _ in property.modify { $0 += 1 } }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the body of modify(_:) read or changed the property"))
  }

  @Test("reads and modifies from other threads while a modify runs still wait, then proceed")
  func contendedAccessStillWorks() async {
    let property = MutableProperty(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<10_000 {
            property.modify { $0 += 1 }
            _ = property.value
          }
        }
      }
    }
    #expect(property.value == 40_000)
  }
}
