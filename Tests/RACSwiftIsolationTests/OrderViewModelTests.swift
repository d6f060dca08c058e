import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

@Suite(
  "Command and ButtonSignal work on the main actor (CONTRACT.md#isolation)",
  .checksLiveSubscriptions)
struct OrderViewModelTests {
  @MainActor
  @Test("executed on the main actor, the command's work runs at once, there")
  func commandOnTheMainActor() {
    let model = OrderViewModel()
    var receipts: [String] = []
    model.submit!.execute("gift").subscribe(next: { receipts.append($0) })
    #expect(receipts == ["tea (gift)"])
    #expect(model.workRanOnMain == [true])
  }

  @MainActor
  @Test("executed from a background thread, the command's work still runs on the main actor")
  func commandFromBackground() async {
    let model = OrderViewModel()
    let submit = model.submit!
    let receipt: String? = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        _ = submit.execute("later").subscribe(next: { continuation.resume(returning: $0) })
      }
    }
    #expect(receipt == "tea (later)")
    #expect(model.workRanOnMain == [true])
  }

  @MainActor
  @Test(
    "a tap on the main actor runs the button signal's work at once; one from elsewhere, on the main actor"
  )
  func buttonSignal() async {
    let model = OrderViewModel()
    let subscription = model.start()
    model.button.tap()
    #expect(model.submitted == ["tea (quick)"])
    let button = model.button
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        button.tap()
        done.resume()
      }
    }
    while model.submitted.count < 2 { await Task.yield() }
    #expect(model.submitted == ["tea (quick)", "tea (quick)"])
    #expect(model.workRanOnMain == [true, true])
    subscription.dispose()
  }
}
