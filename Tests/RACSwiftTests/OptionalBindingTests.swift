import Foundation
import RACSwift
import RACSwiftTesting
import Testing

/// A photo model as a RAC 2 app declared it: an optional property filled in by a download.
final class PhotoModel: BindingTargetProvider, @unchecked Sendable {
  // @unchecked: a test fixture used on one thread.
  @Observed var thumbnailData: Data?
  var caption: String?
}

@Suite("<~ binds non-optional values into optional targets (A11-05)", .checksLiveSubscriptions)
struct OptionalBindingTests {
  @Test("A11-05: $optional <~ Signal<T, Never> assigns every value, no map { Optional($0) }")
  func observedOptional() {
    let model = PhotoModel()
    let downloads = Subject<Data, Never>()
    model.$thumbnailData <~ downloads
    #expect(model.thumbnailData == nil)
    downloads.sendNext(Data([1, 2]))
    #expect(model.thumbnailData == Data([1, 2]))
    downloads.sendNext(Data([3]))
    #expect(model.thumbnailData == Data([3]))
    downloads.sendCompleted()
  }

  @Test("A11-05: a MutableProperty<T?> takes a Signal<T, Never>; the binding ends with it")
  func mutablePropertyOptional() {
    var property: MutableProperty<Int?>? = MutableProperty(nil)
    let values = Subject<Int, Never>()
    if let property { property <~ values }
    values.sendNext(4)
    #expect(property?.value == 4)
    property = nil
    values.sendNext(5)
  }

  @Test("A11-05: object.rac[\\.optional] <~ Signal<T, Never> assigns every value")
  func keyPathOptional() {
    let model = PhotoModel()
    let captions = Subject<String, Never>()
    model.rac[\.caption] <~ captions
    captions.sendNext("sunset")
    #expect(model.caption == "sunset")
    captions.sendCompleted()
  }

  @Test("a signal of optionals still binds as it is: nil is assigned")
  func optionalSignal() {
    let model = PhotoModel()
    let downloads = Subject<Data?, Never>()
    model.$thumbnailData <~ downloads
    downloads.sendNext(Data([1]))
    downloads.sendNext(nil)
    #expect(model.thumbnailData == nil)
    downloads.sendCompleted()
  }
}
