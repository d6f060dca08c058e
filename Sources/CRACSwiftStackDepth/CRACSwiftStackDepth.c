// The thread-local state and the barriers declared in include/CRACSwiftStackDepth.h.
#define _GNU_SOURCE
#include "CRACSwiftStackDepth.h"

#include <pthread.h>
#include <stdatomic.h>

#if defined(__linux__) || defined(__ANDROID__)
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/membarrier.h>)
#include <linux/membarrier.h>
#endif
#endif

_Thread_local struct cracswift_stack_state cracswift_stack = {0, 0, 0, 0, 0};

#if defined(__linux__) || defined(__ANDROID__)
_Thread_local int cracswift_main_thread_flag = 0;

int cracswift_find_main_thread(void) {
  int is_main = syscall(SYS_gettid) == getpid();
  cracswift_main_thread_flag = is_main ? 1 : -1;
  return is_main;
}
#endif

#if defined(__linux__) || defined(__ANDROID__)
#ifndef MEMBARRIER_CMD_GLOBAL
#define MEMBARRIER_CMD_GLOBAL (1 << 0)
#endif
#ifndef MEMBARRIER_CMD_PRIVATE_EXPEDITED
#define MEMBARRIER_CMD_PRIVATE_EXPEDITED (1 << 3)
#endif
#ifndef MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED
#define MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED (1 << 4)
#endif

// Which barrier this process uses: 0 not chosen yet, 1 expedited membarrier (microseconds),
// 2 global membarrier (slow: waits for every CPU to pass a scheduling point), 3 changing the
// protection of a locked page, which makes the kernel interrupt every CPU that runs a thread of
// the process to flush its view of the page (what managed runtimes do without membarrier).
static atomic_int barrier_kind = 0;
static void *barrier_page = 0;
static pthread_mutex_t barrier_lock = PTHREAD_MUTEX_INITIALIZER;

static int choose_barrier(void) {
  long commands = syscall(SYS_membarrier, 0 /* MEMBARRIER_CMD_QUERY */, 0, 0);
  if (commands > 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
      syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
    return 1;
  }
  if (commands > 0 && (commands & MEMBARRIER_CMD_GLOBAL)) return 2;
  return 3;
}

// Kind 3, and the fallback when a membarrier command stops being allowed.
static void page_protection_barrier(void) {
  long size = sysconf(_SC_PAGESIZE);
  pthread_mutex_lock(&barrier_lock);
  if (barrier_page == 0) {
    void *page = mmap(0, (size_t)size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page != MAP_FAILED) {
      mlock(page, (size_t)size);
      barrier_page = page;
    }
  }
  if (barrier_page != 0) {
    mprotect(barrier_page, (size_t)size, PROT_READ | PROT_WRITE);
    atomic_fetch_add_explicit((atomic_int *)barrier_page, 1, memory_order_seq_cst);
    mprotect(barrier_page, (size_t)size, PROT_NONE);
  }
  pthread_mutex_unlock(&barrier_lock);
}

int cracswift_process_barrier(void) {
  int kind = atomic_load_explicit(&barrier_kind, memory_order_acquire);
  if (kind == 0) {
    pthread_mutex_lock(&barrier_lock);
    kind = atomic_load_explicit(&barrier_kind, memory_order_relaxed);
    if (kind == 0) {
      kind = choose_barrier();
      atomic_store_explicit(&barrier_kind, kind, memory_order_release);
    }
    pthread_mutex_unlock(&barrier_lock);
  }
  if (kind == 1 && syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0) return 1;
  if (kind <= 2 && syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0) == 0) return 1;
  page_protection_barrier();
  return 1;
}

static void find_stack_bounds(struct cracswift_stack_state *state) {
  pthread_attr_t attributes;
  void *low = 0;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    pthread_attr_getstack(&attributes, &low, &size);
    pthread_attr_destroy(&attributes);
  }
  state->stack_low = (uintptr_t)low;
  state->stack_high = (uintptr_t)low + size;
}
#else
int cracswift_process_barrier(void) { return 0; }

static void find_stack_bounds(struct cracswift_stack_state *state) {
  pthread_t thread = pthread_self();
  uintptr_t high = (uintptr_t)pthread_get_stackaddr_np(thread);
  state->stack_high = high;
  state->stack_low = high - pthread_get_stacksize_np(thread);
}
#endif

int cracswift_stack_holds_caller_frame(uintptr_t address) {
  struct cracswift_stack_state *state = &cracswift_stack;
  if (state->stack_high == 0) find_stack_bounds(state);
  uintptr_t here = cracswift_stack_pointer();
  return address >= here && address < state->stack_high;
}
