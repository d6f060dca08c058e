#!/usr/bin/env bash
# Issue 35's scaling scenarios S1–S8 (README.md): builds `scaling-runner` (release), prints the
# table of ns per unit for RACSwift and OpenCombine at N = 10³ … 10⁶ (rounds interleaved), then
# the growth verdict: RACSwift's instructions per unit at 10⁵ within 1.5× of those at 10³, PASS or
# MISS per scenario. Instructions are counted with valgrind's callgrind on a `strip --strip-debug`
# copy (valgrind 3.19 cannot read DWARF 5): a run at n and one at 2n, the difference divided by
# n units, so that setup outside the scenario cancels out.
#
#   ./scaling.sh                 table and verdict
#   ./scaling.sh --verdict       the verdict only
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

# count SCENARIO N: instructions of one RACSwift pass at N
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" --one "$1" RACSwift "$2" \
    < /dev/null 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo
echo "| scenario | instructions per unit, N = 10³ | N = 10⁵ | ratio | verdict |"
echo "| --- | ---: | ---: | ---: | --- |"
misses=0
while read -r id units; do
  small=$(( $(count "$id" 2000) - $(count "$id" 1000) ))
  large=$(( $(count "$id" 200000) - $(count "$id" 100000) ))
  line=$(python3 -c "
s = $small / (1000 * $units); l = $large / (100000 * $units); r = l / s
print(f'| $id | {s:.1f} | {l:.1f} | {r:.2f} | {\"PASS\" if r <= 1.5 else \"MISS\"} |')")
  echo "$line"
  [[ $line == *MISS* ]] && misses=$((misses + 1))
done < <("$runner" --list)
echo "$misses scenario(s) missed"
