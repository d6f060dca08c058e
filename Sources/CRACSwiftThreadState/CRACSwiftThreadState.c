// The thread-local state declared in include/CRACSwiftThreadState.h.
#define _GNU_SOURCE
#include "CRACSwiftThreadState.h"

#if defined(__linux__) || defined(__ANDROID__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

_Thread_local struct cracswift_stack_state cracswift_stack = {0, 0, 0};

#if defined(__linux__) || defined(__ANDROID__)
_Thread_local int cracswift_main_thread_flag = 0;

int cracswift_find_main_thread(void) {
  int is_main = syscall(SYS_gettid) == getpid();
  cracswift_main_thread_flag = is_main ? 1 : -1;
  return is_main;
}
#endif
