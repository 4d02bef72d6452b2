#!/usr/bin/env bash
# `make test`'s last step: fails when a process the run started outlived it (a SeaweedFS or moto
# server, a `photolala serve`, a browser).
#
#   env -u PHOTOLALA_TEST_RUN Scripts/check-test-processes.sh TOKEN
#
# `make test` exports PHOTOLALA_TEST_RUN=TOKEN, a value of its own that every process it starts
# inherits, whoever started it and however it was started; this script, run without it, looks
# for it in the environment of every process but its own ancestors (make and its shells), so
# processes of other runs on the same machine are never taken for this one's. Servers are
# given 15 seconds to go (their watchdogs poll twice a second); what is still there is listed,
# then killed by pid so that it does not hold ports and folders until the next run.
set -euo pipefail

token=${1:?usage: env -u PHOTOLALA_TEST_RUN Scripts/check-test-processes.sh TOKEN}
if [[ ! -r /proc/self/environ ]]; then
    echo "note: no /proc here, so processes left by the tests are not looked for." >&2
    exit 0
fi

# This script's ancestors carry the token: they are the run itself.
ancestors=" "
pid=$$
while [[ $pid -gt 1 ]]; do
    ancestors+="$pid "
    stat=$(< "/proc/$pid/stat") || break
    # Fields after the command name, which may hold spaces: state, then the parent's pid.
    read -r _ pid _ <<< "${stat##*) }"
done

leftovers() {
    local dir
    for dir in /proc/[0-9]*; do
        [[ $ancestors == *" ${dir#/proc/} "* ]] && continue
        grep -qzx "PHOTOLALA_TEST_RUN=$token" "$dir/environ" 2>/dev/null && echo "${dir#/proc/}"
    done
    return 0
}

for _ in $(seq 30); do
    found=$(leftovers)
    [[ -z $found ]] && exit 0
    sleep 0.5
done
echo "error: these processes started by the tests outlived them (killed now):" >&2
for pid in $found; do
    ps -o pid=,ppid=,args= -p "$pid" >&2 || true
    kill -KILL "$pid" 2>/dev/null || true
done
exit 1
