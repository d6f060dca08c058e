/// An operator's label in names (`map:`, `take:`): a static string literal, kept as one pointer
/// (string literals are NUL-terminated and live for the whole process).
///
/// Lock discipline: immutable, and the bytes it points to are constant.
@usableFromInline
struct OperatorLabel: ExpressibleByStringLiteral, CustomStringConvertible {
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
/// naming costs nothing until someone reads ``Signal/name``.
///
/// Six shapes, the first two with a ``NameDetail`` after the label; the static functions below
/// spell the common combinations (`.input("filter:")`, `.inputCount("take:", n)`). The
/// references sit at the top level and the detail holds none, so destroying a node (once per
/// signal) is one small switch.
///
/// The guarantee it implements: `CONTRACT.md#naming`.
@usableFromInline
enum SignalNameNode {
  // Read from any thread: the references are signals (Sendable) held only to read their names;
  // the rest is immutable.
  /// A source: `+empty`, `+just: 1`.
  case source(OperatorLabel, NameDetail)
  /// An operator on one input: `[input] -map:`, `[input] -take: 3`. A `nil` input is the
  /// signal's own `source`, read through ``Signal/nameInput()``: the operator classes that keep
  /// their input (``StageSignal``, ``SubscribingSignal`` and the like) do not store it a second time in the name,
  /// which saves a reference count per operator.
  case applied(AnyObject?, OperatorLabel, NameDetail)
  /// An operator with another signal: `[input] -concat: other`.
  case binary(AnyObject, OperatorLabel, AnyObject)
  /// A combination of several signals: `+merge: (a, b)`.
  case many(OperatorLabel, [AnyObject])
  /// `.binary` or `.many` of the signal's own inputs, read through ``Signal/nameInputs()``: the
  /// operator classes that keep their inputs (``ListSignal``, ``BinarySignal``,
  /// ``CombiningSignal``) do not store them a second time in the name, which would be released
  /// one nested level per operator.
  case inputs(OperatorLabel, ListNameShape)
  /// The same name as the input (the `log…` operators keep their input's name); a `nil` input is
  /// the signal's own `source`, as for ``applied(_:_:_:)``.
  case alias(AnyObject?)

  /// A source: `+empty`.
  @inlinable static func source(_ label: OperatorLabel) -> Self { .source(label, .none) }

  /// A source followed by the description of its state: `+just: 1`.
  @inlinable static func sourceWithState(_ label: OperatorLabel) -> Self {
    .source(label, .state)
  }

  /// An operator on `input`: `[input] -map:`.
  @inlinable static func unary(_ input: AnyObject, _ label: OperatorLabel) -> Self {
    .applied(input, label, .none)
  }

  /// An operator on the signal's own `source` (a `nil` input): `[input] -map:`.
  @inlinable static func input(_ label: OperatorLabel) -> Self { .applied(nil, label, .none) }

  /// An operator with a count on the signal's own `source`: `[input] -take: 3`.
  @inlinable static func inputCount(_ label: OperatorLabel, _ count: Int) -> Self {
    .applied(nil, label, .count(count))
  }

  /// An operator on the signal's own `source` followed by the description of its state:
  /// `[input] -mapReplace: true`.
  @inlinable static func inputWithState(_ label: OperatorLabel) -> Self {
    .applied(nil, label, .state)
  }

  /// The node with the inputs of `signal` in place of ``inputs(_:_:)``, which reads them: the
  /// same name as a `.binary` or `.many` node that held them.
  func resolvingInputs(of signal: any NamedSignalInternals) -> Self {
    guard case .inputs(let label, let shape) = self else { return self }
    let inputs = signal.nameInputsValue
    switch shape {
    case .infix: return .binary(inputs[0], label, inputs[1])
    case .prefix: return .many(label, inputs)
    }
  }

  /// The operator's label, or the source's: `filter:`, `+just`; `alias` for an alias.
  var label: String {
    switch self {
    case .source(let label, _), .applied(_, let label, _), .binary(_, let label, _),
      .many(let label, _), .inputs(let label, _):
      label.description
    case .alias: "alias"
    }
  }

