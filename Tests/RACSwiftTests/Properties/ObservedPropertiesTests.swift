import Foundation
import Observation
import RACSwift
import RACSwiftTesting
import Testing

/// An `@Observable` view model with RACSwift bindings, as a SwiftUI app declares one.
@Observable
@MainActor
final class CounterModel {
  var count = 0
  var caption: String?
  private(set) var isEven = true
  @ObservationIgnored var untracked = 0

  init() {
    observed[\.isEven] <~ observed[\.count].signal.map { $0 % 2 == 0 }
  }
}

/// Counts every Observation change notification of `count`, as SwiftUI would see them, and
/// whether each arrived on the main actor (`isOnMainQueue()`: on Linux the test runner's main
/// queue is drained by a worker thread, so `Thread.isMainThread` does not tell): `withObservationTracking` reports one change per registration, so the
/// counter registers again from each notification (on the main actor; elsewhere it records
/// where and stops, which fails the test).
///
/// Lock discipline: `threads` is read and written only with `lock` held.
final class ChangeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var threads: [Bool] = []

  /// For each notification so far: whether it arrived on the main actor.
  var onMainThread: [Bool] { lock.withLock { threads } }

  @MainActor
  func track(_ model: CounterModel) {
    withObservationTracking {
      _ = model.count
    } onChange: { [weak model] in
      // Weak: the model's registrar holds this closure.
      let isMain = isOnMainQueue()
      self.lock.withLock { self.threads.append(isMain) }
      guard isMain, let model else { return }
      MainActor.assumeIsolated { self.track(model) }
    }
  }
}

/// A signal that never sends and records when its subscription is disposed.
///
/// Lock discipline: `disposed` is read and written only with `lock` held.
final class DisposalProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var disposed = false

  var isDisposed: Bool { lock.withLock { disposed } }

  var signal: Signal<Int, Never> {
    Signal<Int, Never>(
      { _ in AnyDisposable { self.lock.withLock { self.disposed = true } } },
      isolation: nil)
  }
}

/// A step of a recipe, an `@Observable` model that SwiftUI shows; `sets` counts the sets of
/// `name` (Observation reports only changes).
@Observable
@MainActor
final class RecipeStep {
  var name: String? = "Boil water" {
    didSet { sets += 1 }
  }
  @ObservationIgnored var sets = 0
}

/// A view model whose field is linked both ways to a model's property (RAC's
/// `RACChannelTo(self, title) = RACChannelTo(step, name)`).
@MainActor
final class StepEditor {
  @Observed var title: String?

  init(step: RecipeStep) {
    $title <~> step.observed[\.name]
  }
}

@Suite("@Observable models: observed[\\.x] bindings and signals", .checksLiveSubscriptions)
@MainActor
struct ObservedPropertiesTests {
  @Test("A13-06: a value bound on the main actor is set at once, one Observation change per set")
  func bindOnActor() {
    let model = CounterModel()
    let counts = Subject<Int, Never>()
    let counter = ChangeCounter()
    counter.track(model)
    model.observed[\.count] <~ counts
    for value in 1...5 {
      counts.sendNext(value)
      #expect(model.count == value)
      #expect(counter.onMainThread == Array(repeating: true, count: value))
    }
    counts.sendCompleted()
  }

  @Test("A13-06: values sent on other threads: exactly one change per set, on the main actor")
  func bindFromOtherThreads() async {
    let model = CounterModel()
    let counts = Subject<Int, Never>()
    let counter = ChangeCounter()
    counter.track(model)
    model.observed[\.count] <~ counts
    // One at a time: each set in a turn of its own.
    for value in 1...3 {
      await onSmallStack { counts.sendNext(value) }
      while model.count != value { await Task.yield() }
    }
    #expect(counter.onMainThread == [true, true, true])
    // A burst from another thread: the sets may all run in one turn of the main actor, and each
    // is still one change.
    await onSmallStack { for value in 4...100 { counts.sendNext(value) } }
    while model.count != 100 { await Task.yield() }
    #expect(counter.onMainThread == Array(repeating: true, count: 100))
    counts.sendCompleted()
  }

  @Test("A13-05: signal sends the current value at once, then the value after a change")
  func signalSendsCurrentValueThenChanges() async {
    let model = CounterModel()
    let recorder = Recorder<Int, Never>()
    let subscription = recorder.subscribe(to: model.observed[\.count].signal)
    #expect(recorder.values == [0])
    model.count = 1
    // Never inline: the read waits for the work that set the property to end.
    #expect(recorder.values == [0])
    while recorder.values.count < 2 { await Task.yield() }
    #expect(recorder.values == [0, 1])
    // Several sets in one turn arrive as one value, the last.
    model.count = 2
    model.count = 3
    model.count = 4
    while recorder.values.count < 3 { await Task.yield() }
    #expect(recorder.values == [0, 1, 4])
    subscription.dispose()
    model.count = 5
    await Task.yield()
    #expect(recorder.values == [0, 1, 4])
  }

