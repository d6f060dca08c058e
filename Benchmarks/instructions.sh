#!/usr/bin/env bash
# Instructions per unit of each workload, counted with valgrind's callgrind: repeatable on a busy
# machine, unlike time. For each workload, runs a stripped copy of the default release
# `workload-runner` once at N and once at 2N units and prints (instructions at 2N - instructions
# at N) / N, so that what a run costs once (start-up, building the chain) cancels out.
#
#   ./instructions.sh [--cmo] [-n N] [IMPLEMENTATION] WORKLOAD…    for example: ./instructions.sh W1 W2 W3
#
# --cmo counts the cross-module-optimized build instead (every module built with
# -cross-module-optimization, in .build-cmo, as run.sh's second build).
#
# IMPLEMENTATION is RACSwift (the default), OpenCombine or closure-loop (the hand-written loop). N defaults to 100,000.
# valgrind 3.19 cannot read the toolchain's DWARF 5, hence the `strip --strip-debug` copy.
set -euo pipefail
cd "$(dirname "$0")"

scratch=.build
build_flags=()
if [[ "${1:-}" == "--cmo" ]]; then
  scratch=.build-cmo
  build_flags=(-Xswiftc -cross-module-optimization)
  shift
fi
n=100000
if [[ "${1:-}" == "-n" ]]; then
  n=$2
  shift 2
fi
implementation=RACSwift
if [[ "${1:-}" =~ ^(RACSwift|OpenCombine|closure-loop)$ ]]; then
  implementation=${1/-/ }
  shift
fi
if [[ $# -eq 0 ]]; then
  echo "usage: ./instructions.sh [--cmo] [-n N] [RACSwift|OpenCombine|closure-loop] WORKLOAD…" >&2
  exit 2
fi
command -v valgrind > /dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }

swift build -c release --scratch-path "$scratch" ${build_flags[@]+"${build_flags[@]}"} \
  --product workload-runner > /dev/null
stripped=$(mktemp "${TMPDIR:-/tmp}/workload-runner.XXXXXX")
trap 'rm -f "$stripped"' EXIT
strip --strip-debug -o "$stripped" "$scratch/release/workload-runner"

# The instructions callgrind counted for one run of WORKLOAD at COUNT units.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" "$1" "$implementation" "$2" \
    2>&1 >/dev/null | awk '/Collected :/ { print $NF }'
}

printf '%-8s %s per unit (%s, N = %d)\n' workload instructions "$implementation" "$n"
for workload in "$@"; do
  once=$(count "$workload" "$n")
  twice=$(count "$workload" $((2 * n)))
  awk -v w="$workload" -v a="$once" -v b="$twice" -v n="$n" \
    'BEGIN { printf "%-8s %.1f\n", w, (b - a) / n }'
done
