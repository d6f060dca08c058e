// Per-thread state of RACSwift's stack guard (Sources/RACSwift/Internal/StackGuard.swift): where
// the outermost guarded frame of the thread is, how many guarded subscriptions are nested above
// it, and that frame's queue of deferred work. Swift has no thread-local storage of its own; a C
// `_Thread_local` is one load from the thread pointer. RACSwift imports this module internally;
// it is not part of its API.
#ifndef CRACSWIFT_STACK_DEPTH_H
#define CRACSWIFT_STACK_DEPTH_H

#include <stdint.h>

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

/// An address in the caller's stack frame (inlined into the caller): how deep the stack is.
static inline uintptr_t cracswift_stack_address(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

#endif
