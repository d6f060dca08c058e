/// A weak reference in an object of its own, for closures that must not keep what they act on
/// alive: a binding's target property, a control, a command or button signal, a
/// notification's sender.
///
/// The reference is a `weak let`, so reading it takes no exclusivity check. A closure's
/// `[weak x]` capture is a mutable box, and reading it checks exclusivity at run time on every
/// call (about 75 instructions, measured with callgrind: more than a binding's own delivery).
///
/// Lock discipline: immutable; the runtime reads and clears weak references atomically.
@usableFromInline
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  /// The object, while it lives.
  @usableFromInline weak let object: Object?

  /// A weak reference to `object`.
  @inlinable init(_ object: Object?) { self.object = object }
}
