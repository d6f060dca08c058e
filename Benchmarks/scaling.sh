#!/usr/bin/env bash
# Issue 35's scaling scenarios S1–S9 (README.md): builds `scaling-runner` (release), prints the
# table of ns per unit for RACSwift and OpenCombine at N = 10³ … 10⁶ (rounds interleaved), then
# the growth verdict: RACSwift's instructions per unit at 10⁵ within 1.5× of those at 10³, PASS or
# MISS per scenario. Instructions are counted with valgrind's callgrind on a `strip --strip-debug`
# copy (valgrind 3.19 cannot read DWARF 5): a run at n and one at 2n, the difference divided by
# n units, so that setup outside the scenario cancels out.
#
#   ./scaling.sh                 table and verdict
#   ./scaling.sh --verdict [S…]  the verdict only (optionally for some scenarios)
#   ./scaling.sh --table [S…]    the table only (optionally some scenarios)
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product scaling-runner
runner=.build/release/scaling-runner

mode=all
case ${1:-} in
  --verdict) mode=verdict; shift ;;
  --table) mode=table; shift ;;
esac
[[ $mode != verdict ]] && "$runner" "$@"
[[ $mode == table ]] && exit 0

command -v valgrind > /dev/null || { echo "valgrind not found: no verdict" >&2; exit 1; }
stripped=.build/scaling-runner.stripped
cp "$runner" "$stripped"
strip --strip-debug "$stripped"

# count SCENARIO N: instructions of one RACSwift pass at N (every thread), or nothing if the pass
# did not finish with its checksum
count() {
  local output
  output=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" --one "$1" RACSwift \
    "$2" < /dev/null 2>&1) || return 0
  [[ $output == *checksum* ]] || return 0
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<< "$output"
}

echo
echo "| scenario | instructions per unit, N = 10³ | N = 10⁵ | ratio | verdict |"
echo "| --- | ---: | ---: | ---: | --- |"
misses=0
while read -r id units; do
  [[ $# -gt 0 && " $* " != *" $id "* ]] && continue
  counts=$(printf '%s ' "$(count "$id" 1000)" "$(count "$id" 2000)" "$(count "$id" 100000)" \
    "$(count "$id" 200000)")
  line=$(python3 -c "
import sys
c = [int(x) for x in '$counts'.split()]
if len(c) < 4 or c[1] <= c[0] or c[3] <= c[2]:
    print('| $id | | | | MISS (a pass failed, or a count did not grow: $counts) |')
    sys.exit()
s = (c[1] - c[0]) / (1000 * $units); l = (c[3] - c[2]) / (100000 * $units); r = l / s
print(f'| $id | {s:.1f} | {l:.1f} | {r:.2f} | {\"PASS\" if r <= 1.5 else \"MISS\"} |')")
  echo "$line"
  [[ $line == *MISS* ]] && misses=$((misses + 1))
done < <("$runner" --list)
echo "$misses scenario(s) missed"
