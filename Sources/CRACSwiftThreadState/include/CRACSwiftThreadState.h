// Per-thread state for RACSwift's internals; not part of its API. What Swift cannot express:
// thread-local storage read in one load, and the stack pointer.
// - The stack guard (Sources/RACSwift/BoundedStack/StackGuard.swift): where the outermost guarded
//   frame of the thread is, how many guarded subscriptions are nested above it, and that frame's
//   queue of deferred work. Swift has no thread-local storage of its own; a C `_Thread_local` is
//   one load from the thread pointer.
// - Whether a thread is the process's main thread, asked for every event a main-actor hop
//   receives (Sources/RACSwift/Delivery/MainThread.swift).
#ifndef CRACSWIFT_THREAD_STATE_H
#define CRACSWIFT_THREAD_STATE_H

#include <stdint.h>
#if defined(__APPLE__)
#include <pthread.h>
#endif

/// One thread's guard state. Read and written only by the thread it belongs to.
struct cracswift_stack_state {
  /// The stack address of the thread's outermost guarded frame; 0 when none is running.
  uintptr_t base;
  /// Guarded subscriptions running above the frame (or above the deferred pass it runs).
  uintptr_t nesting;
  /// The outermost frame's queue of deferred work (a Swift value on that frame's stack).
  void *_Nullable deferred;
};

#if defined(__linux__) || defined(__ANDROID__)
// Initial-exec: the address is the thread pointer plus a constant, no function call.
extern _Thread_local struct cracswift_stack_state cracswift_stack
    __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local struct cracswift_stack_state cracswift_stack;
#endif

/// The calling thread's guard state.
static inline struct cracswift_stack_state *_Nonnull cracswift_stack_state(void) {
  return &cracswift_stack;
}

/// The stack pointer (one instruction where the architecture is known, inlined into the caller):
/// how deep the calling thread's stack is.
static inline uintptr_t cracswift_stack_pointer(void) {
#if defined(__x86_64__)
  uintptr_t pointer;
  __asm__ __volatile__("mov %%rsp, %0" : "=r"(pointer));
  return pointer;
#elif defined(__aarch64__)
  uintptr_t pointer;
  __asm__ __volatile__("mov %0, sp" : "=r"(pointer));
  return pointer;
#else
  return (uintptr_t)__builtin_frame_address(0);
#endif
}

/// Whether the calling thread is the process's main thread: nonzero if it is. On Linux the answer
/// is kept in a per-thread flag after the first question (the main thread is the one whose id is
/// the process's), so asking costs one load from the thread pointer; on Apple platforms it is
/// `pthread_main_np`. Elsewhere the answer is always 0, and callers ask the slower way.
#if defined(__linux__) || defined(__ANDROID__)
/// 1: the main thread; -1: another; 0: not asked yet.
extern _Thread_local int cracswift_main_thread_flag __attribute__((tls_model("initial-exec")));
/// Finds the answer for the calling thread and keeps it in its flag.
int cracswift_find_main_thread(void);
static inline int cracswift_is_main_thread(void) {
  int flag = cracswift_main_thread_flag;
  if (__builtin_expect(flag != 0, 1)) return flag > 0;
  return cracswift_find_main_thread();
}
#elif defined(__APPLE__)
static inline int cracswift_is_main_thread(void) { return pthread_main_np() == 1; }
#else
static inline int cracswift_is_main_thread(void) { return 0; }
#endif

#endif
