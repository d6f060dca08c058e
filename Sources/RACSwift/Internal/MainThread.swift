import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the current thread is the process's main thread, cheaply: main-actor subscribers
/// check it for every event. (Foundation's `Thread.isMainThread` makes two system calls per
/// check on Linux; here each thread asks it once and caches the answer.)
@usableFromInline
enum MainThread {
  #if canImport(Darwin)
    @usableFromInline static var isCurrent: Bool { pthread_main_np() != 0 }
  #else
    /// Per-thread cache of the answer: 1 main, 2 other, absent not yet known.
    private static let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()

    @usableFromInline static var isCurrent: Bool {
      if let cached = pthread_getspecific(key) { return Int(bitPattern: cached) == 1 }
      let isMain = Thread.isMainThread
      pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
      return isMain
    }
  #endif
}
