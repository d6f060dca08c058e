#!/usr/bin/env bash
# Runs every benchmark workload for RACSwift, OpenCombine and the closure loop, then prints the
# table of medians, ratios and PASS/MISS (see README.md). Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .benchmark-output
swift build -c release --product heap-stats
swift package --allow-writing-to-package-directory benchmark \
  --format markdown --time-units microseconds "$@" > .benchmark-output/run.md
.build/release/heap-stats > .benchmark-output/heap.txt
python3 report.py .benchmark-output/run.md .benchmark-output/heap.txt
