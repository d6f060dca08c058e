#!/usr/bin/env bash
# CI's check that the benchmarks build and agree: builds the benchmark package and runs every
# workload once with a tiny N, comparing checksums. No timing assertions.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product smoke
swift build -c release --product scaling-runner
swift build -c release --product RACSwiftBenchmarks
.build/release/smoke
# The scaling scenarios once each at a tiny N, checksums compared.
.build/release/scaling-runner --smoke
