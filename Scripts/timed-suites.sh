#!/usr/bin/env bash
# Prints the Swift suites tagged `.timed` (Tests/PhotolalaTestSupport/Tag+Timed.swift) as the
# `A|B|C` filter that `make test` runs one test at a time, after the other suites. The tag sits
# beside each suite, so a renamed suite keeps its place. Fails when no suite is tagged.
set -euo pipefail
cd "$(dirname "$0")/.."
names=$(grep -rh -A1 --include='*.swift' -E '^@Suite\(.*\.tags\(.*\.timed' Tests |
    grep -oE '^(@Suite\(.*\) )?(final class|struct|actor) [A-Za-z0-9_]+' | awk '{print $NF}' | sort -u | paste -sd'|')
if [[ -z $names ]]; then
    echo "timed-suites: no suite is tagged .timed" >&2
    exit 1
fi
echo "$names"
