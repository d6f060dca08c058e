internal import CRACSwiftThreadState

/// Tells an `@Observed` property's setter when its sets nest without end on one thread.
///
/// Swift runs the `didSet` of a property with a wrapper again for a set made inside it (a plain
/// stored property's observer sets its storage directly). So
/// `@Observed var name = "" { didSet { name = name.lowercased() } }` sets, observes, sets,
/// observes… until the stack overflows. Each of those sets is made deeper in the same thread's
/// stack than the one before, while a loop of sets, or sets from different call paths, are made
/// at the same depth or higher up. After ``limit`` sets in a row each deeper than the last, the
/// property stops the program with a message that says what happened, instead of a stack
/// overflow.
///
/// Lock discipline: a field of ``MutableProperty``, read and written with its lock held.
@usableFromInline
struct ObserverRecursionCheck {
  /// How many sets, each nested in the one before, count as an observer that never ends.
  static let limit = 128

  /// The thread that made the last set, and where its stack was.
  private var thread: UInt = 0
  private var stackPointer: UInt = 0
  /// How many sets in a row were each made deeper than the one before, on that thread.
  private var depth = 0

  @usableFromInline init() {}

  /// Records a set made here; returns `false` once the sets have nested ``limit`` times.
  mutating func noteSet() -> Bool {
    let thread = currentThreadIdentity()
    let here = UInt(cracswift_stack_pointer())
    // Stacks grow down on every platform Swift runs on: a nested call is at a lower address.
    if thread == self.thread && here < stackPointer {
      depth += 1
    } else {
      depth = 0
    }
    self.thread = thread
    stackPointer = here
    return depth < Self.limit
  }
}
