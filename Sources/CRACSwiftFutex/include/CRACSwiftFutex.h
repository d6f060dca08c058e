// The futex system call for RACSwift's contended `Lock`s (Sources/RACSwift/Internal/Lock.swift),
// Linux only: Swift cannot call the variadic C `syscall`, so these inline wrappers do. RACSwift
// imports this module internally; it is not part of its API. Elsewhere the header is empty.
#ifndef CRACSWIFT_FUTEX_H
#define CRACSWIFT_FUTEX_H

#if defined(__linux__)
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/futex.h>)
#include <linux/futex.h>
#else
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129
#endif

/// Sleeps while `*word == expected`, until a wake-up on `word`. May also return early (a signal,
/// or a wake-up meant for an earlier use of the same address): callers check `*word` again.
static inline void cracswift_futex_wait(uint32_t *word, uint32_t expected) {
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, (void *)0, (void *)0, 0);
}

/// Wakes one thread sleeping in `cracswift_futex_wait` on `word`, if there is one.
static inline void cracswift_futex_wake_one(uint32_t *word) {
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, (void *)0, (void *)0, 0);
}

/// Atomic loads and stores of a futex word: plain memory its owner allocated, read and written
/// only through these (and the kernel).
static inline uint32_t cracswift_load_acquire(const uint32_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void cracswift_store_release(uint32_t *word, uint32_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}
#endif

#endif
