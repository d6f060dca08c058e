import RACSwift
import RACSwiftTesting
import Testing

/// A view model whose outputs other types may only read and observe, kept up to date by the
/// view model itself (RAC's `@property (readonly)` set with `RAC(self, …)`).
@MainActor
final class CheckoutViewModel {
  @Observed var quantity = 0
  @ReadOnlyObserved private(set) var canCheckOut = false
  @ReadOnlyObserved private(set) var summary: String?
  @ReadOnlyObserved(skipsEqualValues: true) private(set) var isBusy = false
  @ReadOnlyObserved(normalizing: { max(0, $0) }) private(set) var total = 0

  init(prices: Signal<Int, Never>) {
    _canCheckOut <~ $quantity.signal.map { $0 > 0 }
    _summary <~ $quantity.signal.map { "\($0) items" }  // a Signal<String, Never> into String?
    _total <~ prices
  }

  func setBusy(_ busy: Bool) { isBusy = busy }
  func addTwo() { _total.property.modify { $0 += 2 } }
}

/// What another type sees of the view model: every line of this must compile.
@MainActor
func readFromOutside(_ model: CheckoutViewModel) -> (Bool, Property<Bool>, Signal<Int, Never>) {
  (model.canCheckOut, model.$canCheckOut, model.$total.changes)
}

@MainActor
@Suite(
  "@ReadOnlyObserved: a read-only face for other types", .checksLiveSubscriptions)
struct ReadOnlyObservedTests {
  @Test("other types get a Property: readable and observable, its value not writable")
  func projectedValueIsReadOnly() {
    let prices = Subject<Int, Never>()
    let model = CheckoutViewModel(prices: prices)
    let (current, face, _) = readFromOutside(model)
    #expect(current == false)
    #expect(face.value == false)
    // The face's value is a get-only property: its key path cannot write.
    let valuePath: AnyKeyPath = \Property<Bool>.value
    #expect(!(valuePath is WritableKeyPath<Property<Bool>, Bool>))
    #expect(!(valuePath is ReferenceWritableKeyPath<Property<Bool>, Bool>))
  }

  @Test("A13-05: the owner's bindings and sets reach the face's signal at once")
  func ownerBindsAndSets() {
    let prices = Subject<Int, Never>()
    let model = CheckoutViewModel(prices: prices)
    let readiness = Recorder<Bool, Never>()
    let summaries = Recorder<String?, Never>()
    let totals = Recorder<Int, Never>()
    let subscriptions = [
      readiness.subscribe(to: model.$canCheckOut.signal),
      summaries.subscribe(to: model.$summary.signal),
      totals.subscribe(to: model.$total.signal),
    ]
    model.quantity = 2
    #expect(model.canCheckOut == true)
    #expect(readiness.values == [false, true])
    #expect(summaries.values == ["0 items", "2 items"])
    prices.sendNext(30)
    prices.sendNext(-5)
    #expect(totals.values == [0, 30, 0], "the normalizing policy applies to bound values")
    model.addTwo()
    #expect(model.$total.value == 2)
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("the setter policies of @Observed apply: an equal set is not sent")
  func skipsEqualValues() {
    let model = CheckoutViewModel(prices: .never)
    let busy = Recorder<Bool, Never>()
    let subscription = busy.subscribe(to: model.$isBusy.signal)
    model.setBusy(false)
    model.setBusy(true)
    model.setBusy(true)
    #expect(busy.values == [false, true])
    subscription.dispose()
  }

  @Test("A11-05: bindings into it end when the owner goes away; its signal completes")
  func endsWithOwner() {
    let prices = Subject<Int, Never>()
    let totals = Recorder<Int, Never>()
    weak var dropped: CheckoutViewModel?
    expectNoLiveSubscriptions {
      var model: CheckoutViewModel? = CheckoutViewModel(prices: prices)
      _ = model.map { totals.subscribe(to: $0.$total.changes) }
      prices.sendNext(4)
      dropped = model
      model = nil
    }
    #expect(dropped == nil)
    #expect(totals.events == [.next(4), .completed])
    prices.sendNext(5)  // reaches nobody
  }
}
