#!/usr/bin/env bash
# `make test`'s steps after the Swift suites: the Chromium suite in front, and beside it, one
# after the other, the Swift suites that mostly wait (TIMED_SUITES: processes killed mid-way,
# connections held past timeouts), the fuzz suites and the clean-clone check.
#
#   TIMED_SUITES='A|B' Scripts/run-suites-beside.sh
#
# Run one after the other, these steps took 8.5 minutes on two cores while the machine was
# mostly idle: the Chromium suite keeps about one core busy, the timed suites a fraction of the
# other. Side by side they take the Chromium suite's time. What runs beside is written to
# .build/test-logs/beside.log and printed once both sides have ended, so the two outputs never
# interleave; the run fails when either side did.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${TIMED_SUITES:?set TIMED_SUITES to the suites that run one test at a time}"
logs=.build/test-logs
mkdir -p "$logs"
beside_log=$logs/beside.log

(
    set -e
    time swift test --skip-build --no-parallel --filter "$TIMED_SUITES"
    time swift test --skip-build --filter PhotolalaFuzzTests
    time Scripts/check-clean-clone.sh
) >"$beside_log" 2>&1 &
beside=$!
echo "The timed suites, the fuzz suites and the clean-clone check run beside the Chromium suite: $beside_log"

time PHOTOLALA_BIN=$PWD/.build/debug/photolala python3 -m pytest Tests/e2e --durations=10
chromium=$?
wait "$beside"
beside_status=$?

echo "── beside the Chromium suite ($beside_log) ──"
cat "$beside_log"
((chromium == 0)) || echo "The Chromium suite failed (exit $chromium): see its output above the timed suites'." >&2
((beside_status == 0)) || echo "The timed suites, the fuzz suites or the clean-clone check failed (exit $beside_status): see just above." >&2
((chromium == 0 && beside_status == 0))
