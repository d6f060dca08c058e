#include <stddef.h>

/// Bytes currently allocated on the heap (glibc's mallinfo2().uordblks), or 0 where unknown.
size_t cheapstats_allocated_bytes(void);
