// The thread-local state declared in include/CRACSwiftStackDepth.h.
#include "CRACSwiftStackDepth.h"

_Thread_local struct cracswift_stack_state cracswift_stack = {0, 0, 0};
