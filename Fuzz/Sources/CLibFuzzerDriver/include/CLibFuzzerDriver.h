#ifndef CLIBFUZZERDRIVER_H
#define CLIBFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the fuzzer runtime that `-sanitize=fuzzer` links): parses libFuzzer's
/// options in `argv` and fuzzes `callback` until a finding, `-runs` or `-max_total_time`.
/// Declared here, not defined: only the fuzzer build calls it (see Entry.swift).
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
