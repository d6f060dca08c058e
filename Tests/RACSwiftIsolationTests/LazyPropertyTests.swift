import Dispatch
import RACSwift
import RACSwiftTesting
import Testing

/// A badge's view model whose derived values are `lazy var`s, as ports of RAC 2 code often
/// write them. The closures compile as main-actor code, using `self` unannotated — but Swift 6.3
/// evaluates `#isolation` to `nil` in a `lazy var` initializer (swiftlang/swift#79060), so the
/// operators take them for nonisolated closures and run them where the events arrive.
@MainActor
final class BadgeViewModel {
  /// The text after the count.
  var suffix = " new"
  /// Unread counts, from wherever the app learns them.
  let counts = Subject<Int, Never>()
  /// The unread count as a property.
  let unread = MutableProperty(0)
  /// The badge texts, each with whether the closure ran on the main queue.
  lazy var badges: Signal<(String, Bool), Never> = counts.map { count in
    ("\(count)\(self.suffix)", isOnMainQueue())
  }
  /// The badge text as a property, each with whether the transform ran on the main queue.
  lazy var badge: Property<(String, Bool)> = unread.map { count in
    ("\(count)\(self.suffix)", isOnMainQueue())
  }
}

/// Operators called in a `lazy var` initializer of a `@MainActor` class: known to run their
/// closures off the actor (swiftlang/swift#79060), pinned as known issues.
@Suite(
  "Operators called in a lazy var initializer", .checksLiveSubscriptions, .timeLimit(.minutes(1)))
struct LazyPropertyTests {
  @MainActor
  @Test("map in a lazy var runs its closure on the main actor for values sent from elsewhere")
  func lazyMap() async {
    let model = BadgeViewModel()
    var onMainQueue: [Bool] = []
    let subscription = model.badges.subscribe(next: { onMainQueue.append($0.1) })
    model.counts.sendNext(1)
    sendFromBackground([2], to: model.counts)
    await yield(until: { onMainQueue.count == 2 })
    #expect(onMainQueue.first == true)
    withKnownIssue(
      """
      Swift bug swiftlang/swift#79060: #isolation is nil in a lazy var initializer, so the \
      operator made there cannot see the main actor and runs its closure on the sending thread
      """
    ) {
      #expect(onMainQueue.last == true, "map's closure ran on the sending thread")
    }
    subscription.dispose()
  }

  @MainActor
  @Test(
    "Property.map in a lazy var runs its transform on the main actor for changes from elsewhere")
  func lazyPropertyMap() async {
    let model = BadgeViewModel()
    var onMainQueue: [Bool] = []
    let subscription = model.badge.signal.subscribe(next: { onMainQueue.append($0.1) })
    let unread = model.unread
    DispatchQueue.global().async { unread.value = 2 }
    await yield(until: { onMainQueue.count == 2 })
    #expect(onMainQueue.first == true)
    withKnownIssue(
      """
      Swift bug swiftlang/swift#79060: #isolation is nil in a lazy var initializer, so the \
      operator made there cannot see the main actor and runs its closure on the sending thread
      """
    ) {
      #expect(onMainQueue.last == true, "the transform ran on the sending thread")
    }
    subscription.dispose()
  }
}
