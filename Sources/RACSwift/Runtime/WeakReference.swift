/// A weak reference in an object of its own, for closures that must not keep what they act on
/// alive: a binding's target property, a control, a command or button signal, a
/// notification's sender.
///
/// Reading it takes no exclusivity check. A closure's `[weak x]` capture is a mutable box, and
/// reading it checks exclusivity at run time on every call (about 75 instructions, measured with
/// callgrind: more than a binding's own delivery). (`weak let` would say the same, but needs
/// Swift 6.2; the package builds with 6.1.)
///
/// Lock discipline: written only by the initializer; the runtime reads and clears weak
/// references atomically, so the reads need no exclusivity check.
@usableFromInline
final class WeakReference<Object: AnyObject> {
  /// The object, while it lives.
  @usableFromInline @exclusivity(unchecked) weak var object: Object?

  /// A weak reference to `object`.
  @inlinable init(_ object: Object?) { self.object = object }
}
