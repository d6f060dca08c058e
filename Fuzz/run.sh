#!/usr/bin/env bash
# Builds the marble-notation fuzzer with libFuzzer and the address sanitizer, and runs it on a
# copy of the seed corpus (README.md). Fails on any finding: a trap, a failed check of the oracle,
# a memory error, a leak, an input slower than 10 s, a process over 2 GB or an allocation over
# 512 MB.
#
#   Fuzz/run.sh [RUNS] [libFuzzer options…]
#
# RUNS: how many inputs to run (default: $FUZZ_RUNS, else 1000000). More libFuzzer options may
# follow (`-seed=1`, `-max_total_time=60`); they come after ours, so they win.
# --update-corpus (first argument): afterwards, merge the inputs that found new coverage into
# corpus/marbles; by default nothing is written into the repository.
# FUZZ_MAX_LEN (default 4096): the longest input, in bytes.
# The build is in Fuzz/.build-fuzz (ignored by git); a finding is kept in the folder printed.
set -euo pipefail
cd "$(dirname "$0")"

update_corpus=false
if [[ "${1:-}" == "--update-corpus" ]]; then
  update_corpus=true
  shift
fi
runs="${FUZZ_RUNS:-1000000}"
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  runs="$1"
  shift
fi
max_len="${FUZZ_MAX_LEN:-4096}"

now() { date +%s.%N; }
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.1f", to - from }'; }

build=(swift build --scratch-path .build-fuzz -c release
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER)
echo "==> ${build[*]}"
build_start=$(now)
"${build[@]}"
echo "build: $(seconds "$build_start" "$(now)") s"

work=$(mktemp -d "${TMPDIR:-/tmp}/marble-fuzz.XXXXXX")
mkdir "$work/corpus" "$work/findings"
cp corpus/marbles/* "$work/corpus/"

# Allocation stacks two frames deep: ASan's stack collection on every allocation is most of the
# run's time at the default depth (30); rerun a finding with ASAN_OPTIONS=malloc_context_size=30
# for full allocation stacks.
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=2}"
# Swift's own crash backtracer off: libFuzzer prints the stack of a trap, and the backtracer's
# reads of the crashed thread's stack are themselves reported by the address sanitizer.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
# A 4096-byte input takes up to 2 s on a busy 2-core machine, and one such machine once stalled
# a 46 ms input for 6 s (RESULTS.md): 10 s is a hang.
fuzzer=(.build-fuzz/release/MarbleParserFuzzer "$work/corpus"
  -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512
  -dict=marbles.dict -artifact_prefix="$work/findings/" -print_final_stats=1 "$@")
echo "==> ASAN_OPTIONS=$ASAN_OPTIONS SWIFT_BACKTRACE=$SWIFT_BACKTRACE ${fuzzer[*]}"
fuzz_start=$(now)
set +e
"${fuzzer[@]}" > "$work/fuzz.log" 2>&1
status=$?
set -e
elapsed=$(seconds "$fuzz_start" "$(now)")

# The log without the coverage progress lines and libFuzzer's dictionary suggestions: on a
# finding, its start (the failed check or the error, and the stack), else its end (the stats).
log() {
  grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)' "$work/fuzz.log" \
    | awk '/^###### Recommended dictionary/ { skip = 1 }
        !skip { print }
        /^###### End of/ { skip = 0 }'
}
if [[ $status -ne 0 ]]; then
  log | head -n 60
  if (($(log | wc -l) > 60)); then
    echo "…"
    log | grep -E '^(MS:|0x|artifact_prefix|Base64|stat::)' | cut -c 1-300
  fi
else
  log | tail -n 12
fi
executed=$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$work/fuzz.log")
speed=$(awk '/^stat::average_exec_per_sec:/ { print $2 }' "$work/fuzz.log")
last=$(grep -E '^#[0-9]+' "$work/fuzz.log" | tail -n 1 || true)
echo
echo "executed: ${executed:-?} inputs in $elapsed s (${speed:-?} exec/s)"
echo "at the end: ${last:-?}"
echo "corpus: $(find "$work/corpus" -type f | wc -l) files"

if [[ $status -ne 0 ]]; then
  if [[ -n "$(ls -A "$work/findings")" ]]; then
    echo "FINDING (libFuzzer exit status $status): the input, log and corpus are in $work" >&2
    ls -l "$work/findings" >&2
    echo "replay: $PWD/.build-fuzz/release/MarbleParserFuzzer $work/findings/<file>" >&2
  else
    echo "libFuzzer stopped with status $status and saved no input: see $work/fuzz.log" >&2
  fi
  exit 1
fi
if $update_corpus; then
  .build-fuzz/release/MarbleParserFuzzer -merge=1 -max_len="$max_len" corpus/marbles \
    "$work/corpus" > "$work/merge.log" 2>&1
  echo "merged into corpus/marbles: $(find corpus/marbles -type f | wc -l) files"
fi
rm -rf "$work"
echo "no findings"
