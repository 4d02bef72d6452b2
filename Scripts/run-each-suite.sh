#!/usr/bin/env bash
# Runs every Swift test suite alone, one after another, as `make test` built them: a suite whose
# tests pass only beside others (or only under load) fails here. With --stress, `stress` keeps
# every core busy meanwhile (Debian's `stress` package), for the suites that pass only when idle;
# cores, not the disk (`--io` syncs in a loop, and the S3 suites then take four times as long).
# SUITES_FROM=NAME starts at that suite, to finish a run that was stopped.
# Prints each suite's result and time, then the failed ones; fails when one did.
#
#   make test && Scripts/run-each-suite.sh && Scripts/run-each-suite.sh --stress
set -euo pipefail
cd "$(dirname "$0")/.."
export PHOTOLALA_REQUIRE_TEST_SERVERS=1
# The fuzz suites run for their time whatever it is: a short one is enough to see them run alone.
export PHOTOLALA_FUZZ_SECONDS=${PHOTOLALA_FUZZ_SECONDS:-5}
if [[ ${1:-} == --stress ]]; then
    command -v stress >/dev/null || { echo "run-each-suite: --stress needs stress (apt install stress)" >&2; exit 1; }
    stress --cpu "$(nproc)" >/dev/null 2>&1 &
    trap 'kill $! 2>/dev/null' EXIT
fi
suites=$(swift test list --skip-build 2>/dev/null | sed -E 's|/.*||' | sort -u | awk -v from="${SUITES_FROM:-}" '$0 >= from')
[[ -n $suites ]] || { echo "run-each-suite: no suites listed; run make test first" >&2; exit 1; }
failed=()
for suite in $suites; do
    started=$SECONDS
    if swift test --skip-build --filter "^${suite//./\\.}/" >"${TMPDIR:-/tmp}/run-each-suite.log" 2>&1; then
        echo "passed $suite ($((SECONDS - started)) s)"
    else
        echo "FAILED $suite ($((SECONDS - started)) s)"
        grep -E '✘|error:' "${TMPDIR:-/tmp}/run-each-suite.log" | head -20
        failed+=("$suite")
    fi
done
if ((${#failed[@]})); then
    echo "run-each-suite: ${#failed[@]} failed: ${failed[*]}" >&2
    exit 1
fi
echo "run-each-suite: every suite passed alone"
