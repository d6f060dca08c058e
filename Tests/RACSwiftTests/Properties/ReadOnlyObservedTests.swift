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

/// A base view model whose read-only output its subclasses keep up to date (RAC's
/// `RAC(self, title)` in a subclass of a class that declared `title` readonly): Swift keeps
/// `_title` private to this class, so it hands its subclasses the storage.
@MainActor
class DocumentViewModel {
  @ReadOnlyObserved private(set) var title = ""
  @ReadOnlyObserved private(set) var wordCount: Int?

  /// For subclasses: `titleStorage <~ signal` binds `title`.
  var titleStorage: ReadOnlyObserved<String> { _title }
  /// For subclasses: `wordCountStorage <~ signal` binds `wordCount`.
  var wordCountStorage: ReadOnlyObserved<Int?> { _wordCount }
}

/// The subclass binds its base class's read-only properties.
@MainActor
final class DraftViewModel: DocumentViewModel {
  @Observed var name = ""
  @Observed var text = ""

  init(name: String) {
    super.init()
    self.name = name
    titleStorage <~ $name.signal.map { "Draft: \($0)" }
    wordCountStorage <~ $text.signal.map { $0.split(separator: " ").count }  // Int into Int?
  }
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

  @Test("a subclass binds its base class's read-only property through the storage handed to it")
  func subclassBindsBaseProperty() {
    let draft = DraftViewModel(name: "notes")
    let titles = Recorder<String, Never>()
    let counts = Recorder<Int?, Never>()
    let subscriptions = [
      titles.subscribe(to: draft.$title.signal),
      counts.subscribe(to: draft.$wordCount.signal),
    ]
    #expect(draft.title == "Draft: notes")
    draft.name = "minutes"
    draft.text = "three short words"
    #expect(titles.values == ["Draft: notes", "Draft: minutes"])
    #expect(counts.values == [0, 3])
    // What other types see is still the read-only face.
    let face: Property<String> = draft.$title
    #expect(face.value == "Draft: minutes")
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("A11-05: a subclass's bindings into the base's property end when the object goes away")
  func subclassBindingsEndWithOwner() {
    let titles = Recorder<String, Never>()
    weak var dropped: DraftViewModel?
    expectNoLiveSubscriptions {
      var draft: DraftViewModel? = DraftViewModel(name: "notes")
      _ = draft.map { titles.subscribe(to: $0.$title.changes) }
      draft?.name = "minutes"
      dropped = draft
      draft = nil
    }
    #expect(dropped == nil)
    #expect(titles.events == [.next("Draft: minutes"), .completed])
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
