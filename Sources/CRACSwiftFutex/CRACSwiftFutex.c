// Everything is inline in include/CRACSwiftFutex.h; SwiftPM needs a source file per C target.
#include "CRACSwiftFutex.h"
