// A declaration only (include/CLibFuzzerDriver.h); SwiftPM wants a source file in a C target.
#include "CLibFuzzerDriver.h"
