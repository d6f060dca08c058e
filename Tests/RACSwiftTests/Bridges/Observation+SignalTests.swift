import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

@Suite("Signal.observe: Observation as a signal (B.17)", .checksLiveSubscriptions)
struct ObservationSignalTests {

  @MainActor
  @Test("observe sends the current value, then the value after each change; stops on disposal")
  func observation() async {
    let model = ObservedModel()
    var titles: [String] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = Signal.observe { model.title }.subscribe(next: { title in
        titles.append(title)
        if title == "third" { done.resume() }
        if titles.count == 1 { model.title = "second" }
        if title == "second" { model.title = "third" }
      })
    }
    #expect(titles == ["first", "second", "third"])
    subscription?.dispose()
    model.title = "after disposal"
    await Task.yield()
    #expect(titles == ["first", "second", "third"])
  }

  @MainActor
  @Test("a disposed observe subscription no longer holds its read closure or its handlers")
  func observationReleasesClosures() {
    /// Captured by the closures; gone once nothing holds them.
    final class Owner {}
    let model = ObservedModel()
    weak var readOwner: Owner?
    weak var handlerOwner: Owner?
    do {
      let forRead = Owner()
      let forHandler = Owner()
      readOwner = forRead
      handlerOwner = forHandler
      let subscription = Signal.observe {
        _ = forRead
        return model.title
      }
      .subscribe(next: { _ in _ = forHandler })
      subscription.dispose()
    }
    // The model's change handler for the last read is still registered (it fires at the next
    // change), but it no longer reaches the closures.
    #expect(readOwner == nil)
    #expect(handlerOwner == nil)
  }
}

@Suite("Observation under many changes", .checksLiveSubscriptions)
struct ObservationStressTests {
  @MainActor
  @Test("1,000 changes from the model's actor: values in order, ending with the last; coalesced")
  func thousandChanges() async {
    let model = ObservedModel()
    var seen: [Int] = []
    var subscription: (any Disposable)?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      subscription = Signal.observe { model.title }.subscribe(next: { title in
        let number = Int(title) ?? 0
        seen.append(number)
        if number == 1_000 { done.resume() }
      })
      Task { @MainActor in
        for value in 1...1_000 {
          model.title = "\(value)"
          await Task.yield()
        }
      }
    }
    // Documented coalescing: changes made before a re-read arrive as one value. Never stale,
    // never out of order, and the last change always arrives.
    #expect(seen.first == 0)
    #expect(seen.last == 1_000)
    #expect(seen == seen.sorted())
    #expect(seen.count <= 1_001)
    subscription?.dispose()
    // Nothing arrives after disposal, however many changes follow and however long we let the
    // main actor run.
    let final = seen
    for value in 1_001...1_100 {
      model.title = "\(value)"
      await Task.yield()
    }
    #expect(seen == final)
  }
}

/// An `@Observable` model for the Observation bridge.
@Observable
@MainActor
final class ObservedModel {
  var title = "first"
}
