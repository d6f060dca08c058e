/// A name given with ``Signal/setName(_:)``, or one described on first read
/// (``Signal/setName(describedBy:)``).
///
/// Lock discipline: `value` and `describe` are read and written only with `lock` held; the
/// description closure runs without it.
@usableFromInline
final class CustomName {
  private let lock = Lock()
  private var value: String?
  private var describe: (@Sendable () -> String)?

  @usableFromInline init() {}

  @usableFromInline var name: String? {
    get {
      let (value, describe) = lock.withLock { (self.value, self.describe) }
      if let value { return value }
      guard let describe else { return nil }
      let described = describe()
      lock.withLock {
        if self.value == nil, self.describe != nil {
          self.value = described
          self.describe = nil
        }
      }
      return described
    }
    set {
      lock.withLock {
        value = newValue
        describe = nil
      }
    }
  }

  /// Names the signal with what `describe` returns when the name is first read.
  @usableFromInline func setDescription(_ describe: @escaping @Sendable () -> String) {
    lock.withLock {
      value = nil
      self.describe = describe
    }
  }
}
