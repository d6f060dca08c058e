#!/usr/bin/env python3
"""Turns package-benchmark markdown runs (and heap-stats output) into the RACSwift results
tables: medians per unit, ratios against OpenCombine and the closure loop, PASS/MISS against the
targets of WORKLOADS.md and issue 22, one set of tables per build.

    report.py RUN.md [HEAP.txt]                                  # one build
    report.py --build NAME RUN.md HEAP.txt [--build NAME ...]    # several (run.sh: default, CMO)
"""
import re
import sys

# id: (unit, N, target ratio vs OpenCombine or None, target ratio vs closure loop or None).
# The ÷ closure loop targets are issue 22's "near the limit" ones (WORKLOADS.md), which are
# stricter than the older W1 ≤ 4.0 and W5 ≤ 2.5; they hold in every build. W10 has no
# ÷ OpenCombine target: WORKLOADS.md leaves OpenCombine out of it (no created publisher).
WORKLOADS = {
    "W1": ("source element", 1_000_000, 0.07, 2.0),
    "W1b": ("send", 1_000_000, 0.16, 1.5),
    "W2": ("send", 1_000_000, 0.08, 1.5),
    "W3": ("subscription", 200_000, 0.15, 2.0),
    "W4": ("outer event", 100_000, 0.25, None),
    "W5": ("send", 1_000_000, None, 1.5),
    "W6": ("source element", 1_000_000, 0.045, 2.5),
    "W7": ("send", 1_000_000, 0.20, None),
    "W10": ("event", 1_000_000, None, 1.5),
    "W11": ("round", 100_000, 0.33, None),
    # W12–W20 reach one per-event path each (WORKLOADS.md); W12 and W19 have no OpenCombine form.
    "W12": ("send", 1_000_000, None, None),
    "W13": ("send", 1_000_000, 0.33, None),
    "W14": ("inner", 100_000, 0.33, None),
    "W15": ("outer event", 100_000, 0.33, None),
    "W16": ("send", 1_000_000, 0.33, None),
    "W17": ("outer send", 1_000_000, 0.33, None),
    "W18": ("send", 1_000_000, 0.33, None),
    "W19": ("send", 1_000_000, None, None),
    "W20": ("round", 300_000, 0.33, None),
    "W21": ("round", 100_000, 0.33, None),
}
W8_ALLOCATIONS = 1  # per subscription (issue 22; WORKLOADS.md's table allows 3)
W8_BYTES = 160
STEADY_STATE = ["W1b", "W2", "W5", "W7"]  # 0 allocations per event expected
SCALE = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}


def parse(markdown):
    """{benchmark name: {metric: p50 value}}"""
    results, current = {}, None
    for line in markdown.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            current = heading.group(1).strip()
            results[current] = {}
            continue
        row = re.match(r"^\|\s*([^|]+?)\s*\|\s*(-?\d+)\s*\|\s*(-?\d+)\s*\|\s*(-?\d+)\s*\|", line)
        if current and row:
            metric, p50 = row.group(1), int(row.group(4))
            unit = re.search(r"\((K|M|G)\)", metric)
            name = re.sub(r"\s*\(.*?\)|\s*\*", "", metric).strip()
            results[current][name] = p50 * SCALE[unit.group(1) if unit else ""]
    return results


W9_COUNT = 10_000


def ns_per_unit9(implementation, results):
    entry = results.get(f"W9 {implementation}")
    if not entry or "Time" not in entry:
        return None
    return entry["Time"] * 1000.0 / W9_COUNT


