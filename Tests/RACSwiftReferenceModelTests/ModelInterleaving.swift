/// An event of one of several inputs of an operator; `input` says which.
struct Tagged {
  var input: Int
  var event: Stamped
}

/// The events of several lanes in the order they happen. Each lane is already in order; at one
/// time, events of one cause come lane by lane (the lanes are listed in the order the operator
/// subscribes to them, and one cascade finishes a subscription before the next starts), and
/// events of different causes in different lanes are ``Ambiguous``.
func interleave(_ lanes: [[Tagged]]) throws -> [Tagged] {
  var positions = Array(repeating: 0, count: lanes.count)
  var output: [Tagged] = []
  while true {
    var earliest: (lane: Int, event: Stamped)?
    for lane in lanes.indices where positions[lane] < lanes[lane].count {
      let event = lanes[lane][positions[lane]].event
      guard let current = earliest else {
        earliest = (lane, event)
        continue
      }
      if event.time < current.event.time {
        earliest = (lane, event)
      } else if event.time == current.event.time, event.cause != current.event.cause {
        throw Ambiguous(
          reason: "\(current.event) and \(event) come from different causes at one time")
      }
    }
    guard let next = earliest else { return output }
    output.append(lanes[next.lane][positions[next.lane]])
    positions[next.lane] += 1
  }
}

extension Array where Element == Stamped {
  /// The events, each tagged with `input`.
  func tagged(_ input: Int) -> [Tagged] { map { Tagged(input: input, event: $0) } }
}
