/// What a ``MutableProperty`` does with each value set before storing and sending it: RAC's
/// custom setters, which cleaned their argument or ignored a value equal to the current one.
///
/// Lock discipline: immutable; the closures run with the property's lock held, like the body of
/// ``MutableProperty/modify(_:)``. `@unchecked` for `isEqual`, which is not `@Sendable`: the only
/// one ever stored is `Equatable`'s `==`, made by ``MutableProperty``, which captures nothing.
@usableFromInline
final class PropertySetPolicy<Value> {
  /// Applied to every value set (and to the initial value) before it is stored.
  @usableFromInline let normalize: (@Sendable (Value) -> Value)?
  /// When it returns `true` for the current value and the (normalized) new one, the set is
  /// ignored: nothing is stored or sent.
  @usableFromInline let isEqual: ((Value, Value) -> Bool)?

  init(normalize: (@Sendable (Value) -> Value)?, isEqual: ((Value, Value) -> Bool)?) {
    self.normalize = normalize
    self.isEqual = isEqual
  }
}
