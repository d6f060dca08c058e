/// An operator's label in names (`map:`, `take:`): a static string literal, kept as one pointer
/// (string literals are NUL-terminated and live for the whole process).
@usableFromInline
struct OperatorLabel: @unchecked Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  @usableFromInline let start: UnsafePointer<UInt8>

  @inlinable
  init(stringLiteral value: StaticString) {
    precondition(value.hasPointerRepresentation)
    start = value.utf8Start
  }

  @usableFromInline
  var description: String { String(cString: start) }
}

/// How a signal's name is built, kept as references to its inputs and static strings so that
/// naming costs nothing until someone reads ``Signal/name`` (DESIGN §3.11).
@usableFromInline
enum SignalNameNode: @unchecked Sendable {
  /// A source: `+empty`.
  case source(OperatorLabel)
  /// A source followed by the description of its state: `+just: 1`.
  case sourceWithState(OperatorLabel)
  /// An operator on one input: `[input] -map:`.
  case unary(AnyObject, OperatorLabel)
  /// An operator with a count: `[input] -take: 3`.
  case unaryCount(AnyObject, OperatorLabel, Int)
  /// An operator with another signal: `[input] -concat: other`.
  case binary(AnyObject, OperatorLabel, AnyObject)
  /// An operator with the description of its state: `[input] -startWith: 0`.
  case unaryWithState(AnyObject, OperatorLabel)
  /// A combination of several signals: `+merge: (a, b)`.
  case many(OperatorLabel, [AnyObject])
  /// A fixed text.
  case text(String)
  /// The same name as the input (the `log…` operators keep their input's name).
  case alias(AnyObject)
  /// The same operator applied `count` times in a row (a fused `map` chain).
  case repeated(AnyObject, OperatorLabel, Int)
  /// An operator on the signal's own `source` (``Signal/nameInput``): `[input] -map:`. The
  /// input is not stored twice, which saves a reference count per operator.
  case input(OperatorLabel)
  /// An operator with a count on the signal's own `source`: `[input] -take: 3`.
  case inputCount(OperatorLabel, Int)
  /// Two operators fused into one signal, on its own `source`: `[[input] -map:] -filter:`.
  case inputThen(OperatorLabel, OperatorLabel)
}

/// Reads names of signals of any type through one non-generic entry point.
@usableFromInline
protocol SignalNaming: AnyObject {
  var name: String { get }
}

extension Signal: SignalNaming, CustomStringConvertible {
  /// The name of the signal for debugging: the one given with ``setName(_:)``, else one built
  /// from its input and operator, RAC style:
  /// `[[[observe(username)] -distinctUntilChanged] -take: 3] -filter:`.
  public var name: String {
    // Built iteratively: a chain of thousands of operators must not overflow the stack.
    var suffixes: [String] = []
    var current: any SignalNaming = self
    var head = ""
    while true {
      guard let signal = current as? any NamedSignalInternals else {
        head = current.name
        break
      }
      if let custom = signal.customNameValue {
        head = custom
        break
      }
      switch signal.nameNodeValue {
      case .source(let text):
        head = text.description
      case .sourceWithState(let text):
        head = "\(text): \(signal.stateDescription)"
      case .text(let text):
        head = text
      case .alias(let input):
        current = input as! any SignalNaming
        continue
      case .repeated(let input, let op, let count):
        for _ in 0..<count { suffixes.append("] -\(op)") }
        current = input as! any SignalNaming
        continue
      case .unary(let input, let op):
        suffixes.append("] -\(op)")
        current = input as! any SignalNaming
        continue
      case .input(let op):
        suffixes.append("] -\(op)")
        current = signal.nameInputValue as! any SignalNaming
        continue
      case .inputCount(let op, let count):
        suffixes.append("] -\(op) \(count)")
        current = signal.nameInputValue as! any SignalNaming
        continue
      case .inputThen(let first, let second):
        suffixes.append("] -\(second)")
        suffixes.append("] -\(first)")
        current = signal.nameInputValue as! any SignalNaming
        continue
      case .unaryCount(let input, let op, let count):
        suffixes.append("] -\(op) \(count)")
        current = input as! any SignalNaming
        continue
      case .unaryWithState(let input, let op):
        suffixes.append("] -\(op) \(signal.stateDescription)")
        current = input as! any SignalNaming
        continue
      case .binary(let input, let op, let other):
        suffixes.append("] -\(op) \((other as! any SignalNaming).name)")
        current = input as! any SignalNaming
        continue
      case .many(let op, let inputs):
        let names = inputs.map { ($0 as! any SignalNaming).name }
        head = "\(op): (\(names.joined(separator: ", ")))"
      }
      break
    }
    var result = String(repeating: "[", count: suffixes.count) + head
    for suffix in suffixes.reversed() { result += suffix }
    return result
  }

  /// Sets the name shown in ``description`` and log lines, and returns the signal itself.
  ///
  /// ```swift
  /// let usernames = Signal.observe { model.username }.setName("observe(username)")
  /// ```
  @discardableResult
  public func setName(_ name: String) -> Self {
    customNameBox.name = name
    return self
  }

  /// Names the signal with what `describe` returns, built the first time the name is read —
  /// for names that would cost something to build on every use (a command names each execution
  /// after its input). Returns the signal itself.
  @usableFromInline
  @discardableResult
  func setName(describedBy describe: @escaping @Sendable () -> String) -> Self {
    customNameBox.setDescription(describe)
    return self
  }

  /// The signal's ``name``: its input and each operator, in chain order.
  public var description: String { name }
}

/// Non-generic access to the parts of a name.
@usableFromInline
protocol NamedSignalInternals: SignalNaming {
  var customNameValue: String? { get }
  var nameNodeValue: SignalNameNode { get }
  var stateDescription: String { get }
  var nameInputValue: AnyObject { get }
}

extension Signal: NamedSignalInternals {
  @usableFromInline var customNameValue: String? { customNameStorage.load()?.name }
  @usableFromInline var nameNodeValue: SignalNameNode { currentNameNode() }
  @usableFromInline var stateDescription: String { describeState() }
  @usableFromInline var nameInputValue: AnyObject { nameInput() }
}
