/// A value handed from one thread to another along one subscription: the stage that hands it on
/// never touches it again, so it may cross even if its type is not `Sendable`. That is all
/// RACSwift guarantees: a value that a subject or multicast gave to several subscribers is
/// shared by them, and if they move it to different threads (two `delay`s), the value's type
/// must be safe for that — the rule the Concurrency article states for users ("Values that cross
/// threads"), as ReactiveCocoa shared objects across threads.
///
/// Lock discipline: immutable; the value is owned by one stage at a time, as above.
@usableFromInline
struct Handoff<Wrapped>: @unchecked Sendable {
  @usableFromInline let value: Wrapped
  @inlinable init(_ value: Wrapped) { self.value = value }
}
