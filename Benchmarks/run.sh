#!/usr/bin/env bash
# Runs every benchmark workload for RACSwift, OpenCombine and the closure loop in two builds —
# the default release build, then every module (OpenCombine, RACSwift, the workloads, the
# benchmark tool) built with cross-module optimization — and prints the tables of medians,
# ratios and PASS/MISS for each (see README.md). Takes several minutes per build.
#
# Arguments go to package-benchmark in both builds (`./run.sh --filter 'W10 .*'`).
# The builds keep apart: the default one in .build, the optimized one in .build-cmo.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .benchmark-output

# measure NAME SCRATCH-PATH [BUILD OPTION…] -- [BENCHMARK ARGUMENT…]
measure() {
  local name=$1 scratch=$2
  shift 2
  local build=()
  while [[ $# -gt 0 && $1 != -- ]]; do
    build+=("$1")
    shift
  done
  shift
  echo "==> $name build ($scratch${build[*]:+, ${build[*]}})" >&2
  swift build -c release --scratch-path "$scratch" "${build[@]}" --product heap-stats
  # `swift package` applies its build options to every build a command plugin asks for, so
  # package-benchmark's build of the benchmark target and of everything it depends on gets them.
  swift package --scratch-path "$scratch" "${build[@]}" --allow-writing-to-package-directory \
    benchmark --format markdown --time-units microseconds "$@" > ".benchmark-output/run-$name.md"
  "$scratch/release/heap-stats" > ".benchmark-output/heap-$name.txt"
}

measure default .build -- "$@"
measure cmo .build-cmo -Xswiftc -cross-module-optimization -- "$@"

python3 report.py \
  --build default .benchmark-output/run-default.md .benchmark-output/heap-default.txt \
  --build cross-module-optimized .benchmark-output/run-cmo.md .benchmark-output/heap-cmo.txt

# Issue 35's scaling scenarios: ns per unit at N = 10³ … 10⁶ beside OpenCombine, and the
# instruction-count growth verdict (default build).
./scaling.sh