  /// Whether the name reads the signal's own source (``Signal/nameInput()``).
  @usableFromInline var readsOwnSource: Bool {
    switch self {
    case .applied(nil, _, _), .alias(nil): true
    default: false
    }
  }
}

/// How a name of several inputs reads (see ``SignalNameNode/inputs(_:_:)``).
@usableFromInline
enum ListNameShape {
  /// The first input, the label and the second: `[a] -concat: b`.
  case infix
  /// The label and every input: `+concat: (a, b, c)`.
  case prefix
}

/// What follows an operator's label in a name.
@usableFromInline
enum NameDetail {
  /// Nothing: `-map:`.
  case none
  /// A count: `-take: 3`.
  case count(Int)
  /// The description of the signal's state (``Signal/describeState()``): `-startWith: 0`.
  case state
  /// Nothing, then a second operator that joined the same signal (see
  /// ``Signal/joinFilter(_:)``): `[[input] -map:] -filter:`.
  case then(OperatorLabel)
  /// A count, then a second operator that joined the same signal: `[[input] -take: 3] -filter:`.
  case countThen(Int, OperatorLabel)
  /// The state, then a second operator that joined the same signal: `[[input] -ignore: 0]
  /// -filter:`.
  case stateThen(OperatorLabel)

  /// This detail followed by `second`, an operator that joined the signal. (Three cases rather
  /// than one holding a detail: a recursive case would make every name node a reference to
  /// copy and release, once per signal made.)
  @inlinable
  func then(_ second: OperatorLabel) -> Self {
    switch self {
    case .none, .then: .then(second)
    case .count(let count), .countThen(let count, _): .countThen(count, second)
    case .state, .stateThen: .stateThen(second)
    }
  }

  /// The detail of the operator itself, and the operator that joined it, if any.
  @inlinable
  var split: (own: NameDetail, joined: OperatorLabel?) {
    switch self {
    case .none, .count, .state: (self, nil)
    case .then(let second): (.none, second)
    case .countThen(let count, let second): (.count(count), second)
    case .stateThen(let second): (.state, second)
    }
  }
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
    while let signal = current as? any NamedSignalInternals {
      if let custom = signal.customNameValue {
        head = custom
        break
      }
      switch signal.nameNodeValue.resolvingInputs(of: signal) {
      case .source(let label, let detail):
        head = label.description + signal.describe(detail, separator: ": ")
      case .many(let label, let inputs):
        let names = inputs.map { ($0 as! any SignalNaming).name }
        head = "\(label): (\(names.joined(separator: ", ")))"
      case .inputs:
        preconditionFailure("resolved above")
      case .alias(let input):
        current = (input ?? signal.nameInputValue) as! any SignalNaming
        continue
      case .applied(let input, let label, let detail):
        let (own, joined) = detail.split
        if let joined { suffixes.append("] -\(joined)") }
        suffixes.append("] -\(label)" + signal.describe(own, separator: " "))
        current = (input ?? signal.nameInputValue) as! any SignalNaming
        continue
      case .binary(let input, let label, let other):
        suffixes.append("] -\(label) \((other as! any SignalNaming).name)")
        current = input as! any SignalNaming
        continue
      }
      break
    }
    if !(current is any NamedSignalInternals) { head = current.name }
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
  var nameInputsValue: [AnyObject] { get }
  /// ``Signal/depth``, for an operator that keeps its inputs untyped (``CombiningSignal``).
  var chainDepth: ChainDepth { get }
  func describe(_ detail: NameDetail, separator: String) -> String
}

extension Signal: NamedSignalInternals {
  @usableFromInline var customNameValue: String? { customNameStorage.load()?.name }
  @usableFromInline var nameNodeValue: SignalNameNode { currentNameNode() }
  @usableFromInline var stateDescription: String { describeState() }
  @usableFromInline var nameInputsValue: [AnyObject] { nameInputs() }
  @usableFromInline var chainDepth: ChainDepth { depth }
  @usableFromInline var nameInputValue: AnyObject {
    // Every initializer checks that a signal whose name reads its own source has one. Read when a
    // name is built, never per event: the checked unwrap costs nothing measurable.
    nameInput()!
  }

  /// `detail` as it follows a label, after `separator` (nothing for ``NameDetail/none``).
  @usableFromInline func describe(_ detail: NameDetail, separator: String) -> String {
    switch detail {
    case .none, .then: ""
    case .count(let count), .countThen(let count, _): "\(separator)\(count)"
    case .state, .stateThen: "\(separator)\(describeState())"
    }
  }
}