  @Test("A13-05: values are read on the model's actor, whichever thread subscribes")
  func signalDeliversOnActor() async {
    let model = CounterModel()
    let threads = Recorder<Bool, Never>()
    let signal = model.observed[\.count].signal.map(
      { _ in isOnMainQueue() }, isolation: nil)
    let subscription = SendableBox<(any Disposable)?>(nil)
    await onSmallStack { subscription.value = threads.subscribe(to: signal) }
    while threads.values.isEmpty { await Task.yield() }
    model.count = 1
    while threads.values.count < 2 { await Task.yield() }
    #expect(threads.values == [true, true])
    subscription.value?.dispose()
  }

  @Test("A13-05: signal completes when the model is deinitialized, without another change")
  func signalEndsWithModel() {
    var model: CounterModel? = CounterModel()
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: model!.observed[\.count].signal)
    weak var released: CounterModel?
    released = model
    model = nil
    #expect(released == nil)  // the subscription does not keep the model alive
    #expect(recorder.values == [0])
    #expect(recorder.isTerminated)
  }

  @Test("A11-05: a binding ends when the model is deinitialized, though its source never sends")
  func bindingEndsWithModel() {
    let probe = DisposalProbe()
    var model: CounterModel? = CounterModel()
    model!.observed[\.count] <~ probe.signal
    #expect(!probe.isDisposed)
    model = nil
    #expect(probe.isDisposed)
  }

  @Test("A11-05: observed[\\.optional] <~ Signal<T, Never> assigns every value")
  func optionalTarget() {
    let model = CounterModel()
    let captions = Subject<String, Never>()
    model.observed[\.caption] <~ captions
    captions.sendNext("even")
    #expect(model.caption == "even")
    captions.sendCompleted()
  }

  @Test("private(set): other types get an ObservedKeyPath, which observes; the owner binds")
  func readOnlyFromOutside() async {
    let model = CounterModel()
    let isEven: ObservedKeyPath<CounterModel, Bool> = model.observed[\.isEven]
    let recorder = Recorder<Bool, Never>()
    let subscription = recorder.subscribe(to: isEven.signal)
    #expect(recorder.values == [true])
    model.count = 1
    while recorder.values.count < 2 { await Task.yield() }
    #expect(recorder.values == [true, false])
    subscription.dispose()
  }

  @Test("$a <~> observed[\\.name]: the property takes the model's value at once, then both ways")
  func twoWayLink() async {
    let step = RecipeStep()
    let editor = StepEditor(step: step)
    #expect(editor.title == "Boil water")
    #expect(step.sets == 0, "the model's value is not sent back to it")
    let titles = Recorder<String?, Never>()
    let titleSubscription = titles.subscribe(to: editor.$title.signal)
    // The editor's change sets the model at once, on the main actor, once.
    editor.title = "Boil the kettle"
    #expect(step.name == "Boil the kettle")
    #expect(step.sets == 1)
    // The model's change reaches the editor as its observed signal sends it.
    step.name = nil
    while titles.values.count < 3 { await Task.yield() }
    #expect(titles.values == ["Boil water", "Boil the kettle", nil])
    // No echo either way: neither side is set again.
    for _ in 0..<10 { await Task.yield() }
    #expect(titles.values == ["Boil water", "Boil the kettle", nil])
    #expect(step.sets == 2)
    titleSubscription.dispose()
  }

  @Test("$a <~> observed[\\.name]: several sets of the model in one turn arrive as the last")
  func twoWayLinkCoalesces() async {
    let step = RecipeStep()
    let editor = StepEditor(step: step)
    let titles = Recorder<String?, Never>()
    let titleSubscription = titles.subscribe(to: editor.$title.signal)
    step.name = "Chop"
    step.name = "Chop onions"
    while titles.values.count < 2 { await Task.yield() }
    for _ in 0..<10 { await Task.yield() }
    #expect(titles.values == ["Boil water", "Chop onions"])
    #expect(step.sets == 2, "the editor's copy of the value is not set back")
    titleSubscription.dispose()
  }

  @Test("A11-05: a <~> link to a model ends when either side goes away, its result discarded")
  func twoWayLinkEndsWithEitherSide() async {
    let step = RecipeStep()
    weak var droppedEditor: StepEditor?
    expectNoLiveSubscriptions {
      var editor: StepEditor? = StepEditor(step: step)
      droppedEditor = editor
      editor = nil
    }
    #expect(droppedEditor == nil, "the link does not keep the editor alive")
    step.name = "Rest"
    #expect(step.sets == 1)

    let title = MutableProperty<String?>("typed")
    weak var droppedStep: RecipeStep?
    expectNoLiveSubscriptions {
      var model: RecipeStep? = RecipeStep()
      _ = model.map { title <~> $0.observed[\.name] }
      #expect(title.value == "Boil water")
      droppedStep = model
      model = nil
    }
    #expect(droppedStep == nil, "the link does not keep the model alive")
    title.value = "after the model"  // reaches nobody
  }

  @Test("a property Observation does not track sends its value, then completes")
  func untrackedProperty() {
    let model = CounterModel()
    model.untracked = 7
    let recorder = Recorder<Int, Never>()
    recorder.subscribe(to: model.observed[\.untracked].signal)
    #expect(recorder.values == [7])
    #expect(recorder.isTerminated)
  }
}

/// A value handed between threads in a test.
///
/// Lock discipline: `stored` is read and written only with `lock` held.
final class SendableBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
