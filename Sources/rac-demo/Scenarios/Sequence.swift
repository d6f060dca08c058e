import RACSwift

extension Scenario {
  /// RACSequence's laziness: a lazy list computes each element at most once.
  static let sequence = Scenario(
    name: "sequence",
    title: "A lazy sequence computes each element once, when it is first read",
    source: """
      From ReactiveCocoa 2's RACSequence and the example of its documentation that logs "A" \
      and "B" and reads "A_", not "_A_", as the article "RAC实践采坑指北" (A field guide to the \
      pitfalls of RAC in practice) quotes it.
      """,
    article: "LazySequences",
    narration: """
      A LazyList (RAC's RACSequence) computes an element when it is first read and remembers \
      it. Mapping ["A", "B"] logs nothing until the head is read ("A"), then the tail ("B"); \
      reading the whole list again logs nothing. Deriving a new list from it does not run the \
      first map again and leaves its values alone: its head is still A_, not _A_.
      """,
    code: """
      let letters = ["A", "B"].lazyList.map { letter in log(letter); return letter + "_" }
      letters.head          // logs A
      letters.tail.head     // logs B
      letters.array         // logs nothing
      let prefixed = letters.map { "_" + $0 }
      prefixed.head         // "_A_", logs nothing; letters.head is still "A_"
      """,
    labels: [
      ("A, B", "the element the map ran for"),
      ("a, b", #"a read of one element of letters: "A_", "B_""#),
      ("ab", #"one read of letters.array: the array ["A_", "B_"], both elements at once"#),
      ("p", #"a read of prefixed.head: "_A_""#),
    ],
    run: { stage in
      let evaluations = Subject<String, Never>()
      let reads = Subject<String, Never>()
      let evaluated = stage.record("map ran for", evaluations)
      stage.record("read", reads)
      let letters = ["A", "B"].lazyList.map { letter -> String in
        evaluations.sendNext(letter)
        return letter + "_"
      }
      // Reads the list — one read, drawn as `label` — then reports what was read (a value, or an
      // array of values) and what the map ran for meanwhile.
      func show(_ what: String, as label: String, _ read: () -> [String], array: Bool = false) {
        let before = evaluated.values.count
        let values = read()
        reads.sendNext(label)
        let ran = evaluated.values.dropFirst(before).map(quoted)
        let result = array ? "\(values)" : phrase(values.map(quoted))
        stage.log("\(what) → \(result); the map ran for \(phrase(ran))")
      }
      stage.log("mapped the list; the map ran for \(phrase(evaluated.values.map(quoted)))")
      stage.step()
      show("letters.head", as: "a") { [letters.head ?? ""] }
      stage.step()
      show("letters.tail.head", as: "b") { [letters.tail.head ?? ""] }
      stage.step()
      show("letters.array", as: "ab", { letters.array }, array: true)
      stage.step()
      let prefixed = letters.map { "_" + $0 }
      show("prefixed.head", as: "p") { [prefixed.head ?? ""] }
      stage.step()
      show("letters.head", as: "a") { [letters.head ?? ""] }

      return .check(
        evaluated.values == ["A", "B"] && prefixed.head == "_A_" && letters.head == "A_"
          && letters.array == ["A_", "B_"],
        "the map ran once per element (for \(phrase(evaluated.values)), then never again); "
          + "the derived list left the source alone: its head is still \(letters.head ?? "nil"), "
          + "not \(prefixed.head ?? "nil")",
        failure: "the map ran for \(evaluated.values); prefixed head \(prefixed.head ?? "nil")")
    })
}
