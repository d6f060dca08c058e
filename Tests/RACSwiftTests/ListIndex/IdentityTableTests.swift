import RACSwiftTesting
import Testing

@testable import RACSwift

@Suite(
  "IdentityTable: the identity index of large lists agrees with a dictionary",
  .checksLiveSubscriptions)
struct IdentityTableTests {
  @Test("20,000 random sets, updates, look-ups and removals of 2,000 objects, through growth")
  func agreesWithADictionary() {
    let objects = (0..<2_000).map { _ in Marker() }
    var table = IdentityTable()
    var model: [ObjectIdentifier: Int] = [:]
    var random = SeededGenerator(state: 35)
    for step in 0..<20_000 {
      let key = ObjectIdentifier(objects[Int.random(in: 0..<objects.count, using: &random)])
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1:
        #expect(table.updateValue(step, forKey: key) == model.updateValue(step, forKey: key))
      case 2:
        table[key] = nil
        model[key] = nil
      default:
        #expect(table[key] == model[key])
      }
      #expect(table.count == model.count)
    }
    for object in objects {
      #expect(table[ObjectIdentifier(object)] == model[ObjectIdentifier(object)])
    }
  }

  @Test("removing every key in random order leaves an empty table that finds nothing")
  func removesEverything() {
    let objects = (0..<5_000).map { _ in Marker() }
    var table = IdentityTable(minimumCapacity: 10)
    for (position, object) in objects.enumerated() {
      table.updateValue(position, forKey: ObjectIdentifier(object))
    }
    var random = SeededGenerator(state: 7)
    for (step, object) in objects.shuffled(using: &random).enumerated() {
      table.removeValue(forKey: ObjectIdentifier(object))
      #expect(table.count == objects.count - step - 1)
    }
    #expect(objects.allSatisfy { table[ObjectIdentifier($0)] == nil })
  }
}

/// An object whose identity is a key.
private final class Marker {}
