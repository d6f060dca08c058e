import Testing

@testable import RACSwift

@Suite("Name nodes: one walker over five shapes", .checksLiveSubscriptions)
struct SignalNameNodeTests {
  @Test("every shape and detail reads as RAC writes it")
  func shapesAndDetails() {
    let input = Signal<Int, Never>.never.setName("in")
    let other = Signal<Int, Never>.never.setName("other")
    func named(_ node: SignalNameNode) -> String {
      Signal<Int, Never>(name: node) { _, _, _ in }.name
    }
    #expect(named(.source("+empty")) == "+empty")
    #expect(named(.unary(input, "map:")) == "[in] -map:")
    #expect(named(.applied(input, "take:", .count(3))) == "[in] -take: 3")
    #expect(named(.binary(input, "concat:", other)) == "[in] -concat: other")
    #expect(named(.applied(input, "map:", .then("filter:"))) == "[[in] -map:] -filter:")
    #expect(named(.many("+merge", [input, other])) == "+merge: (in, other)")
    #expect(named(.alias(input)) == "in")
    #expect(Signal<Int, Never>.just(7).name == "+just: 7")
    #expect(Signal<Int, Never>.just(7).startWith(0).name == "[+just: 7] -startWith: 0")
  }

  @Test("a name of 2,000 operators is built without deep recursion")
  func longChain() {
    var signal = Signal<Int, Never>.never.setName("root")
    for _ in 0..<2_000 { signal = signal.take(1) }
    let name = signal.name
    #expect(name.hasPrefix(String(repeating: "[", count: 2_000) + "root]"))
  }

  #if DEBUG
    @Test("a signal whose name reads its own source but that keeps none fails when it is made")
    func ownSourceChecked() async {
      await #expect(processExitsWith: .failure) {
        _ = Signal<Int, Never>(name: .input("map:")) { _, _, _ in }
      }
    }
  #endif
}