def report(results, heap):
    """Prints one build's tables; returns (targets missed, targets not measured)."""

    def ns_per_unit(workload, library):
        entry = results.get(f"{workload} {library}")
        if not entry or "Time" not in entry:
            return None
        return entry["Time"] * 1000.0 / WORKLOADS[workload][1]  # p50 in microseconds

    # Targets without the measurements to judge them (a --filter left them out, or a benchmark
    # failed): counted apart, so a partial run never reads as "every target met".
    misses, unmeasured = 0, 0
    header = ("| workload | unit | RACSwift ns | OpenCombine ns | closure loop ns "
              "| ÷ OpenCombine (target) | ÷ closure loop (target) | result |")
    print(header)
    print("|" + "---|" * 8)
    for workload, (unit, _, vs_oc, vs_loop) in WORKLOADS.items():
        rac = ns_per_unit(workload, "RACSwift")
        oc = ns_per_unit(workload, "OpenCombine")
        loop = ns_per_unit(workload, "closure loop")
        verdicts, cells = [], []
        for other, target in ((oc, vs_oc), (loop, vs_loop)):
            if rac is None or other is None:
                cells.append("—")
                continue
            ratio = rac / other
            mark = ""
            if target is not None:
                ok = ratio <= target
                verdicts.append(ok)
                mark = f" (≤ {target})"
            cells.append(f"{ratio:.3f}{mark}")
        result = "PASS" if verdicts and all(verdicts) else ("MISS" if verdicts else "—")
        misses += result == "MISS"
        unmeasured += sum(t is not None for t in (vs_oc, vs_loop)) - len(verdicts)
        fmt = lambda v: "—" if v is None else f"{v:.1f}"
        print(f"| {workload} | {unit} | {fmt(rac)} | {fmt(oc)} | {fmt(loop)} | "
              f"{cells[0]} | {cells[1]} | {result} |")

    print()
    print("| allocations | RACSwift | target | result |")
    print("|---|---|---|---|")
    for workload in STEADY_STATE:
        entry = results.get(f"{workload} RACSwift", {})
        mallocs = entry.get("Malloc")
        if mallocs is None:
            unmeasured += 1
            continue
        per_event = mallocs / WORKLOADS[workload][1]
        ok = per_event < 0.001
        misses += not ok
        print(f"| {workload} per event (steady state) | {per_event:.4f} | 0 | "
              f"{'PASS' if ok else 'MISS'} |")
    w8 = results.get("W8 RACSwift", {})
    w8_oc = results.get("W8 OpenCombine", {})
    if "Malloc" in w8:
        per_subscription = w8["Malloc"] / 10_000
        ok = per_subscription <= W8_ALLOCATIONS + 0.001
        misses += not ok
        oc_text = f" (OpenCombine {w8_oc['Malloc'] / 10_000:.1f})" if "Malloc" in w8_oc else ""
        print(f"| W8 allocations per subscription | {per_subscription:.2f}{oc_text} "
              f"| ≤ {W8_ALLOCATIONS} | {'PASS' if ok else 'MISS'} |")
    else:
        unmeasured += 1
    if "RACSwift" in heap:
        ok = heap["RACSwift"] <= W8_BYTES
        misses += not ok
        oc_text = f" (OpenCombine {heap['OpenCombine']:.0f})" if "OpenCombine" in heap else ""
        print(f"| W8 live heap bytes per subscription | {heap['RACSwift']:.0f}{oc_text} "
              f"| ≤ {W8_BYTES} | {'PASS' if ok else 'MISS'} |")
    else:
        unmeasured += 1
    if "W1 RACSwift" in results and "Memory" in results["W1 RACSwift"]:
        print(f"| W1 peak resident memory (MB) | {results['W1 RACSwift']['Memory'] / 1e6:.0f} "
              f"| — | — |")
    command = ns_per_unit9("Command", results)
    button = ns_per_unit9("ButtonSignal", results)
    loop9 = ns_per_unit9("closure loop", results)
    if command is not None and button is not None:
        ok = button < command
        misses += not ok
        print()
        print("| W9 (ns per execution) | Command | ButtonSignal | closure loop "
              "| ButtonSignal ÷ Command (target) | result |")
        print("|---|---|---|---|---|---|")
        loop_text = "—" if loop9 is None else f"{loop9:.1f}"
        print(f"| button executions | {command:.1f} | {button:.1f} | {loop_text} | "
              f"{button / command:.3f} (< 1) | {'PASS' if ok else 'MISS'} |")
    else:
        unmeasured += 1
    return misses, unmeasured


def read_heap(path):
    heap = {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 3:
            heap[parts[1]] = float(parts[2])
    return heap


def main():
    arguments = sys.argv[1:]
    builds = []  # (name, run, heap)
    if arguments and arguments[0] == "--build":
        while arguments:
            if arguments[0] != "--build" or len(arguments) < 4:
                sys.exit("usage: report.py --build NAME RUN.md HEAP.txt [--build NAME ...]")
            builds.append((arguments[1], arguments[2], arguments[3]))
            arguments = arguments[4:]
    elif arguments:
        builds.append((None, arguments[0], arguments[1] if len(arguments) > 1 else None))
    else:
        sys.exit(__doc__)

    totals, unmeasured_total, per_build = 0, 0, []
    for name, run, heap_path in builds:
        if name is not None:
            print(f"### {name} build")
            print()
        results = parse(open(run).read())
        heap = read_heap(heap_path) if heap_path else {}
        misses, unmeasured = report(results, heap)
        totals += misses
        unmeasured_total += unmeasured
        per_build.append(f"{name} {misses}")
        print()
    summary = f"{totals} target(s) missed"
    if len(builds) > 1:
        summary += f" ({', '.join(per_build)})"
    if unmeasured_total:
        summary += f", {unmeasured_total} not measured (filtered out, or a benchmark failed)"
    print(summary)


if __name__ == "__main__":
    main()
