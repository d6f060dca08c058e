#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// An identifier of the calling thread, distinct from every other running thread's: the address
/// of the thread's control block (`pthread_self()`), which is at least 8-byte aligned, so the
/// three low bits are always 0 (``HandlerFence`` keeps flags there).
///
/// Cost: one call that reads the thread pointer; no system call.
@inlinable @inline(__always)
func currentThreadIdentity() -> UInt {
  #if canImport(Glibc)
    return UInt(pthread_self())
  #elseif canImport(Android)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(bitPattern: pthread_self())
  #endif
}
