#include <stdlib.h>
#include "CHeapStats.h"
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
size_t cheapstats_allocated_bytes(void) { return mallinfo2().uordblks; }
#else
size_t cheapstats_allocated_bytes(void) { return 0; }
#endif
