/// How a combining operator pairs its inputs' values: the latest of each (`combineLatest`) or
/// the n-th of each (`zip`).
@usableFromInline
enum CombiningRule: Sendable {
  /// Every value sends the latest value of every input, once each has sent one.
  case latest
  /// Values wait in one queue per input; the n-th of every input are sent together.
  case zip
}

/// What a combining operator's signal keeps: its rule and its inputs (a tuple of signals or an
/// array of them).
@usableFromInline
struct CombiningParameters<Signals> {
  @usableFromInline let rule: CombiningRule
  @usableFromInline let signals: Signals

  @inlinable
  init(rule: CombiningRule, signals: Signals) {
    self.rule = rule
    self.signals = signals
  }
}
