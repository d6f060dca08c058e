import Foundation

extension NotificationCenter {
  /// A cold signal of the notifications named `name` (any name if `nil`) from `object` (any
  /// object if `nil`): each subscription adds an observer and disposal removes it (RAC's
  /// `rac_addObserverForName:object:`). It never completes; `object` is not retained.
  ///
  /// ```swift
  /// NotificationCenter.default.signal(forName: .reachabilityChanged)
  ///   .map { ($0.object as? Reachability)?.isReachable ?? false }
  /// ```
  public func signal(
    forName name: Notification.Name?, object: AnyObject? = nil
  ) -> Signal<Notification, Never> {
    let center = self
    let sender = WeakReference<AnyObject>(object)
    let filtersObject = object != nil
    return Signal<Notification, Never> { subscriber in
      // An observed object that went away can post no more: observe nothing.
      if filtersObject && sender.object == nil { return nil }
      let token = ObserverToken(
        center.addObserver(forName: name, object: sender.object, queue: nil) { notification in
          subscriber.sendNext(notification)
        })
      return AnyDisposable { center.removeObserver(token.value) }
    }.setName("+notifications: \(name?.rawValue ?? "any")")
  }
}

/// A NotificationCenter observer token, kept only to be removed.
final class ObserverToken {
  // Lock discipline: immutable; only handed back to NotificationCenter, which is thread-safe.
  let value: any NSObjectProtocol
  init(_ value: any NSObjectProtocol) { self.value = value }
}
