internal import CRACSwiftStackDepth

/// An operator's input, kept alive by a reference its signal lets go of itself, through
/// ``SignalRelease``, instead of by a stored property that Swift releases after `deinit`.
///
/// A chain built in a loop (`s = s.filter { … }`, 100,000 times) is a list: each signal holds the
/// one below. Released by stored properties, freeing the top frees the next from inside its own
/// `deinit`, and so on — one nested `deinit` per operator, which overflows a small stack (DESIGN
/// §3.7). Through input references, the base class's `deinit` (which Swift runs before any stored
/// property is destroyed) hands the input to the thread's release loop.
///
/// Lock discipline: immutable; the reference is released once, by the signal's `deinit`.
@usableFromInline
struct InputReference<Value, Failure: Error>: @unchecked Sendable {
  @usableFromInline let reference: Unmanaged<Signal<Value, Failure>>

  /// Holds `signal` until ``release()``.
  @inlinable init(_ signal: Signal<Value, Failure>) { reference = .passRetained(signal) }

  /// The input. Valid while the signal holding this reference lives.
  @inlinable var signal: Signal<Value, Failure> { reference.takeUnretainedValue() }

  /// Lets go of the input (once, from the holder's `deinit`; `depth` is the holder's
  /// ``Signal/releaseDepth``): through the release loop every ``releaseLoopInterval`` signals of
  /// a chain, else at once — a short chain pays nothing for the loop.
  @inlinable
  func release(at depth: UInt32) {
    if depth % releaseLoopInterval == 0 {
      SignalRelease.release(Unmanaged.fromOpaque(reference.toOpaque()))
    } else {
      reference.release()
    }
  }
}

/// How many signals of a chain release their inputs at once, nested, before one goes through the
/// release loop (see ``InputReference``).
@usableFromInline
let releaseLoopInterval: UInt32 = 64

/// The loop that releases signal chains: the first release on a thread runs it, and every
/// signal freed meanwhile hands its input to it instead of releasing it from inside its own
/// `deinit`. So freeing a chain of any length takes constant stack.
///
/// Lock discipline: the thread-local state (`CRACSwiftStackDepth`) is touched only by its
/// thread; the pending releases live on the stack of the release that runs the loop.
@usableFromInline
enum SignalRelease {
  /// Releases `object` now, or — while this thread's loop runs — hands it to the loop.
  @usableFromInline
  static func release(_ object: Unmanaged<AnyObject>) {
    let state = cracswift_stack_state()
    if let pending = state.pointee.releases {
      pending.assumingMemoryBound(to: PendingReleases.self).pointee.append(object)
      return
    }
    var pending = PendingReleases()
    withUnsafeMutablePointer(to: &pending) { pending in
      state.pointee.releases = UnsafeMutableRawPointer(pending)
      object.release()
      while let next = pending.pointee.popLast() { next.release() }
      state.pointee.releases = nil
    }
  }
}

/// The releases a loop has yet to make: the first inline, the rest in an array (a chain of one
/// input at a time never allocates it).
struct PendingReleases {
  private var first: Unmanaged<AnyObject>?
  private var rest: [Unmanaged<AnyObject>] = []

  mutating func append(_ object: Unmanaged<AnyObject>) {
    if first == nil {
      first = object
    } else {
      rest.append(object)
    }
  }

  mutating func popLast() -> Unmanaged<AnyObject>? {
    if let last = rest.popLast() { return last }
    defer { first = nil }
    return first
  }
}
