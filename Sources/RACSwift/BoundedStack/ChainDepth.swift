/// Where a signal sits in the chain it ends, counted once, when the signal is made: the two
/// counts the bounded-stack mechanism reads from a signal (see ``StackGuard``), with the two
/// limits they are compared with.
///
/// - ``synchronous``: how many synchronous signals a subscription to this one runs through,
///   itself included (a synchronous source is 1); 0 for a signal that is not synchronous (see
///   ``Signal/synchronousPath``). A synchronous chain runs its stages on the stack, nested, with
///   no guard between them, so operators stop making synchronous signals at
///   ``synchronousLimit`` (``canExtendSynchronously``); a deeper one is built the ordinary way,
///   whose subscription the guard bounds.
/// - ``release``: how many signals that hold their inputs end here, in a row (0 for a source).
///   Such a signal lets go of its inputs from its `deinit`, and every ``releaseInterval``th one of
///   a chain does it through the stack guard (``isReleaseLoopPoint``, ``ChainReference``,
///   ``ChainInputs``), so releasing a chain built in a loop never nests much deeper than that,
///   while a short chain releases as plainly as Swift would.
///
/// Every operator gets its depth from the base class of its signal — ``InputSignal`` (and so the
/// stage template), ``BinarySignal``, ``ListSignal``, ``CombiningSignal`` — and reads neither
/// count itself.
///
/// Lock discipline: an immutable value.
@usableFromInline
struct ChainDepth: Sendable {
  /// How many synchronous signals a synchronous chain may run through (see ``synchronous``).
  @usableFromInline static let synchronousLimit: UInt32 = 32

  /// How many links of a chain let go of the next at once, nested, before one goes through the
  /// stack guard (see ``release``). Scopes count their own chains modulo it in a byte
  /// (``SubscriptionScope/downstreamDepth``): at most 256.
  @usableFromInline static let releaseInterval: UInt32 = 64

  /// The synchronous signals a subscription runs through, itself included; 0 when it is not
  /// synchronous.
  @usableFromInline let synchronous: UInt32
  /// The signals holding their inputs that end here, in a row.
  @usableFromInline let release: UInt32

  @inlinable
  init(synchronous: UInt32, release: UInt32) {
    self.synchronous = synchronous
    self.release = release
  }

  /// A source that is not synchronous: it holds no input.
  @inlinable static var source: ChainDepth { ChainDepth(synchronous: 0, release: 0) }

  /// A synchronous source (`just`, `from`, …).
  @inlinable static var synchronousSource: ChainDepth { ChainDepth(synchronous: 1, release: 0) }

  /// A signal that holds `input` and is not synchronous.
  @inlinable
  init(above input: ChainDepth) {
    self.init(synchronous: 0, release: input.release &+ 1)
  }

  /// A synchronous signal that holds its synchronous `input` (whose ``canExtendSynchronously``
  /// the operator checked).
  @inlinable
  init(synchronouslyAbove input: ChainDepth) {
    self.init(synchronous: input.synchronous &+ 1, release: input.release &+ 1)
  }

  /// A signal that holds all of `inputs` and is not synchronous: one above the deepest.
  @inlinable
  init<Inputs: Sequence<ChainDepth>>(aboveAll inputs: Inputs) {
    var deepest: UInt32 = 0
    for input in inputs { deepest = max(deepest, input.release) }
    self.init(synchronous: 0, release: deepest &+ 1)
  }

  /// Whether the signal was made synchronous.
  @inlinable @inline(__always)
  var isSynchronous: Bool { synchronous != 0 }

  /// Whether an operator on this signal that forwards its events as they come may be made
  /// synchronous: this signal is, and the chain is not yet ``synchronousLimit`` deep.
  @inlinable @inline(__always)
  var canExtendSynchronously: Bool { synchronous != 0 && synchronous < Self.synchronousLimit }

  /// Whether the signal lets go of its inputs through the stack guard: it is every
  /// ``releaseInterval``th signal of its chain.
  @inlinable @inline(__always)
  var isReleaseLoopPoint: Bool { release % Self.releaseInterval == 0 }

  /// For a chain of subscription scopes, each holding the next through a ``ChainReference``
  /// (``FlattenInnerScope``), which count their place in a byte
  /// (``SubscriptionScope/downstreamDepth``): the place of a scope one link below one at
  /// `parent`, modulo ``releaseInterval``.
  @inlinable
  static func scopeDepth(below parent: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt32(parent) &+ 1) % releaseInterval)
  }

  /// Whether a scope at `scopeDepth` (``scopeDepth(below:)``) lets go of what it holds through
  /// the stack guard: every ``releaseInterval``th one.
  @inlinable @inline(__always)
  static func isScopeLoopPoint(_ scopeDepth: UInt8) -> Bool { scopeDepth == 0 }
}
